import Cassowary

/// A solution that leaves what a double states exactly: finite inputs can still compound
/// (a huge multiplier, a chain of multipliers, a huge offset mirrored right to left) into
/// frames of 1e300 or infinity. An answer never carries a number that is not a number (nor
/// one past 1e15, beyond which a frame is no longer exact to a point): such a layout is
/// refused, each view at fault located (docs/sessions.md, "Numbers").
extension LiveLayout {
    /// The largest magnitude a solved frame value may have.
    static let largestFrameValue = 1e15

    /// One `out-of-range` error per view whose solved frame passes `largestFrameValue`.
    func overflowErrors() -> [LayoutError] {
        let values = solver.solvedValues()
        var errors: [LayoutError] = []
        // The variables alone (not a copy of the tree, nor each view's id): an edit checks
        // every view, and an id is read only for a view at fault.
        let variables = state.tree.orderedVariables
        values.withReader { value in
            for k in variables.indices {
                let v = variables[k], limit = Self.largestFrameValue
                // The common case in one comparison: each magnitude is at most their sum, and
                // a NaN or an infinity makes the sum fail it, for the exact check below.
                if abs(value[v.x]) + abs(value[v.y]) + abs(value[v.width]) + abs(value[v.height]) <= limit { continue }
                let tree = state.tree
                guard k < tree.order.count else { continue }
                let id = tree.order[k]
                for (name, x) in [("x", value[v.x]), ("y", value[v.y]), ("width", value[v.width]), ("height", value[v.height])]
                where !(abs(x) <= limit) {
                    errors.append(LayoutError(
                        code: .outOfRange,
                        message: "the solution puts \(id).\(name) at \(x), past what an answer states exactly "
                            + "(1e15); look for huge or compounding multipliers and offsets",
                        location: tree[id]?.stored.location))
                    break
                }
            }
        }
        return errors
    }
}
