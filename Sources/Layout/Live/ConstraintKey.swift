/// Names every solver constraint the layout owns. User constraints are one expanded
/// constraint of a description (its id + its first attribute: unique, since a
/// description's attributes are a set); implicit ones come from view fields and carry
/// the ids of docs/api.md §3 (`ID.frame.x`, `ID.hugging.width`, `ID.compression.height`).
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

    /// Which implicit constraint of its view this is: frame x, y, width, height, then
    /// hugging and compression per axis. 0 for a user constraint.
    var implicitIndex: UInt8 {
        switch self {
        case .user: return 0
        case .frame(_, let field): return field.index
        case .hugging(_, let axis): return Self.huggingIndex(axis)
        case .compression(_, let axis): return Self.compressionIndex(axis)
        }
    }

    static func huggingIndex(_ axis: SizeAxis) -> UInt8 { 4 + axis.index }
    static func compressionIndex(_ axis: SizeAxis) -> UInt8 { 6 + axis.index }

    /// Whether `implicitIndex` `index` is a hugging constraint's.
    static func isHugging(index: UInt8) -> Bool { index == 4 || index == 5 }

    /// The inverse of `implicitIndex` for a view's implicit constraints.
    static func implicit(view: String, index: UInt8) -> ConstraintKey? {
        switch index {
        case 0: return .frame(view: view, .x)
        case 1: return .frame(view: view, .y)
        case 2: return .frame(view: view, .width)
        case 3: return .frame(view: view, .height)
        case 4: return .hugging(view: view, .width)
        case 5: return .hugging(view: view, .height)
        case 6: return .compression(view: view, .width)
        case 7: return .compression(view: view, .height)
        default: return nil
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
    var index: UInt8 {
        switch self {
        case .x: return 0
        case .y: return 1
        case .width: return 2
        case .height: return 3
        }
    }
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
    var index: UInt8 { self == .width ? 0 : 1 }
}
