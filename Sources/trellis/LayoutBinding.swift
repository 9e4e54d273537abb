import TrellisServer

// The one place that picks the layout engine behind the HTTP API and `trellis solve`:
// the Layout module's live engine, with the operator's limits from `config`.
func makeLayoutService(config: ServerConfig) -> LayoutEngineService {
    LayoutEngineService(config: config)
}
