import TestSupport
import Foundation
import Testing
import TrellisServer

/// The real server with the real layout engine (LayoutEngineService on the Layout
/// module), over loopback sockets: the answers of docs/api.md §3, §4 and §5.
@Suite struct EngineEndToEndTests {
    static func withEngine(_ edit: (inout ServerConfig) -> Void = { _ in },
                           _ body: (LiveServer<LayoutEngineService>, TestHTTPClient) throws -> Void) throws {
        var config = ServerConfig()
        edit(&config)
        let live = try LiveServer(LayoutEngineService(config: config), edit)
        defer { live.stop() }
        try body(live, try live.client())
    }

    static func object(_ r: TestHTTPClient.Response) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(r.body)) as? [String: Any], "\(r.text)")
    }

    static func frame(_ answer: [String: Any], _ id: String) -> [String: Double]? {
        (answer["frames"] as? [String: Any])?[id] as? [String: Double]
    }

    static let card = #"""
    {"views": [
      {"id": "root", "frame": {"x": 0, "y": 0, "width": 375, "height": 667}},
      {"id": "card", "superview": "root"},
      {"id": "title", "superview": "card", "intrinsicSize": {"width": 120, "height": 21}}
    ],
    "constraints": [
      {"view": "card", "attributes": "edges", "to": "superview", "inset": 20},
      {"view": "title", "attributes": ["top", "leading"], "to": "card", "offset": 12},
      "title.width == 200"
    ]}
    """#

    @Test func oneShotSolve() throws {
        try Self.withEngine { live, c in
            let r = try c.postJSON("/v1/layouts", Self.card)
            #expect(r.status == 200, "\(r.text)")
            #expect(r.header("Content-Type") == "application/json")
            let answer = try Self.object(r)
            #expect(answer["revision"] == nil)
            #expect(Self.frame(answer, "card") == ["x": 20, "y": 20, "width": 335, "height": 627])
            #expect(Self.frame(answer, "title") == ["x": 12, "y": 12, "width": 200, "height": 21])
            #expect((answer["stats"] as? [String: Any])?["views"] as? Int == 3)
            let root = try Self.object(try c.postJSON("/v1/layouts?space=root", Self.card))
            #expect(Self.frame(root, "title") == ["x": 32, "y": 32, "width": 200, "height": 21])

            let metrics = try c.exchange("GET", "/metrics").text
            #expect(try sample(metrics, "trellis_solve_duration_seconds_count") == 2)
        }
    }

    @Test func strictUnsatisfiableProblemCarriesTheDiagnostic() throws {
        try Self.withEngine { _, c in
            let body = #"""
            {"strict": true,
             "views": [{"id": "root", "frame": {"x": 0, "y": 0, "width": 400, "height": 400}},
                       {"id": "a", "superview": "root"}],
             "constraints": [{"view": "a", "attributes": "width", "to": 300, "label": "narrow"},
                             {"view": "a", "attributes": "width", "to": 500, "source": {"file": "Card.swift", "line": 40}}]}
            """#
            let r = try c.postJSON("/v1/layouts", body)
            #expect(r.status == 422, "\(r.text)")
            #expect(r.header("Content-Type") == "application/problem+json")
            let problem = try Self.object(r)
            let errors = try #require(problem["errors"] as? [[String: Any]])
            try #require(errors.count == 1)
            let error = errors[0]
            #expect(error["code"] as? String == "unsatisfiable")
            let constraints = try #require(error["constraints"] as? [[String: Any]], "\(r.text)")
            #expect(constraints.map { $0["id"] as? String } == ["c1", "c2"])
            #expect(constraints.map { $0["attribute"] as? String } == ["width", "width"])
            #expect(constraints.map { $0["description"] as? String } == ["a.width == 300", "a.width == 500"])
            #expect(constraints[0]["label"] as? String == "narrow")
            #expect(constraints[1]["label"] is NSNull)
            let source = constraints[1]["source"] as? [String: Any]
            #expect(source?["file"] as? String == "Card.swift" && source?["line"] as? Int == 40)
            #expect((constraints[1]["location"] as? [String: Any])?["pointer"] as? String == "/constraints/1")
            let broken = try #require(error["broken"] as? [[String: Any]])
            #expect(broken.map { $0["id"] as? String } == ["c2"])
            #expect(broken.map { $0["attribute"] as? String } == ["width"])
        }
    }

    @Test func everyErrorIsListedWithItsLocation() throws {
        try Self.withEngine { _, c in
            let body = "{\"views\": [{\"id\": \"a\", \"frame\": 3}],\n \"constraints\": [\"a.top == superview.top +\", {\"view\": \"a\", \"attributes\": \"top\"}]}"
            let r = try c.postJSON("/v1/layouts", body)
            #expect(r.status == 422)
            #expect(r.header("Content-Type") == "application/problem+json")
            let problem = try Self.object(r)
            let errors = try #require(problem["errors"] as? [[String: Any]])
            #expect(errors.map { $0["code"] as? String } == ["wrong-type", "expression-syntax", "missing-target"])
            let locations = errors.map { $0["location"] as? [String: Any] }
            #expect(locations[0]?["pointer"] as? String == "/views/0/frame")
            #expect(locations[0]?["line"] as? Int == 1)
            #expect(locations[1]?["pointer"] as? String == "/constraints/0")
            #expect(locations[1]?["line"] as? Int == 2)
            #expect(locations[1]?["exprColumn"] as? Int == 25, "the end of the expression")
            #expect(errors.allSatisfy { ($0["message"] as? String)?.isEmpty == false && $0["severity"] as? String == "error" })

            let malformed = try c.postJSON("/v1/layouts", "{\"views\": [}")
            #expect(malformed.status == 400)
            #expect(malformed.text.contains(#""code":"invalid-json""#))
            #expect(malformed.text.contains(#""location":{"pointer":"#))

            let unknown = try c.postJSON("/v1/layouts", #"{"views": [{"id": "a"}], "constraints": ["a.top == ghost.top"]}"#)
            #expect(unknown.status == 422)
            #expect(unknown.text.contains(#""code":"unknown-view""#))
        }
    }

    @Test func limitsAre413() throws {
        try Self.withEngine({ $0.maxViewsPerLayout = 3; $0.maxConstraintsPerLayout = 3 }) { _, c in
            #expect(try c.postJSON("/v1/layouts", Self.card).status == 200)
            let views = try c.postJSON("/v1/layouts", #"{"views": [{"id": "a"}, {"id": "b"}, {"id": "c"}, {"id": "d"}]}"#)
            #expect(views.status == 413)
            #expect(views.text.contains(#""code":"too-large""#))
            let constraints = try c.postJSON("/v1/layouts",
                #"{"views": [{"id": "a"}], "constraints": ["a.width == 1", "a.height == 1", "a.top == 0", "a.left == 0"]}"#)
            #expect(constraints.status == 413)

            let created = try c.postJSON("/v1/sessions", Self.card)
            let location = try #require(created.header("Location"))
            let grow = try c.postJSON(location + "/edits", #"{"ops": [{"op": "addViews", "views": [{"id": "x", "superview": "root"}]}]}"#)
            #expect(grow.status == 413)
            #expect(try Self.object(try c.exchange("GET", location))["revision"] as? Int == 1)
        }
    }

    /// Edits are read before the session is looked at: a body that is no edits batch is
    /// 422 for a live session (which stays as it was) and 404 for an unknown one.
    @Test func badEditsBodies() throws {
        try Self.withEngine { _, c in
            let location = try #require(try c.postJSON("/v1/sessions", Self.card).header("Location"))
            let bad = #"{"ops": [{"op": "update", "view": "title", "constraints": ["title.width == "]}]}"#
            let refused = try c.postJSON(location + "/edits", bad)
            #expect(refused.status == 422, "\(refused.text)")
            #expect(refused.header("Content-Type") == "application/problem+json")
            #expect(refused.text.contains("expression-syntax"))
            #expect(try Self.object(try c.exchange("GET", location))["revision"] as? Int == 1)
            let unknown = try c.postJSON("/v1/sessions/0123456789abcdef0123456789abcdef/edits", bad)
            #expect(unknown.status == 404, "\(unknown.text)")
            let notJSON = try c.postJSON("/v1/sessions/0123456789abcdef0123456789abcdef/edits", "{")
            #expect(notJSON.status == 404, "\(notJSON.text)")
        }
    }

    @Test func sessionLifecycleWithHotEdits() throws {
        try Self.withEngine { live, c in
            let created = try c.postJSON("/v1/sessions", Self.card)
            #expect(created.status == 201, "\(created.text)")
            let location = try #require(created.header("Location"))
            let id = String(location.dropFirst("/v1/sessions/".count))
            let first = try Self.object(created)
            #expect(first["id"] as? String == id)
            #expect(first["revision"] as? Int == 1)

            // update: one constant, SnapKit updateConstraints.
            let updated = try c.postJSON(location + "/edits",
                #"{"ops": [{"op": "update", "view": "title", "constraints": ["title.width == 150"]}]}"#)
            #expect(updated.status == 200, "\(updated.text)")
            let u = try Self.object(updated)
            #expect(u["revision"] as? Int == 2)
            #expect(Self.frame(u, "title")?["width"] == 150)

            // setFrame: the window resizes.
            let resized = try c.postJSON(location + "/edits",
                #"{"ifRevision": 2, "ops": [{"op": "setFrame", "view": "root", "frame": {"x": 0, "y": 0, "width": 320, "height": 480}}]}"#)
            let s = try Self.object(resized)
            #expect(s["revision"] as? Int == 3)
            #expect(Self.frame(s, "card") == ["x": 20, "y": 20, "width": 280, "height": 440])

            // Refusals change nothing.
            let stale = try c.postJSON(location + "/edits", #"{"ifRevision": 2, "ops": [{"op": "remove", "view": "title"}]}"#)
            #expect(stale.status == 409)
            #expect(stale.text.contains(#""code":"revision-mismatch""#))
            let bad = try c.postJSON(location + "/edits",
                #"{"ops": [{"op": "setFrame", "view": "root", "frame": {"x": 0, "y": 0, "width": 1, "height": 1}}, {"op": "make", "view": "title", "constraints": ["title.top == ghost.top"]}]}"#)
            #expect(bad.status == 422)
            #expect(bad.text.contains(#""code":"unknown-view""#))
            let miss = try c.postJSON(location + "/edits",
                #"{"ops": [{"op": "update", "view": "title", "constraints": ["title.height == 9"]}]}"#)
            #expect(miss.status == 422)
            #expect(miss.text.contains(#""code":"no-matching-constraint""#))
            let empty = try Self.object(try c.postJSON(location + "/edits", #"{"ops": []}"#))
            #expect(empty["revision"] as? Int == 3)

            let read = try c.exchange("GET", location)
            #expect(read.status == 200)
            let r = try Self.object(read)
            #expect(r["id"] as? String == id)
            #expect(r["revision"] as? Int == 3)
            #expect(Self.frame(r, "card") == ["x": 20, "y": 20, "width": 280, "height": 440])
            let document = try #require(r["document"] as? [String: Any])
            #expect((document["views"] as? [Any])?.count == 3)
            let constraints = try #require(document["constraints"] as? [[String: Any]])
            #expect(constraints.allSatisfy { $0["id"] is String })

            #expect(try c.exchange("DELETE", location).status == 204)
            #expect(try c.exchange("GET", location).status == 404)
            #expect(live.app.store.count == 0)
        }
    }

    @Test func concurrentSessionsFromManyConnectionsMatchSerialEdits() throws {
        try Self.withEngine { live, c in
            let sessions = 4, connections = 4, rounds = 5
            var locations: [String] = []
            for _ in 0..<sessions { locations.append(try #require(try c.postJSON("/v1/sessions", Self.card).header("Location"))) }
            let shared = locations
            let failures = postEditsConcurrently(port: live.port, connections: connections, rounds: rounds, perRound: sessions) { t, r, s in
                (shared[s] + "/edits",
                 #"{"ops": [{"op": "update", "view": "title", "constraints": ["title.width == \#(100 + t * 10 + r)"]}]}"#)
            }
            #expect(failures == [])
            for location in shared {
                let answer = try Self.object(try c.exchange("GET", location))
                #expect(answer["revision"] as? Int == 1 + connections * rounds)
                // The last edit applied set some width of the plan; the layout is consistent with it.
                let width = try #require(Self.frame(answer, "title")?["width"])
                #expect((100...(100 + (connections - 1) * 10 + rounds - 1)).contains(Int(width)))
                // The same layout, solved from scratch with that width, gives the same frames.
                let fresh = try Self.object(try c.postJSON("/v1/layouts",
                    Self.card.replacingOccurrences(of: "title.width == 200", with: "title.width == \(Int(width))")))
                #expect(fresh["frames"] as? NSDictionary == answer["frames"] as? NSDictionary)
            }
        }
    }
}
