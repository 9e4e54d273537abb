// Parses a whole trace file up front and checks every rule of TRACE.md that can be checked
// statically (declarations, live ids, edit variables, blocks, repeat bodies that restore state).
import Cassowary

enum TraceParser {
    static func parse(path: String) throws(TraceParseError) -> Trace {
        guard let bytes = readFile(path) else { throw TraceParseError(description: "ERROR cannot open trace \(path)") }
        var base = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
        if base.count > 6 && base.hasSuffix(".trace") { base.removeLast(6) }
        return try parse(bytes: bytes, name: base, path: path)
    }

    static func parse(bytes: [UInt8], name: String, path: String) throws(TraceParseError) -> Trace {
        var trace = Trace(name: name, path: path)
        var variableIndex: [String: Int] = [:]
        var slotIndex: [String: Int] = [:]
        var blockNames: Set<String> = []
        var live: [Bool] = []      // per constraint slot
        var isEdit: [Bool] = []    // per variable
        var liveAtBlockStart: [Bool] = []
        var editAtBlockStart: [Bool] = []
        var openBlock: Int? = nil
        var sawHeader = false

        var lineNumber = 0
        var lineStart = 0
        while lineStart < bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count && bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
            lineNumber += 1
            var contentEnd = lineEnd
            if contentEnd > lineStart && bytes[contentEnd - 1] == UInt8(ascii: "\r") { contentEnd -= 1 }
            let lineText = String(decoding: bytes[lineStart..<contentEnd], as: UTF8.self)
            lineStart = lineEnd + 1

            let tokens = lineText.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            if tokens.isEmpty || tokens[0].hasPrefix("#") { continue }

            func fail(_ why: String) -> TraceParseError {
                TraceParseError(description: "ERROR \(path):\(lineNumber): \(why)  [\(lineText)]")
            }
            func number(_ s: String) throws(TraceParseError) -> Double {
                // Decimal literals only: Double(String) would also take hex, inf and nan.
                guard !s.isEmpty, !s.contains(where: { "xXnN".contains($0) }), let v = Double(s), v.isFinite else {
                    throw fail("bad number '\(s)'")
                }
                return v
            }
            func variable(_ s: String) throws(TraceParseError) -> Int {
                guard let k = variableIndex[s] else { throw fail("undeclared variable '\(s)'") }
                return k
            }
            func priority(_ s: String) throws(TraceParseError) -> Double {
                let p = try number(s)
                guard p > 0 && p <= 1000 else { throw fail("priority must be in (0,1000]") }
                return p
            }
            func emit(_ op: TraceOp) { trace.code.append(TraceInstruction(op: op, line: lineNumber)) }

            if !sawHeader {
                guard tokens == ["kiwitrace", "1"] else { throw fail("first line must be 'kiwitrace 1'") }
                sawHeader = true
                continue
            }
            let n = tokens.count
            switch tokens[0] {
            case "var":
                guard n >= 2 else { throw fail("var needs at least one name") }
                if let b = openBlock, trace.blocks[b].repeatCount != nil { throw fail("var inside a repeat block") }
                for name in tokens[1...] {
                    guard isValidName(name) else { throw fail("bad variable name '\(name)'") }
                    guard variableIndex[name] == nil else { throw fail("variable declared twice: \(name)") }
                    variableIndex[name] = trace.variableNames.count
                    isEdit.append(false)
                    emit(.declare(variable: trace.variableNames.count))
                    trace.variableNames.append(name)
                }
            case "add":
                guard n >= 6 else { throw fail("add needs: ID REL PRIO CONST NAME:COEF...") }
                guard isValidName(tokens[1]) else { throw fail("bad constraint id") }
                let slot: Int
                if let s = slotIndex[tokens[1]] {
                    slot = s
                } else {
                    slot = trace.constraintIDs.count
                    slotIndex[tokens[1]] = slot
                    trace.constraintIDs.append(tokens[1])
                    live.append(false)
                }
                guard !live[slot] else { throw fail("constraint id already live: \(tokens[1])") }
                live[slot] = true
                let relation: Relation
                switch tokens[2] {
                case "==": relation = .equal
                case "<=": relation = .lessThanOrEqual
                case ">=": relation = .greaterThanOrEqual
                default: throw fail("relation must be ==, <= or >=")
                }
                let p = try priority(tokens[3])
                let constant = try number(tokens[4])
                var terms: [TraceTerm] = []
                for token in tokens[5...] {
                    guard let colon = token.lastIndex(of: ":"), colon != token.startIndex else {
                        throw fail("term must be NAME:COEF")
                    }
                    let v = try variable(String(token[..<colon]))
                    let a = try number(String(token[token.index(after: colon)...]))
                    guard a != 0 else { throw fail("zero coefficient") }
                    guard !terms.contains(where: { $0.variable == v }) else { throw fail("variable twice in one constraint") }
                    terms.append(TraceTerm(variable: v, coefficient: a))
                }
                emit(.add(slot: slot, definition: trace.definitions.count))
                trace.definitions.append(TraceConstraint(terms: terms, constant: constant, relation: relation, priority: p))
            case "remove", "setconst":
                let isRemove = tokens[0] == "remove"
                guard n == (isRemove ? 2 : 3) else { throw fail(isRemove ? "remove ID" : "setconst ID CONST") }
                guard let slot = slotIndex[tokens[1]], live[slot] else { throw fail("no live constraint with id \(tokens[1])") }
                if isRemove {
                    live[slot] = false
                    emit(.remove(slot: slot))
                } else {
                    emit(.setConstant(slot: slot, constant: try number(tokens[2])))
                }
            case "edit":
                guard n == 3 else { throw fail("edit NAME PRIO") }
                let v = try variable(tokens[1])
                let p = try priority(tokens[2])
                guard p < 1000 else { throw fail("an edit variable cannot be required") }
                guard !isEdit[v] else { throw fail("already an edit variable") }
                isEdit[v] = true
                emit(.edit(variable: v, priority: p))
            case "suggest":
                guard n == 3 else { throw fail("suggest NAME VALUE") }
                let v = try variable(tokens[1])
                guard isEdit[v] else { throw fail("not an edit variable: \(tokens[1])") }
                emit(.suggest(variable: v, value: try number(tokens[2])))
            case "update":
                guard n == 1 else { throw fail("update takes no argument") }
                emit(.update)
            case "check":
                guard n == 4 else { throw fail("check NAME VALUE TOL") }
                guard openBlock == nil else { throw fail("check inside a timed block") }
                let v = try variable(tokens[1])
                let value = try number(tokens[2])
                let tolerance = try number(tokens[3])
                guard tolerance >= 0 else { throw fail("negative tolerance") }
                trace.checkCount += 1
                emit(.check(variable: v, value: value, tolerance: tolerance))
            case "phase", "repeat":
                let isRepeat = tokens[0] == "repeat"
                guard openBlock == nil else { throw fail("blocks do not nest") }
                guard n == (isRepeat ? 3 : 2) else { throw fail(isRepeat ? "repeat NAME COUNT" : "phase NAME") }
                guard isValidName(tokens[1]) else { throw fail("bad block name") }
                guard blockNames.insert(tokens[1]).inserted else { throw fail("block name used twice: \(tokens[1])") }
                var count: Int? = nil
                if isRepeat {
                    guard tokens[2].allSatisfy({ $0.isASCII && $0.isNumber }), let c = Int(tokens[2]), c >= 1 else {
                        throw fail("COUNT must be a positive integer")
                    }
                    count = c
                }
                let b = trace.blocks.count
                trace.blocks.append(TraceBlock(name: tokens[1], repeatCount: count,
                                               body: (trace.code.count + 1)..<(trace.code.count + 1)))
                openBlock = b
                liveAtBlockStart = live
                editAtBlockStart = isEdit
                emit(.begin(block: b))
            case "end":
                guard n == 1 else { throw fail("end takes no argument") }
                guard let b = openBlock else { throw fail("end without block") }
                trace.blocks[b].body = trace.blocks[b].body.lowerBound..<trace.code.count
                if trace.blocks[b].repeatCount != nil {
                    // Slots created inside the body were not live at its start.
                    let padded = liveAtBlockStart + Array(repeating: false, count: live.count - liveAtBlockStart.count)
                    guard padded == live && editAtBlockStart == isEdit else {
                        throw fail("a repeat body must leave the same constraints and edit variables live")
                    }
                }
                openBlock = nil
                emit(.end(block: b))
            default:
                throw fail("unknown op '\(tokens[0])'")
            }
        }
        guard sawHeader else { throw TraceParseError(description: "ERROR \(path): empty trace") }
        if let b = openBlock { throw TraceParseError(description: "ERROR \(path): block '\(trace.blocks[b].name)' has no end") }
        return trace
    }

    static func isValidName(_ s: String) -> Bool {
        !s.isEmpty && s.utf8.allSatisfy { c in
            (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A)
                || c == UInt8(ascii: "_") || c == UInt8(ascii: ".") || c == UInt8(ascii: "-")
        }
    }
}
