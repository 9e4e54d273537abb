/// `addViews`: views as in a document.
struct AddViewsOp: EditOperation, Equatable {
    static let name: StaticString = "addViews"
    static let fields: [OpField] = [.views]
    let views: [ViewSpec]

    static func read(_ input: borrowing OpInput, _ reader: inout WireReader) -> AddViewsOp? {
        reader.required(input, .views).map { AddViewsOp(views: reader.views($0, input.pointer(.views))) }
    }
    func count(into footprint: inout EditFootprint) { footprint.add(views: views) }
    func apply(to layout: LiveLayout, at location: RequestLocation) -> [LayoutError] { layout.addViews(views) }
}

/// `removeViews`: the views, their subviews, and every constraint naming any of them.
struct RemoveViewsOp: EditOperation, Equatable {
    static let name: StaticString = "removeViews"
    static let fields: [OpField] = [.ids]
    let ids: [String]

    static func read(_ input: borrowing OpInput, _ reader: inout WireReader) -> RemoveViewsOp? {
        guard let n = reader.required(input, .ids) else { return nil }
        return reader.idList(n, input.pointer(.ids)).map { RemoveViewsOp(ids: $0) }
    }
    func count(into footprint: inout EditFootprint) { footprint.remove(views: ids) }
    func apply(to layout: LiveLayout, at location: RequestLocation) -> [LayoutError] { layout.removeViews(ids, at: location) }
}

/// `setFrame`: a window resize or rotation, edited in the live solver (never a rebuild).
struct SetFrameOp: EditOperation, Equatable {
    static let name: StaticString = "setFrame"
    static let fields: [OpField] = [.view, .frame]
    let view: String
    let frame: Rect

    static func read(_ input: borrowing OpInput, _ reader: inout WireReader) -> SetFrameOp? {
        let view = reader.required(input, .view).flatMap { reader.viewID($0, input.pointer(.view)) }
        let frame = reader.required(input, .frame).flatMap { reader.rect($0, input.pointer(.frame)) }
        guard let view, let frame else { return nil }
        return SetFrameOp(view: view, frame: frame)
    }
    func apply(to layout: LiveLayout, at location: RequestLocation) -> [LayoutError] { layout.setFrame(frame, of: view, at: location) }
}

extension EditOpKind {
    static func addViews(_ views: [ViewSpec]) -> EditOpKind { EditOpKind(AddViewsOp(views: views)) }
    static func removeViews(ids: [String]) -> EditOpKind { EditOpKind(RemoveViewsOp(ids: ids)) }
    static func setFrame(view: String, frame: Rect) -> EditOpKind { EditOpKind(SetFrameOp(view: view, frame: frame)) }
}
