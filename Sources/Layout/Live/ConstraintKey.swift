/// Names every solver constraint the layout owns. User constraints are one expanded
/// constraint of a description (its id + its first attribute: unique, since a
/// description's attributes are a set); implicit ones come from view fields and carry
/// the ids of CONTRACT section 2 (`ID.frame.x`, `ID.hugging.width`, `ID.compression.height`).
enum ConstraintKey: Hashable {
    case user(id: String, attribute: Attribute)
    case frame(view: String, FrameField)
    case hugging(view: String, SizeAxis)
    case compression(view: String, SizeAxis)

    var id: String {
        switch self {
        case .user(let id, _): return id
        case .frame(let view, let field): return "\(view).frame.\(field.rawValue)"
        case .hugging(let view, let axis): return "\(view).hugging.\(axis.rawValue)"
        case .compression(let view, let axis): return "\(view).compression.\(axis.rawValue)"
        }
    }

    /// The attribute a reference reports (`x` of a frame is its left edge).
    var attribute: Attribute {
        switch self {
        case .user(_, let attribute): return attribute
        case .frame(_, let field): return field.attribute
        case .hugging(_, let axis), .compression(_, let axis): return axis.attribute
        }
    }

    var implicitView: String? {
        switch self {
        case .user: return nil
        case .frame(let view, _), .hugging(let view, _), .compression(let view, _): return view
        }
    }
}

enum FrameField: String, CaseIterable {
    case x, y, width, height
    var attribute: Attribute {
        switch self {
        case .x: return .left
        case .y: return .top
        case .width: return .width
        case .height: return .height
        }
    }
}

enum SizeAxis: String, CaseIterable {
    case width, height
    var attribute: Attribute { self == .width ? .width : .height }
}
