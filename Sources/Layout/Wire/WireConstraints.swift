// Decoding of constraints (docs/api.md §2, constraints table): an object, an
// expression string, or an object with `expr` plus fields. Checks here are the ones a
// single constraint allows on its own (types, names, ranges, one constant); whether the
// views exist or the attributes fit together is the compiler's business.
//
// Choices where the contract is silent:
// - beside `expr`, the fields `view`, `attributes`, `relation`, `to` are always an error
//   (`conflicting-fields`: the expression already says them); `multiplier`/`dividedBy`
//   and `priority` are an error only if the expression has its own (`*`/`/`, `@`);
//   `offset`/`inset` beside an expression that has a constant (`+ c`, or a number rhs)
//   are `conflicting-constants`, like two constants in plain fields;
// - `multiplier` and `dividedBy` together are `bad-multiplier`;
// - `null` for an optional field means absent.

extension WireReader {
    private enum F {
        static let id = 0, view = 1, attributes = 2, relation = 3, to = 4, multiplier = 5, dividedBy = 6,
                   offset = 7, inset = 8, priority = 9, label = 10, source = 11, expr = 12, active = 13
    }
    static let constraintFields = FieldTable(
        "id", "view", "attributes", "relation", "to", "multiplier", "dividedBy", "offset", "inset",
        "priority", "label", "source", "expr", "active",
    )

    /// A `constraints` array. Explicit ids must be unique across the request
    /// (`constraintIDs`).
    mutating func constraints(_ n: Int, _ pointer: String, inOp: Bool) -> [ConstraintSpec] {
        guard nodes[n].kind == .array else { wrongType(n, pointer, expected: "an array of constraints"); return [] }
        var out: [ConstraintSpec] = []
        out.reserveCapacity(nodes[n].count)
        for (k, element) in elements(n).enumerated() {
            if let spec = constraint(element, ElementPath(pointer, k), inOp: inOp) { out.append(spec) }
        }
        return out
    }

    /// One constraint, or nil when it is broken (the errors say why).
    @inline(__always)
    mutating func constraint(_ n: Int, _ path: ElementPath, inOp: Bool) -> ConstraintSpec? {
        switch nodes[n].kind {
        case .string:
            if withBytes(n, VFLParser.isLine) { return vflEntry(n, path, inOp: inOp) }
            let location = location(n, path)
            guard let parsed = expression(n, path.text) else { return nil }
            return parsed.spec(location)
        case .object:
            switch objectEntry(n) {
            case .distribute: return distributeEntry(n, path, inOp: inOp)
            case .vfl: return vflEntry(n, path, inOp: inOp)
            case .plain: return constraintObject(n, path, inOp: inOp)
            }
        default:
            wrongType(n, path.text, expected: "a constraint (an object or an expression string)")
            return nil
        }
    }

    /// Parses the expression in string node `n`; errors are located at the string.
    private mutating func expression(_ n: Int, _ pointer: @autoclosure () -> String) -> ParsedExpression? {
        let names = documentNames, limit = limits.maxCoordinate  // not read inside the closure: that would copy the reader
        let (parsed, problems) = withBytes(n) { ExpressionParser.parse($0, names: names, coordinateLimit: limit) }
        for p in problems { error(p.code, p.message, n, pointer(), exprColumn: p.column) }
        return parsed
    }

