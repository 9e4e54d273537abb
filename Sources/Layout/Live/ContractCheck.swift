/// The errors a build of a document finds before it solves anything: views that cannot be
/// placed (unknown or cyclic superviews, a guide without one) and constraints that do not
/// compile (unknown views, attribute mismatches, no common ancestor, ...). Nothing goes into
/// the solver, so this costs about what reading the document did, and its answer does not
/// depend on time: a document the reader refuses lists these too, in the same answer
/// (`decodeLayoutDocument`), rather than in a second round once the first is fixed.
extension LiveLayout {
    /// `unplaced`: ids of view entries the reader could not read; what names them is not
    /// reported again.
    static func contractErrors(of document: LayoutDocument, unplaced: [String]) -> [LayoutError] {
        let layout = LiveLayout(direction: document.direction)
        layout.state.tree.unplaced = Set(unplaced)
        var errors = layout.addViews(document.views, implicitConstraints: false)
        layout.state.tree.markUnplaced(document.views)
        let compiler = layout.state.compiler
        layout.state.metrics = document.metrics
        for spec in document.constraints {
            // Entries that make constraints of their own are checked by making them.
            if let line = spec.vfl {
                errors += line.members(of: spec, metrics: document.metrics, in: layout.state.tree).errors
            } else if let distribution = spec.distribution {
                if case .failure(let error) = distribution.members(of: spec, id: spec.id ?? "c", in: layout.state.tree) {
                    errors.append(error)
                }
            } else if case .failure(let failure) = compiler.compile(spec) {
                errors += failure.errors
            }
        }
        return errors
    }
}
