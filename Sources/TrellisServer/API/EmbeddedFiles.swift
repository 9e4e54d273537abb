// The files the binary serves without reading the disk: compiled in at build time from
// openapi.yaml and playground/ (Package.swift, `embedInCode`), so git holds one copy of each.

/// The OpenAPI document the server answers on GET /openapi.yaml.
public enum OpenAPIDocument {
    public static let bytes: [UInt8] = PackageResources.openapi_yaml
    public static let yaml = String(decoding: bytes, as: UTF8.self)
    /// Served with an ETag, gzipped once.
    static let file = StaticFile(contentType: "application/yaml", bytes: bytes)
}

/// The playground (GET / and GET /playground/FILE).
enum PlaygroundAssets {
    struct Asset {
        let name: String
        let contentType: String
        let bytes: [UInt8]
    }

    static let all: [Asset] = [
        Asset(name: "index.html", contentType: "text/html; charset=utf-8", bytes: PackageResources.index_html),
        Asset(name: "app.js", contentType: "text/javascript; charset=utf-8", bytes: PackageResources.app_js),
        Asset(name: "examples.js", contentType: "text/javascript; charset=utf-8", bytes: PackageResources.examples_js),
        Asset(name: "model.js", contentType: "text/javascript; charset=utf-8", bytes: PackageResources.model_js),
        Asset(name: "panels.js", contentType: "text/javascript; charset=utf-8", bytes: PackageResources.panels_js),
        Asset(name: "logmode.js", contentType: "text/javascript; charset=utf-8", bytes: PackageResources.logmode_js),
        Asset(name: "api.js", contentType: "text/javascript; charset=utf-8", bytes: PackageResources.api_js),
        Asset(name: "trellis.js", contentType: "text/javascript; charset=utf-8", bytes: PackageResources.trellis_js),
        Asset(name: "style.css", contentType: "text/css; charset=utf-8", bytes: PackageResources.style_css),
    ]

    /// The file served at `/playground/NAME` (`index.html` is the page at `/`).
    static func asset(named name: String) -> Asset? { all.first { $0.name == name } }

    /// The same, ready to serve (ETag, gzip once).
    static func file(named name: String) -> StaticFile? {
        guard let index = all.firstIndex(where: { $0.name == name }) else { return nil }
        return files[index]
    }

    static let files: [StaticFile] = all.map { StaticFile(contentType: $0.contentType, bytes: $0.bytes) }
}