    private mutating func constraintObject(_ n: Int, _ path: ElementPath, inOp: Bool) -> ConstraintSpec? {
        // Built only where an error or an explicit id needs it.
        var pointer: String { path.text }
        let errorsBefore = errors.count
        let f = fields(n, WireReader.constraintFields, pointer)
        let location = location(n, path)
        let names = WireReader.constraintFields
        func at(_ field: Int) -> String { child(pointer, names[field]) }
        // Present and not null.
        func given(_ field: Int) -> Int? {
            guard let v = f[field], nodes[v].kind != .null else { return nil }
            return v
        }

        var first: ItemRef?
        var site: ExpressionSite?
        var attributes: AttributeSet?
        var relation = Relation.equal
        var target: ConstraintTarget?
        var multiplier: Double?
        var priority: Double?
        // Where each constant comes from, for conflict checks.
        var constants = ConstantSources()
        var multiplierNode: Int?, priorityNode: Int?
        var exprOffset: Double?

        if let e = given(F.expr) {
            for field in [F.view, F.attributes, F.relation, F.to] {
                if let v = given(field) {
                    error(ErrorCode.conflictingFields, "'\(names[field])' is already given by 'expr'", v, at(field))
                }
            }
            // A broken expression still lets the other fields be checked below.
            var parsed: ParsedExpression?
            if nodes[e].kind == .string {
                parsed = expression(e, at(F.expr))
                if let parsed { site = parsed.site(line: Int(nodes[e].line), column: column(e), inExprField: true) }
            } else {
                wrongType(e, at(F.expr), expected: "an expression string")
            }
            if let parsed {
                first = parsed.first
                attributes = parsed.attributes
                relation = parsed.relation
                target = parsed.target
                multiplier = parsed.multiplier
                priority = parsed.priority
                if multiplier != nil { multiplierNode = e }
                if priority != nil { priorityNode = e }
                exprOffset = parsed.offset
                if case .constant = parsed.target { constants.add(("a constant target in 'expr'", e)) }
                if parsed.offset != nil { constants.add(("the '+'/'-' constant in 'expr'", e)) }
            }
        } else {
            if let v = given(F.view) { first = firstItem(v, at(F.view)) } else if !inOp {
                error(ErrorCode.missingField, "a constraint needs 'view' (the item it belongs to)", n, pointer)
            }
            if let a = given(F.attributes) { attributes = self.attributes(a, at(F.attributes)) } else {
                error(ErrorCode.missingField, "a constraint needs 'attributes'", n, pointer)
            }
            if let r = given(F.relation) {
                if nodes[r].kind == .string, let rel = withBytes(r, Names.relation) { relation = rel } else {
                    error(ErrorCode.wrongType, "relation must be \"==\", \"<=\" or \">=\" (or equalTo, lessThanOrEqualTo, greaterThanOrEqualTo)", r, at(F.relation))
                }
            }
            if let t = given(F.to) {
                target = self.target(t, at(F.to))
                if case .constant = target { constants.add(("'to' (a constant target)", t)) }
            } else {
                error(ErrorCode.missingTarget, "a constraint needs 'to' (SnapKit drops a chain without a relation target)", n, pointer)
            }
        }

        // Multiplier: `multiplier` or `dividedBy`, once.
        if let m = given(F.multiplier) {
            if multiplierNode != nil {
                error(ErrorCode.conflictingFields, "'multiplier' is already given by 'expr'", m, at(F.multiplier))
            } else if let v = number(m, at(F.multiplier)) {
                if v == 0 { error(ErrorCode.badMultiplier, "multiplier must not be zero", m, at(F.multiplier)) } else { multiplier = v }
                multiplierNode = m
            }
        }
        if let d = given(F.dividedBy) {
            if let node = multiplierNode {
                let by = node == f[F.expr] ? "'expr'" : "'multiplier'"
                error(node == f[F.expr] ? ErrorCode.conflictingFields : ErrorCode.badMultiplier,
                      "'dividedBy' conflicts with the multiplier given by \(by)", d, at(F.dividedBy))
            } else if let v = number(d, at(F.dividedBy)) {
                if v == 0 { error(ErrorCode.badMultiplier, "cannot divide by zero", d, at(F.dividedBy)) } else if !(1 / v).isFinite {
                    error(ErrorCode.badMultiplier, "1 / \(v) is not finite", d, at(F.dividedBy))
                } else { multiplier = 1 / v }
            }
        }

        // Constant: at most one of a constant `to`, `offset`, `inset`.
        var modifier = ConstantModifier.none
        if let exprOffset { modifier = .offset(exprOffset) }
        if let o = given(F.offset) {
            constants.add(("'offset'", o))
            if let v = coordinate(o, at(F.offset)) { modifier = .offset(v) }
        }
        if let i = given(F.inset) {
            constants.add(("'inset'", i))
            if nodes[i].kind == .number {
                if let v = coordinate(i, at(F.inset)) { modifier = .inset(.scalar(v)) }
            } else if nodes[i].kind == .object {
                if let value = insets(i, at(F.inset), side: 0) { modifier = .inset(.insets(value)) }
            } else {
                wrongType(i, at(F.inset), expected: "a number or an insets object")
            }
        }
        if constants.count > 1 {
            let ordered = constants.list.sorted { $0.1 < $1.1 }
            let second = ordered[1]
            let field = second.1 == f[F.offset] ? F.offset : second.1 == f[F.inset] ? F.inset : second.1 == f[F.to] ? F.to : F.expr
            error(ErrorCode.conflictingConstants,
                  "a constraint gives its constant one way only: found " + ordered.map { "\($0.0)" }.joined(separator: " and "),
                  second.1, at(field))
        }

        if let p = given(F.priority) {
            if priorityNode != nil {
                error(ErrorCode.conflictingFields, "'priority' is already given by 'expr' ('@')", p, at(F.priority))
            } else {
                priority = self.priority(p, at(F.priority))
            }
        }

        let id = given(F.id).flatMap { constraintID($0, at(F.id), entry: pointer) }
        var label: String?
        if let l = given(F.label) { label = string(l, at(F.label)) }
        var source: SourceLocation?
        if let s = given(F.source) { source = self.source(s, at(F.source)) }
        var active = true
        if let a = given(F.active), let value = bool(a, at(F.active)) { active = value }
        // Every error about this constraint echoes the caller's own location.
        if let source { for k in errorsBefore..<errors.count where errors[k].source == nil { errors[k].source = source } }

        guard errors.count == errorsBefore, let attributes, let target else { return nil }
        return ConstraintSpec(id: id, first: first, attributes: attributes, relation: relation, target: target,
                              multiplier: multiplier ?? 1, modifier: modifier, priority: priority ?? 1000,
                              label: label, source: source, location: location, expressionSite: site, active: active)
    }

