// The linearizer builds `lhs - rhs * multiplier` in one form (ViewTree.accumulate). Its
// result must be, bit for bit, what the form arithmetic it replaced gives: each side
// evaluated as its own form (in-item term, then the offsets on the way up), then combined
// with the operators. Checked on every expanded constraint of random documents.
import TestSupport
import Testing
import Cassowary
@testable import Layout

@Suite struct LinearizerTests {
    /// The value of an attribute as a form of its own, step by step as the geometry
    /// defines it (the reference).
    static func referenceValue(_ tree: ViewTree, _ attribute: Attribute, of item: ItemRef, in space: ItemRef) -> LinearForm? {
        guard let node = tree[item.view] else { return nil }
        let term = attribute.inItemTerm([node].withUnsafeBufferPointer { InItemGeometry($0, 0, guide: item.guide) })
        var form = LinearForm(constant: term.constant)
        if let v = term.variable { form = LinearForm(v, term.coefficient) + term.constant }
        guard attribute.axis != .size else { return form }
        var current = item
        while current != space {
            guard let n = tree[current.view] else { return nil }
            switch current.guide {
            case nil:
                guard let superview = n.superview else { return nil }
                form = form + LinearForm(attribute.axis == .x ? n.variables.x : n.variables.y)
                current = ItemRef(view: superview)
            case let guide?:
                let inset = guide == .layoutMarginsGuide ? n.margins : n.safeArea
                form = form + (attribute.axis == .x ? inset.left : inset.top)
                current = ItemRef(view: current.view)
            }
        }
        return form
    }

    /// The closest common ancestor found by names, the way the geometry defines it: an
    /// item's ancestors are itself, then (a guide's view, or a view's superview) up to the
    /// root; the first of `a`'s that is also one of `b`'s.
    static func referenceAncestor(_ tree: ViewTree, _ a: ItemRef, _ b: ItemRef) -> ItemRef? {
        func ancestors(_ item: ItemRef) -> [ItemRef] {
            var chain = [item], current = item
            while true {
                if current.guide != nil {
                    current = ItemRef(view: current.view)
                } else if let superview = tree[current.view]?.superview {
                    current = ItemRef(view: superview)
                } else {
                    return chain
                }
                chain.append(current)
            }
        }
        let ofB = ancestors(b)
        return ancestors(a).first { ofB.contains($0) }
    }

    static func reference(_ tree: ViewTree, _ direction: LayoutDirection, _ c: CompiledConstraint) -> LinearForm? {
        guard let second = c.second, let secondAttribute = c.secondAttribute else {
            return referenceValue(tree, c.firstAttribute.physical(direction), of: c.first, in: c.first)
        }
        guard let space = referenceAncestor(tree, c.first, second),
              var lhs = referenceValue(tree, c.firstAttribute.physical(direction), of: c.first, in: space),
              var rhs = referenceValue(tree, secondAttribute.physical(direction), of: second, in: space) else { return nil }
        if direction == .rtl && (c.firstAttribute.isDirectional || secondAttribute.isDirectional),
           let width = tree.box(of: space)?.width {
            lhs = width - lhs
            rhs = width - rhs
        }
        return lhs - rhs * c.multiplier
    }

    static func identical(_ a: LinearForm?, _ b: LinearForm?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        return a.constant.bitPattern == b.constant.bitPattern && a.terms.count == b.terms.count
            && zip(a.terms, b.terms).allSatisfy { $0.variable == $1.variable && $0.coefficient.bitPattern == $1.coefficient.bitPattern }
    }

    /// The geometry of a node read in place (a plain spec's defaults taken without reading
    /// the spec) equals what the node's own accessors give, for views with and without rare
    /// fields, and for each of their guides.
    @Test func inPlaceGeometryEqualsTheSpecs() {
        var plain = 0, rare = 0
        var failures: [String] = []
        for seed in UInt64(1)...300 {
            var history = SessionHistories(seed: seed &* 7_777)
            guard case .success(let document) = decodeLayoutDocument(Array(history.document().utf8)),
                  case .success(let layout) = LiveLayout.make(document: document) else { continue }
            let nodes = layout.state.tree.storage
            for k in nodes.indices {
                let node = nodes[k]
                if node.stored.rare == nil { plain += 1 } else { rare += 1 }
                for guide in [nil, GuideName.layoutMarginsGuide, .safeAreaLayoutGuide] {
                    let g = nodes.withUnsafeBufferPointer { InItemGeometry($0, k, guide: guide) }
                    let inset = guide == nil ? EdgeInsets.zero : guide == .layoutMarginsGuide ? node.margins : node.safeArea
                    let baselines = guide == nil && !node.isGuide
                    let expected = (node.variables.width, node.variables.height, inset, guide != nil, guide == nil ? node.margins : .zero,
                                    baselines ? node.stored.firstBaseline : 0, baselines ? node.stored.lastBaseline : 0)
                    if g.widthVariable != expected.0 || g.heightVariable != expected.1 || g.inset != expected.2
                        || g.isGuideItem != expected.3 || g.margins != expected.4
                        || g.firstBaseline.bitPattern != expected.5.bitPattern || g.lastBaseline.bitPattern != expected.6.bitPattern {
                        failures.append("seed \(seed) view \(node.id) guide \(String(describing: guide))")
                    }
                }
            }
        }
        #expect(failures.isEmpty, "first: \(failures.first ?? "")")
        #expect(plain > 100 && rare > 10, "plain \(plain), rare \(rare)")
    }

    /// The common ancestor of every pair of items (views and their guides) of random
    /// documents, found on places by slots, is the one found by names.
    @Test func commonAncestorsByPlaceAreTheNamedOnes() {
        var checked = 0
        var failures: [String] = []
        for seed in UInt64(1)...120 {
            var history = SessionHistories(seed: seed &* 3_331)
            guard case .success(let document) = decodeLayoutDocument(Array(history.document().utf8)),
                  case .success(let layout) = LiveLayout.make(document: document) else { continue }
            let tree = layout.state.tree
            let items = tree.storage.flatMap { node in
                [nil, GuideName.layoutMarginsGuide, .safeAreaLayoutGuide].map { ItemRef(view: node.id, guide: $0) }
            }
            for a in items.prefix(24) {
                for b in items {
                    checked += 1
                    let got = tree.commonAncestor(a, b), expected = Self.referenceAncestor(tree, a, b)
                    if got != expected { failures.append("seed \(seed): \(a.name), \(b.name): \(String(describing: got?.name)) vs \(String(describing: expected?.name))") }
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) differ; first: \(failures.first ?? "")")
        #expect(checked > 10_000)
    }

    @Test func oneFormEqualsTheFormArithmetic() {
        var checked = 0
        var failures: [String] = []
        for seed in UInt64(1)...1000 {
            var history = SessionHistories(seed: seed &* 7_777)
            let json = history.document()
            guard case .success(let document) = decodeLayoutDocument(Array(json.utf8)),
                  case .success(let layout) = LiveLayout.make(document: document) else { continue }
            let linearizer = layout.state.linearizer
            for description in layout.state.registry.inOrder {
                for c in description.compiled {
                    checked += 1
                    let got = linearizer.form(of: c), expected = Self.reference(layout.state.tree, layout.direction, c)
                    if !Self.identical(got, expected) { failures.append("seed \(seed): \(c): \(String(describing: got)) vs \(String(describing: expected))") }
                }
            }
        }
        #expect(failures.count == 0, "first: \(failures.first ?? "")")
        #expect(checked > 5_000)
    }
}
