import Cassowary
// The typed form of a request, produced by the wire reader and consumed by the compiler
// and the live engine. Nothing here is resolved yet: names are names, and every piece
// keeps where it stood in the request so that errors and diagnostics can point at it.

/// Where something stands in the request: JSON pointer plus 1-based line and column of
/// its first byte; `exprColumn` is the 1-based column inside an expression string.
///
/// Every installed constraint and view keeps one or more for as long as its session
/// lives, so the numbers are stored as 32 bits (32 bytes in all instead of 48): a request
/// is at most a few MiB, far from 2^31 lines or columns; larger values are clamped.
public struct RequestLocation: Hashable, Sendable {
    /// The pointer or, when `index32` is not negative, the pointer of the array whose element
    /// is meant: every view and constraint of a request records its location, and the text
    /// `/constraints/12` is needed only when an error or a diagnostic shows it, so it is not
    /// built for each. The element's index is the low 28
    /// bits of `index32`, and the field of the element meant, if any (`ElementPath.Field`:
    /// a view's `frame` or `intrinsicSize`), the three above.
    private var head: String
    private var index32: Int32
    private var line32: Int32
    private var column32: Int32
    /// `Int32.min` for none (columns start at 1).
    private var exprColumn32: Int32

    public var pointer: String {
        get {
            guard index32 >= 0 else { return head }
            return ElementPath(head, Int(index32 & ElementPath.indexMask), field: ElementPath.Field(rawValue: UInt8(index32 >> 28))).text
        }
        set { head = newValue; index32 = -1 }
    }
    public var line: Int {
        get { Int(line32) }
        set { line32 = Int32(clamping: newValue) }
    }
    public var column: Int {
        get { Int(column32) }
        set { column32 = Int32(clamping: newValue) }
    }
    public var exprColumn: Int? {
        get { exprColumn32 == .min ? nil : Int(exprColumn32) }
        set { exprColumn32 = newValue.map { max(Int32(clamping: $0), .min + 1) } ?? .min }
    }

    public init(pointer: String, line: Int, column: Int, exprColumn: Int? = nil) {
        self.init(head: pointer, index: -1, line: line, column: column, exprColumn: exprColumn)
    }

    /// The location of element `index` of the array at `path` (its pointer is `path/index`).
    init(_ path: ElementPath, line: Int, column: Int, exprColumn: Int? = nil) {
        // An index past 28 bits (no request is that large) is kept as text.
        if path.index > Int(ElementPath.indexMask) {
            self.init(head: path.text, index: -1, line: line, column: column, exprColumn: exprColumn)
        } else {
            self.init(head: path.array, index: path.index | Int(path.field?.rawValue ?? 0) << 28,
                      line: line, column: column, exprColumn: exprColumn)
        }
    }

    /// This location's element with column `exprColumn` of a string in it, at `line`,
    /// `column` (of the string's field `field`, if given): the pointer stays unbuilt.
    func within(_ field: ElementPath.Field?, line: Int, column: Int, exprColumn: Int) -> RequestLocation {
        var copy = self
        if let field {
            if index32 >= 0 { copy.index32 = (index32 & ElementPath.indexMask) | Int32(field.rawValue) << 28 } else {
                copy.head = child(head, field.name)
            }
        }
        copy.line32 = Int32(clamping: line)
        copy.column32 = Int32(clamping: column)
        copy.exprColumn32 = max(Int32(clamping: exprColumn), .min + 1)
        return copy
    }

    private init(head: String, index: Int, line: Int, column: Int, exprColumn: Int?) {
        self.head = head
        index32 = Int32(clamping: index)
        line32 = Int32(clamping: line)
        column32 = Int32(clamping: column)
        exprColumn32 = exprColumn.map { max(Int32(clamping: $0), .min + 1) } ?? .min
    }

    // The same place however its pointer is kept.
    public static func == (a: RequestLocation, b: RequestLocation) -> Bool {
        a.line32 == b.line32 && a.column32 == b.column32 && a.exprColumn32 == b.exprColumn32 && a.pointer == b.pointer
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(pointer); hasher.combine(line32); hasher.combine(column32); hasher.combine(exprColumn32)
    }
}

/// The JSON pointer of an array's element, or of a field of it, as its parts: `text` builds
/// it when it is shown.
struct ElementPath {
    /// The fields of an element whose location is kept (a view's; `RequestLocation` keeps
    /// the raw value in three bits).
    enum Field: UInt8 {
        case frame = 1, intrinsicSize = 2, vfl = 3
        var name: StaticString {
            switch self {
            case .frame: return "frame"
            case .intrinsicSize: return "intrinsicSize"
            case .vfl: return "vfl"
            }
        }
    }
    static let indexMask: Int32 = 0x0FFF_FFFF

