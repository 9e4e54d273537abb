import TrellisServer

// The one place that picks the layout engine behind the HTTP API. When the Layout
// module's reader, compiler and live engine exist, this returns the LayoutService built
// on them (given the limits in `config`).
func makeLayoutService(config: ServerConfig) -> some LayoutService {
    UnavailableLayoutService()
}
