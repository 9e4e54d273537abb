// A parsed "kiwitrace 1" file (format: ../shared/anchors/kiwi/TRACE.md): names resolved to
// indices, so that replaying it does no string work.
import Cassowary

struct TraceTerm {
    var variable: Int
    var coefficient: Double
}

/// The content of one `add` line.
struct TraceConstraint {
    var terms: [TraceTerm]
    var constant: Double
    var relation: Relation
    var priority: Double
}

enum TraceOp {
    /// `var NAME`: one op per declared name.
    case declare(variable: Int)
    /// `add`: `slot` is the constraint id's index, `definition` indexes `Trace.definitions`.
    case add(slot: Int, definition: Int)
    case remove(slot: Int)
    case setConstant(slot: Int, constant: Double)
    case edit(variable: Int, priority: Double)
    case suggest(variable: Int, value: Double)
    case update
    case check(variable: Int, value: Double, tolerance: Double)
    /// `phase` / `repeat`: the start of block `block`; its body is `blocks[block].body`.
    case begin(block: Int)
    case end(block: Int)
}

struct TraceInstruction {
    var op: TraceOp
    /// 1-based line in the file, for messages.
    var line: Int
}

struct TraceBlock {
    var name: String
    /// nil for `phase`, the COUNT for `repeat`.
    var repeatCount: Int?
    /// Indices into `Trace.code` of the body (without the begin and end markers).
    var body: Range<Int>
}

struct Trace {
    /// The file name without directory and `.trace`.
    var name: String
    var path: String
    var variableNames: [String] = []
    /// The constraint id of each slot.
    var constraintIDs: [String] = []
    var definitions: [TraceConstraint] = []
    var code: [TraceInstruction] = []
    var blocks: [TraceBlock] = []
    var checkCount = 0
}

struct TraceParseError: Error, CustomStringConvertible {
    var description: String
}