    let array: String
    let index: Int
    let field: Field?
    init(_ array: String, _ index: Int, field: Field? = nil) { self.array = array; self.index = index; self.field = field }
    var text: String { field.map { child(child(array, index), $0.name) } ?? child(array, index) }
    /// The path of `field` of this element.
    func field(_ field: Field) -> ElementPath { ElementPath(array, index, field: field) }
}

/// The caller's own `file:line[:column]` (SnapKit's `#file`/`#line`), echoed in diagnostics.
public struct SourceLocation: Equatable, Hashable, Sendable {
    public var file: String
    public var line: Int
    public var column: Int?
    public init(file: String, line: Int, column: Int? = nil) { self.file = file; self.line = line; self.column = column }
}

public enum LayoutDirection: String, Sendable { case ltr, rtl }

/// An expression string in a request: its line and column, whether it is the `expr` member of
/// a constraint object (rather than the whole constraint), and the columns (1-based, in the
/// string) of the items it names: the first item and the target's (0: none).
public struct ExpressionSite: Equatable, Sendable {
    public var line: Int32
    public var column: Int32
    public var inExprField: Bool
    public var firstColumn: Int32
    public var targetColumn: Int32

    /// The location of column `exprColumn` of the string, for a constraint at `location`.
    public func location(_ exprColumn: Int32, constraintAt location: RequestLocation) -> RequestLocation {
        RequestLocation(pointer: location.pointer + (inExprField ? "/expr" : ""), line: Int(line), column: Int(column),
                        exprColumn: Int(exprColumn))
    }
}

public struct Rect: Equatable, Sendable {
    public var x, y, width, height: Double
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
}

/// UIEdgeInsets: physical sides.
public struct EdgeInsets: Equatable, Sendable {
    public var top, left, bottom, right: Double
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
}

/// NSDirectionalEdgeInsets: leading/trailing follow the layout direction.
public struct DirectionalInsets: Equatable, Sendable {
    public var top, leading, bottom, trailing: Double
    public init(top: Double, leading: Double, bottom: Double, trailing: Double) {
        self.top = top; self.leading = leading; self.bottom = bottom; self.trailing = trailing
    }
}

/// Insets given either way on the wire (`{top,left,bottom,right}` or `{top,leading,bottom,trailing}`).
public enum InsetsSpec: Equatable, Sendable {
    case physical(EdgeInsets)
    case directional(DirectionalInsets)
}

public struct AxisPriorities: Equatable, Sendable {
    public var horizontal: Double
    public var vertical: Double
    public init(horizontal: Double, vertical: Double) { self.horizontal = horizontal; self.vertical = vertical }
}

public enum ViewKind: String, Sendable { case view, guide }

/// Where a tree keeps a view, as resolved once (-1: not known), so that it is not looked up by
/// its id again: a hint, checked against the id before use (`ViewTree.slot(of:)`), that takes
/// no part in a value's identity (any two are equal and hash alike).
struct SlotHint: Hashable, Sendable {
    var value: Int32 = -1
    init(value: Int32 = -1) { self.value = value }
    init(_ slot: Int) { value = Int32(truncatingIfNeeded: slot) }
    static func == (_: SlotHint, _: SlotHint) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
}

public struct ViewSpec: Equatable, Sendable {
    public var id: String
    public var superview: String?
    /// The superview's position in the same views array, when it is listed before this view
    /// (the reader's `NameTable`): for a one-shot document, where the lean build finds it in
    /// the tree without hashing its id (`LiveLayout.addViewsLean`); unused otherwise.
    var superviewSlot = SlotHint()
    public var frame: Rect?
    public var kind: ViewKind = .view
    public var margins: InsetsSpec = .physical(EdgeInsets(top: 8, left: 8, bottom: 8, right: 8))
    public var safeArea = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
    public var intrinsicWidth: Double?
    public var intrinsicHeight: Double?
    public var hugging = AxisPriorities(horizontal: 250, vertical: 250)
    public var compressionResistance = AxisPriorities(horizontal: 750, vertical: 750)
    /// first = distance from the top, last = distance from the bottom.
    public var firstBaseline: Double = 0
    public var lastBaseline: Double = 0
    /// Where the view object stands (`/views/N`), and where its parts stand, for implicit constraints.
    public var location: RequestLocation
    public var frameLocation: RequestLocation?
    public var intrinsicSizeLocation: RequestLocation?
    public init(id: String, location: RequestLocation) { self.id = id; self.location = location }
}

/// One of the two implicit guides every view has.
public enum GuideName: String, Sendable { case layoutMarginsGuide, safeAreaLayoutGuide }

