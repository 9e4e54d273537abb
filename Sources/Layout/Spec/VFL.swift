/// A line of Apple's Visual Format Language (docs/semantics.md §6.6), as sent and as parsed.
/// Immutable and shared: a spec carries it by reference (most specs have none).
public final class VFLLine: Equatable, Sendable {
    /// The line as sent (columns of errors and of the constraints it makes index it).
    public let text: String
    /// `NSLayoutFormatOptions` names, without the prefix, as given.
    public let options: [VFLOption]
    /// The entry's own metrics (they win over the document's).
    public let metrics: [String: Double]
    /// Written as an object (`{"vfl": ...}`) rather than a bare string.
    public let objectForm: Bool
    let parsed: VFLParsed
    /// Where the string stands in the request (its node's line and column).
    let line: Int, column: Int
    init(text: String, options: [VFLOption], metrics: [String: Double], objectForm: Bool, parsed: VFLParsed,
         line: Int, column: Int) {
        self.text = text; self.options = options; self.metrics = metrics; self.objectForm = objectForm; self.parsed = parsed
        self.line = line; self.column = column
    }

    /// Column `exprColumn` of the line, for the entry at `entry` (its pointer is built only
    /// when shown).
    func location(_ exprColumn: Int, entry: RequestLocation) -> RequestLocation {
        entry.within(objectForm ? .vfl : nil, line: line, column: column, exprColumn: exprColumn)
    }

    public static func == (a: VFLLine, b: VFLLine) -> Bool {
        a.text == b.text && a.options == b.options && a.metrics == b.metrics && a.objectForm == b.objectForm
    }
}

/// The options a line may take: alignments (one constraint per adjacent pair) and directions.
public enum VFLOption: String, CaseIterable, Sendable {
    // In NSLayoutAttribute order: the order several alignments are made in.
    case alignAllLeft, alignAllRight, alignAllTop, alignAllBottom, alignAllLeading, alignAllTrailing
    case alignAllCenterX, alignAllCenterY, alignAllLastBaseline, alignAllBaseline, alignAllFirstBaseline
    case directionLeadingToTrailing, directionLeftToRight, directionRightToLeft

    /// The attribute an alignment option aligns; nil for a direction.
    var alignment: Attribute? {
        switch self {
        case .alignAllLeft: return .left
        case .alignAllRight: return .right
        case .alignAllTop: return .top
        case .alignAllBottom: return .bottom
        case .alignAllLeading: return .leading
        case .alignAllTrailing: return .trailing
        case .alignAllCenterX: return .centerX
        case .alignAllCenterY: return .centerY
        case .alignAllLastBaseline, .alignAllBaseline: return .lastBaseline
        case .alignAllFirstBaseline: return .firstBaseline
        default: return nil
        }
    }
}

/// A parsed line: positions are 1-based columns of the line as sent.
struct VFLParsed: Sendable {
    var vertical: Bool
    /// `|` and the connection after it, when the line starts at the superview.
    var leading: (bar: Int, connection: VFLConnection)?
    var views: [VFLView]
    /// Between views: `connections[i]` joins `views[i]` and `views[i + 1]`.
    var connections: [VFLConnection]
    /// The connection before a closing `|`, and the bar's column.
    var trailing: (bar: Int, connection: VFLConnection)?
}

extension VFLParsed {
    /// How many constraints the line makes with `alignments` alignment options.
    func constraintCount(alignments: Int) -> Int {
        func count(_ c: VFLConnection) -> Int {
            if case .predicates(let list) = c { return list.count }
            return 1
        }
        return (leading.map { count($0.connection) } ?? 0) + (trailing.map { count($0.connection) } ?? 0)
            + connections.reduce(0) { $0 + count($1) } + views.reduce(0) { $0 + $1.predicates.count }
            + alignments * max(0, views.count - 1)
    }
}

struct VFLView: Sendable {
    var name: String
    /// Its slot in the document's views, found when read (-1: not one of them).
    var slot: Int
    var column: Int
    var predicates: [VFLPredicate]
}

/// No dash (flush), `-` (the standard space) or `-predicates-`.
enum VFLConnection: Sendable {
    case flush(column: Int)
    case standard(column: Int)
    case predicates([VFLPredicate])
}

struct VFLPredicate: Sendable {
    var relation: Relation
    var object: VFLValue
    var priority: VFLValue?
    var column: Int
}

enum VFLValue: Sendable {
    case number(Double)
    /// A metric, or in a view's predicate a metric or a view (then `slot` is its slot in the
    /// document's views, -1 when it is none of them).
    case name(String, slot: Int, column: Int)
}
