import Foundation
import Testing
@testable import TrellisServer

/// `GET /docs` renders the spec the binary carries; the route table and the spec's paths
/// list the same routes.
@Suite struct APIPageTests {
    static let spec = MiniYAML.parse(OpenAPIDocument.yaml)

    @Test func theRouteTableAndTheSpecListTheSamePaths() throws {
        let spec = try #require(Self.spec)
        let paths = Set((spec["paths"]?.members ?? []).map(\.0))
        let routes = Set(Route.allCases.filter { $0 != .unmatched }.map(\.template))
        #expect(paths == routes, "only in the spec: \(paths.subtracting(routes).sorted()); only routed: \(routes.subtracting(paths).sorted())")
        // And each endpoint's method is documented on its path.
        for endpoint in Endpoint.allCases {
            #expect(spec["paths"]?[endpoint.route.template]?[endpoint.method.lowercased()] != nil, "\(endpoint)")
        }
    }

    @Test func thePageShowsEveryOperationAndSchema() throws {
        let spec = try #require(Self.spec)
        let html = String(decoding: APIPage.file.bytes, as: UTF8.self)
        #expect(html.hasPrefix("<!doctype html>"))
        #expect(!html.contains("src=\"http") && !html.contains("href=\"http"), "no external assets")
        for (path, item) in spec["paths"]?.members ?? [] {
            for (method, _) in item.members where method != "parameters" {
                #expect(html.contains("\(method.uppercased())</span> <code>\(APIPage.escape(path))</code>"), "\(method) \(path)")
            }
        }
        let schemas = spec["components"]?["schemas"]?.members ?? []
        #expect(schemas.count > 30)
        for (name, _) in schemas { #expect(html.contains("<h3>\(name)</h3>"), "\(name)") }
        // The edits examples are shown as JSON.
        #expect(html.contains("{&quot;op&quot;: &quot;setFrame&quot;, &quot;view&quot;: &quot;root&quot;"))
    }

    @Test func blockScalarsFlowsAndQuotesRead() throws {
        let text = """
        a: |
          one
          two
        b: >-
          folded
          line
        c: [x, 'y z', {k: v}]
        d:
          - e: 1
            f: "q: r"
          - plain # comment
        '201': ok
        """
        let root = try #require(MiniYAML.parse(text))
        #expect(root["a"]?.string == "one\ntwo\n")
        #expect(root["b"]?.string == "folded line")
        #expect(root["c"]?.items.count == 3 && root["c"]?.items[1].string == "y z" && root["c"]?.items[2]["k"]?.string == "v")
        #expect(root["d"]?.items.first?["f"]?.string == "q: r" && root["d"]?.items.last?.string == "plain")
        #expect(root["201"]?.string == "ok")
    }
}