    /// An entry's explicit id at node `n`: not empty, and unique across the request (its first
    /// use is remembered with the entry's pointer, `entry`).
    mutating func constraintID(_ n: Int, _ pointer: @autoclosure () -> String, entry: String) -> String? {
        guard let s = string(n, pointer()) else { return nil }
        if s.isEmpty {
            error(ErrorCode.invalidID, "a constraint id must not be empty", n, pointer())
        } else if let previous = constraintIDs[s] {
            error(ErrorCode.duplicateID, "duplicate constraint id '\(s)' (first used by \(previous))", n, pointer())
        } else {
            constraintIDs[s] = entry
            return s
        }
        return nil
    }

    static let sourceFields = FieldTable("file", "line", "column")

    /// `{file, line, column?}`: the caller's own location.
    mutating func source(_ n: Int, _ pointer: @autoclosure () -> String) -> SourceLocation? {
        guard object(n, pointer(), "a source object {file, line, column?}") else { return nil }
        let f = fields(n, WireReader.sourceFields, pointer())
        guard let fileNode = f[0], let lineNode = f[1] else {
            error(ErrorCode.missingField, "a source needs 'file' and 'line'", n, pointer())
            return nil
        }
        let file = string(fileNode, child(pointer(), "file"))
        let line = integer(lineNode, child(pointer(), "line"), 1...Int(Int32.max))
        var column: Int?
        if let c = f[2], !isNull(c) {
            column = integer(c, child(pointer(), "column"), 1...Int(Int32.max))
            if column == nil { return nil }
        }
        guard let file, let line else { return nil }
        return SourceLocation(file: file, line: line, column: column)
    }
}

/// Up to three constant sources of one constraint (a constant target, an offset, an
/// inset), kept inline: the common case has one or none and allocates nothing. Plain data
/// (the descriptions are static text): nothing to release when a constraint is read.
private struct ConstantSources {
    private var a, b, c: (StaticString, Int)?
    private(set) var count = 0

    mutating func add(_ source: (StaticString, Int)) {
        switch count {
        case 0: a = source
        case 1: b = source
        default: c = source
        }
        count = min(count + 1, 3)
    }

    var list: [(StaticString, Int)] { [a, b, c].compactMap { $0 } }
}
