/// The views of one layout: a forest (several roots are allowed), kept in the client's
/// order because every answer lists frames in that order.
///
/// A value type on purpose: a batch that fails is rolled back by restoring a copy.
struct ViewTree {
    private(set) var nodes: [String: ViewNode] = [:]
    /// View ids in answer order: document order, then views added by later edits.
    private(set) var order: [String] = []
    /// The frame variables of `order`, index by index: answers read every frame on every
    /// edit, and this spares them a hash lookup per view.
    private(set) var orderedVariables: [FrameVariables] = []

    subscript(id: String) -> ViewNode? { nodes[id] }
    var count: Int { order.count }
    func contains(_ id: String) -> Bool { nodes[id] != nil }

    mutating func reserveCapacity(_ count: Int) {
        nodes.reserveCapacity(nodes.count + count)
        order.reserveCapacity(order.count + count)
        orderedVariables.reserveCapacity(orderedVariables.count + count)
    }

    /// Adds a node whose superview (if any) is already present.
    mutating func insert(_ node: ViewNode) {
        nodes[node.id] = node
        order.append(node.id)
        orderedVariables.append(node.variables)
        if let parent = node.superview { nodes[parent]?.children.append(node.id) }
    }

    /// Puts the last `count` ids of `order` in the order `rank` gives them: views are
    /// inserted parents-first, but answers list them as the client did.
    mutating func arrangeLast(_ count: Int, by rank: [String: Int]) {
        guard count > 1, count <= order.count else { return }
        let start = order.count - count
        let tail = order[start...].indices.sorted { (rank[order[$0]] ?? 0) < (rank[order[$1]] ?? 0) }
        let ids = tail.map { order[$0] }, variables = tail.map { orderedVariables[$0] }
        order.replaceSubrange(start..., with: ids)
        orderedVariables.replaceSubrange(start..., with: variables)
    }

    /// The given views and everything below them.
    func subtrees(of ids: [String]) -> Set<String> {
        var found = Set<String>()
        var stack = ids.filter { nodes[$0] != nil }
        while let id = stack.popLast() {
            guard found.insert(id).inserted, let node = nodes[id] else { continue }
            stack.append(contentsOf: node.children)
        }
        return found
    }

    /// Removes views (each id together with its whole subtree) and returns every removed id.
    @discardableResult
    mutating func remove(subtreesOf ids: [String]) -> Set<String> {
        let removed = subtrees(of: ids)
        for id in removed {
            if let parent = nodes[id]?.superview, !removed.contains(parent) {
                nodes[parent]?.children.removeAll { $0 == id }
            }
        }
        for id in removed { nodes[id] = nil }
        let kept = order.indices.filter { !removed.contains(order[$0]) }
        order = kept.map { order[$0] }
        orderedVariables = kept.map { orderedVariables[$0] }
        return removed
    }

    /// Records a new fixed frame (setFrame) so the current document shows it.
    mutating func setFrame(_ frame: Rect?, location: RequestLocation?, of id: String) {
        nodes[id]?.spec.frame = frame
        nodes[id]?.spec.frameLocation = location
    }

    /// Does this item (a view, or one of a view's implicit guides) exist?
    func contains(_ item: ItemRef) -> Bool { nodes[item.view] != nil }
}