/// A view, or one of its implicit guides: `card`, `card.safeAreaLayoutGuide`.
public struct ItemRef: Hashable, Sendable {
    public var view: String
    public var guide: GuideName?
    /// Where the tree that resolved the item keeps its view.
    var slotHint = SlotHint()
    public init(view: String, guide: GuideName? = nil) { self.view = view; self.guide = guide }
    init(view: String, guide: GuideName? = nil, slot: Int) {
        self.view = view; self.guide = guide; slotHint = SlotHint(slot)
    }
}

/// The item a target names: an explicit item, or the first item's superview
/// (with an optional guide of that superview, `superview.safeAreaLayoutGuide`).
public enum TargetItem: Hashable, Sendable {
    case item(ItemRef)
    case superview(guide: GuideName?)
}

/// SnapKit's constant targets (`equalTo(10)`, `equalTo(CGSize...)`, ...).
public enum ConstantValue: Equatable, Sendable {
    case scalar(Double)
    case size(width: Double, height: Double)
    case point(x: Double, y: Double)
    case insets(InsetsSpec)
}

public enum ConstraintTarget: Equatable, Sendable {
    case constant(ConstantValue)
    /// An item with attributes; an empty set is a bare item (`equalTo(v)`).
    case item(TargetItem, AttributeSet)
}

/// The solver's relation is the wire's (`==`, `<=`, `>=` are its raw values).
public typealias Relation = Cassowary.Relation

/// The constant modifier of a chain: `.offset(x)` or `.inset(...)`.
public enum ConstantModifier: Equatable, Sendable {
    case none
    case offset(Double)
    case inset(InsetValue)
}

public enum InsetValue: Equatable, Sendable {
    case scalar(Double)
    case insets(InsetsSpec)
}

/// One SnapKit description (`make.<attrs>.<relation>(target)<modifiers>`), as written.
/// Validated for shape and types by the reader; for meaning by the compiler.
public struct ConstraintSpec: Equatable, Sendable {
    public var id: String?
    /// The first item; nil when the constraint omits it inside an op that names `view`.
    public var first: ItemRef?
    public var attributes: AttributeSet
    public var relation: Relation = .equal
    public var target: ConstraintTarget
    /// `multipliedBy(m)`, or `dividedBy(d)` already turned into 1/d (finite, checked by the reader).
    public var multiplier: Double = 1
    public var modifier: ConstantModifier = .none
    /// (0, 1000]; 1000 = required.
    public var priority: Double = 1000
    public var label: String?
    public var source: SourceLocation?
    public var location: RequestLocation
    /// Where its expression string stands, for a constraint written as one: errors found
    /// after parsing (an unknown view) point into the string (`exprColumn`).
    public var expressionSite: ExpressionSite?
    /// `"active": false`: kept (validated, named, listed) but not enforced (docs/api.md,
    /// SnapKit's `prepareConstraints` and `deactivate()`).
    public var active = true
    /// A `distribute` entry (its `first` is its first view; `attributes` and `target` are
    /// unused): the constraints it makes come from `Distribution.members`.
    public var distribution: Distribution?
    /// A VFL line (docs/semantics.md §6.6): like `distribution`, an entry that makes several
    /// constraints of its own.
    public var vfl: VFLLine?
    // Every field at once, `ConstraintSpec(id:first:attributes:...:location:)`, is the
    // memberwise initializer (kept by writing the other one in an extension): it builds the
    // spec as one value. The wire reader's own initializer assigned each field of a `self`
    // on the stack and then copied that whole spec out and destroyed it (a retain and a
    // release of each of its strings), for every constraint read.
}

extension ConstraintSpec {
    public init(first: ItemRef?, attributes: AttributeSet, target: ConstraintTarget, location: RequestLocation) {
        self.first = first; self.attributes = attributes; self.target = target; self.location = location
    }
}

public struct LayoutDocument: Equatable, Sendable {
    public var direction: LayoutDirection = .ltr
    public var views: [ViewSpec] = []
    public var constraints: [ConstraintSpec] = []
    /// `"strict": true`: an unsatisfiable layout is an error (422), not a recovered answer.
    public var strict = false
    /// Named numbers every VFL line of the document may use (docs/api.md §2).
    public var metrics: [String: Double] = [:]
    public init() {}
}

public struct EditOp: Equatable, Sendable {
    public var kind: EditOpKind
    public var location: RequestLocation
    public init(kind: EditOpKind, location: RequestLocation) { self.kind = kind; self.location = location }
}

public struct EditBatch: Equatable, Sendable {
    public var ifRevision: Int?
    public var strict = false
    public var ops: [EditOp] = []
    public init() {}
}
