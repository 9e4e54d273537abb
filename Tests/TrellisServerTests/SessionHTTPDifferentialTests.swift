import Foundation
import Layout
import TestSupport
import Testing
import TrellisServer

/// The session invariant end to end (docs/sessions.md): random histories sent over HTTP to
/// the real server, several sessions at once with only two kept built, so that sessions
/// sleep and wake (replaying their history) between requests. After every edits request,
/// the session's GET must answer what `POST /v1/layouts` of the document in that GET
/// answers, and a refused request must leave the GET answer as it was.
@Suite struct SessionHTTPDifferentialTests {
    static let histories = 24
    static let sessionsAtOnce = 4

    struct Running {
        var history: SessionHistories
        var id: String
        var log: [String]
        var step = 0
    }

    @Test func sessionsOverHTTPAnswerWhatAFreshSolveOfTheirDocumentAnswers() throws {
        let live = try LiveServer(LayoutEngineService(config: ServerConfig())) { $0.hotSessions = 2 }
        defer { live.stop() }
        let c = try live.client()
        var failures: [String] = []
        var compared = 0, refused = 0
        var seed: UInt64 = 1001
        var running: [Running] = []
        func start() throws {
            while running.count < Self.sessionsAtOnce && seed < 1001 + UInt64(Self.histories) {
                var history = SessionHistories(seed: seed)
                seed += 1
                let document = history.document()
                let r = try c.postJSON("/v1/sessions", document)
                guard r.status == 201, let id = try Self.object(r)["id"] as? String else { continue }
                running.append(Running(history: history, id: id, log: ["document: \(document)"]))
            }
        }
        try start()
        var turn = 0
        while !running.isEmpty && failures.isEmpty {
            let k = turn % running.count
            turn += 1
            let before = try Self.object(try c.exchange("GET", "/v1/sessions/\(running[k].id)"))
            let document = try Self.document(before)
            let json = running[k].history.batch(document)
            running[k].log.append("batch: \(json)")
            running[k].step += 1
            let r = try c.postJSON("/v1/sessions/\(running[k].id)/edits", json)
            let after = try Self.object(try c.exchange("GET", "/v1/sessions/\(running[k].id)"))
            if r.status != 200 {
                refused += 1
                let changed = Self.differences(after, before)
                if !changed.isEmpty || after["revision"] as? Int != before["revision"] as? Int {
                    failures.append("refused batch changed the session: \(changed.prefix(4))\n  " + running[k].log.joined(separator: "\n  "))
                }
            }
            let hasConflict = (after["diagnostics"] as? [[String: Any]] ?? []).contains { $0["code"] as? String == "unsatisfiable" }
            if running[k].history.orderExpressible || !hasConflict {
                let fresh = try c.postJSON("/v1/layouts", String(decoding: try JSONSerialization.data(withJSONObject: after["document"] ?? [:]), as: UTF8.self))
                #expect(fresh.status == 200, "\(fresh.text)")
                let differences = Self.differences(after, try Self.object(fresh))
                compared += 1
                if !differences.isEmpty {
                    failures.append("differs from a fresh solve: \(differences.prefix(4))\n  " + running[k].log.joined(separator: "\n  "))
                }
            }
            if running[k].step == 10 {
                _ = try c.exchange("DELETE", "/v1/sessions/\(running[k].id)")
                running.remove(at: k)
                try start()
            }
        }
        #expect(failures.isEmpty, Comment(rawValue: failures.joined(separator: "\n\n")))
        #expect(compared > Self.histories * 6 && refused > 0, "compared \(compared), refused \(refused)")
        let metrics = try c.exchange("GET", "/metrics").text
        #expect(try sample(metrics, "trellis_sessions_woken_total") > 10, "sessions must have slept and woken")
    }

    static func object(_ r: TestHTTPClient.Response) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(r.body)) as? [String: Any], "\(r.text)")
    }

    static func document(_ answer: [String: Any]) throws -> LayoutDocument {
        let data = try JSONSerialization.data(withJSONObject: answer["document"] ?? [:])
        return try decodeLayoutDocument(Array(data)).get()
    }

    /// The differences between two answers as JSON, compared as `answerDifferences` does
    /// in-process: determined frame attributes, diagnostics without locations, counts.
    static func differences(_ a: [String: Any], _ b: [String: Any]) -> [String] {
        var out: [String] = []
        let diagnosticsB = b["diagnostics"] as? [[String: Any]] ?? []
        var free: [String: Set<String>] = [:]
        for d in diagnosticsB where d["code"] as? String == "ambiguous" {
            for (id, attributes) in d["views"] as? [String: [String]] ?? [:] { free[id, default: []].formUnion(attributes) }
        }
        let framesA = a["frames"] as? [String: [String: Double]] ?? [:], framesB = b["frames"] as? [String: [String: Double]] ?? [:]
        if Set(framesA.keys) != Set(framesB.keys) { out.append("views \(framesA.keys.sorted()) vs \(framesB.keys.sorted())") }
        for (id, fa) in framesA {
            guard let fb = framesB[id] else { continue }
            for name in ["x", "y", "width", "height"] where !(free[id] ?? []).contains(name) {
                let x = fa[name] ?? .nan, y = fb[name] ?? .nan
                if !(abs(x - y) <= 1e-6 * max(1, abs(x), abs(y))) { out.append("\(id).\(name) \(x) vs \(y)") }
            }
        }
        func normalized(_ answer: [String: Any]) -> [String] {
            (answer["diagnostics"] as? [[String: Any]] ?? []).compactMap { d in
                var d = d
                for key in ["constraints", "broken"] {
                    d[key] = (d[key] as? [[String: Any]])?.map { ref in ref.filter { $0.key != "location" } }
                }
                if d["code"] as? String == "negative-size" {
                    var views: [String: [String]] = [:]
                    for (id, attributes) in d["views"] as? [String: [String]] ?? [:] {
                        let kept = attributes.filter { !(free[id] ?? []).contains($0) }
                        if !kept.isEmpty { views[id] = kept }
                    }
                    if views.isEmpty { return nil }
                    d["views"] = views
                    d["message"] = nil
                }
                guard let data = try? JSONSerialization.data(withJSONObject: d, options: [.sortedKeys]) else { return nil }
                return String(decoding: data, as: UTF8.self)
            }
        }
        let da = normalized(a), db = normalized(b)
        if da != db { out.append("diagnostics \(da) vs \(db)") }
        let sa = a["stats"] as? [String: Any] ?? [:], sb = b["stats"] as? [String: Any] ?? [:]
        if sa["views"] as? Int != sb["views"] as? Int || sa["constraints"] as? Int != sb["constraints"] as? Int {
            out.append("stats \(sa) vs \(sb)")
        }
        return out
    }
}
