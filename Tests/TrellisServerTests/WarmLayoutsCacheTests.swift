import Testing
import Layout
@testable import TrellisServer

/// The cache of warm one-shot layouts stays within its bytes (the kept bodies counted), lets
/// the least recently used go first, and counts back to nothing when every layout is taken.
@Suite struct WarmLayoutsCacheTests {
    static func layout(_ k: Int, padding: Int) throws -> WarmLayout {
        let body = Array((#"{"views": [{"id": "root\#(k)", "frame": {"x": 0, "y": 0, "width": 375, "height": 667}}], "constraints": [], "metrics": {"pad": 1}}"#
            + String(repeating: " ", count: padding)).utf8)
        let document = try #require(try? decodeLayoutDocument(body).get())
        return try #require(WarmLayout.make(document: document, body: body))
    }

    static func gauge(_ cache: WarmLayouts, _ name: String) -> Int? {
        var text = ""
        cache.render(&text)
        return text.split(separator: "\n").first { $0.hasPrefix(name + " ") }.flatMap { $0.split(separator: " ").last.flatMap { Int($0) } }
    }

    @Test func staysWithinItsBytesCountingTheBodies() throws {
        let cache = WarmLayouts(capacityBytes: 400_000)
        var kept: [WarmLayout] = []
        for k in 0..<40 {
            let layout = try Self.layout(k, padding: 40_000)
            #expect(layout.estimatedBytes > 40_000)
            kept.append(layout)
            cache.put(layout)
            #expect((Self.gauge(cache, "trellis_warm_layouts_bytes") ?? .max) <= 400_000)
        }
        let entries = try #require(Self.gauge(cache, "trellis_warm_layouts"))
        #expect(entries >= 5 && entries < 40)
        // The newest are kept: the last one is found by its structure, the first is gone.
        let last = try #require(try? decodeLayoutDocument(Array(#"{"views": [{"id": "root39", "frame": {"x": 0, "y": 0, "width": 1, "height": 1}}], "constraints": [], "metrics": {"pad": 1}}"#.utf8)).get())
        let first = try #require(try? decodeLayoutDocument(Array(#"{"views": [{"id": "root0", "frame": {"x": 0, "y": 0, "width": 1, "height": 1}}], "constraints": [], "metrics": {"pad": 1}}"#.utf8)).get())
        #expect(cache.take(first, hash: first.structureHash) == nil)
        let taken = try #require(cache.take(last, hash: last.structureHash))
        #expect(taken === kept[39])
        // Taking every one left brings the count to nothing.
        for layout in kept.reversed() {
            if let skeleton = layout.skeletonHash { _ = cache.take(skeletonHash: skeleton) }
        }
        #expect(Self.gauge(cache, "trellis_warm_layouts") == 0 && Self.gauge(cache, "trellis_warm_layouts_bytes") == 0)
    }

    /// A layout taken out is handed to nobody else until it is put back, and comes back as
    /// the newest.
    @Test func aLayoutTakenOutIsNobodyElsesUntilPutBack() throws {
        let cache = WarmLayouts(capacityBytes: 10_000_000)
        let a = try Self.layout(1, padding: 0), b = try Self.layout(2, padding: 0)
        cache.put(a)
        cache.put(b)
        let skeletonA = try #require(a.skeletonHash)
        #expect(cache.take(skeletonHash: skeletonA) === a)
        #expect(cache.take(skeletonHash: skeletonA) == nil)  // out: not found again
        #expect(Self.gauge(cache, "trellis_warm_layouts") == 1)
        #expect(cache.takeNewest() === b)
        #expect(cache.takeNewest() == nil)
        cache.put(b)
        cache.put(a)  // back home, now the newest
        #expect(Self.gauge(cache, "trellis_warm_layouts") == 2)
        #expect(cache.takeNewest() === a)
        cache.put(a)
        #expect(cache.take(skeletonHash: skeletonA) === a)
        cache.put(a)
        #expect(Self.gauge(cache, "trellis_warm_layouts") == 2)
    }
}
