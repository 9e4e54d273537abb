// Parser of the constraint expression language (docs/api.md §2.4):
//
//   constraint := item relation rhs [ "@" priority ]
//   item       := ITEM "." ATTR { "." ATTR }
//   rhs        := NUMBER | target [ ("*" | "/") NUMBER ] [ ("+" | "-") NUMBER ]
//   target     := ( "superview" | ITEM ) [ "." ATTR { "." ATTR } ]
//   ITEM       := VIEW [ "." ( "layoutMarginsGuide" | "safeAreaLayoutGuide" ) ]
//   priority   := NUMBER | "required" | "high" | "medium" | "low"
//
// Recursive descent over a one-token lookahead. A syntax error ends the parse (the rest
// cannot be read reliably); errors of meaning (unknown attribute, reserved view name,
// zero multiplier, priority range) are collected and parsing goes on, so one string can
// report several. Every error carries the 1-based column of the token at fault.

/// What an expression says; optional parts are nil when not written.
struct ParsedExpression: Equatable {
    var first: ItemRef
    var attributes: AttributeSet
    var relation: Relation
    var target: ConstraintTarget
    var multiplier: Double?
    var offset: Double?
    var priority: Double?
    /// Columns of the first item's and the target item's names (0: no target item).
    var firstColumn: Int32 = 1
    var targetColumn: Int32 = 0
}

/// An error inside an expression: code, message, 1-based column in the expression.
struct ExpressionError: Equatable {
    var code: ErrorCode
    var message: String
    var column: Int
}

struct ExpressionParser {
    private var lexer: ExpressionLexer
    private var token: ExpressionToken
    private(set) var errors: [ExpressionError] = []
    /// The document's views, to resolve item names against (`NameTable`).
    private let names: NameTable.Unowned?
    /// `LayoutLimits.maxCoordinate` of the request.
    private let coordinateLimit: Double

    private struct SyntaxError: Error {}

    init(_ text: Bytes, names: NameTable.Unowned? = nil, coordinateLimit: Double = LayoutLimits.standard.maxCoordinate) {
        self.names = names
        self.coordinateLimit = coordinateLimit
        lexer = ExpressionLexer(text)
        token = lexer.next()
    }

    /// Parses a whole expression; nil when any error was found (see `errors`).
    static func parse(_ text: Bytes, names: NameTable.Unowned? = nil,
                      coordinateLimit: Double = LayoutLimits.standard.maxCoordinate) -> (ParsedExpression?, [ExpressionError]) {
        var parser = ExpressionParser(text, names: names, coordinateLimit: coordinateLimit)
        let result = try? parser.constraint()
        return (parser.errors.isEmpty ? result : nil, parser.errors)
    }

    /// Whether any token was consumed (an expression of only spaces is "empty").
    private var sawToken = false

    /// Moves to the next token. A byte that starts no token ends the parse right there,
    /// before the token in front of it is interpreted (`a.tôp` is a syntax error at `ô`,
    /// not an unknown attribute `t`).
    private mutating func advance() throws(SyntaxError) {
        sawToken = true
        token = lexer.next()
        if token.kind == .invalid { throw syntax("an attribute, a view, a number or an operator") }
    }

    private func column(_ t: ExpressionToken) -> Int { lexer.column(t.start) }

    /// The column of a token the parse went past (kept for errors found later). A parse
    /// that succeeds read only ASCII (a byte outside it starts no token), so the column is
    /// the byte offset's.
    private func itemColumn(_ t: ExpressionToken) -> Int32 { Int32(clamping: t.start + 1) }

    private mutating func report(_ code: ErrorCode, _ message: String, at t: ExpressionToken) {
        errors.append(ExpressionError(code: code, message: message, column: column(t)))
    }

    /// Records a syntax error at the current token and abandons the parse.
    private mutating func syntax(_ expected: String) -> SyntaxError {
        let found = token.kind == .end ? "end of expression" : "'\(lexer.text(token))'"
        if token.kind == .end && !sawToken {
            report(ErrorCode.expressionSyntax, "empty expression", at: token)
        } else {
            report(ErrorCode.expressionSyntax, "expected \(expected), found \(found)", at: token)
        }
        return SyntaxError()
    }

    private mutating func constraint() throws(SyntaxError) -> ParsedExpression {
        let (firstItem, attributes, firstToken) = try path(firstItem: true)
        let first: ItemRef
        switch firstItem {
        case .item(let ref): first = ref
        case .superview: first = ItemRef(view: "superview")   // already reported
        }
        if attributes.isEmpty, errors.isEmpty {
            throw syntax("'.' and an attribute after '\(lexer.text(firstToken))'")
        }
        let relation: Relation
        switch token.kind {
        case .equal: relation = .equal
        case .lessEqual: relation = .lessThanOrEqual
        case .greaterEqual: relation = .greaterThanOrEqual
        default: throw syntax("a relation (==, <=, >=)")
        }
        try advance()
        // Each part in a local, the result built once at the end: setting the fields of a
        // local result one after another would copy it whole (its strings retained) each time.
        var target = ConstraintTarget.constant(.scalar(0))
        var multiplier: Double?, offset: Double?, priority: Double?
        var targetColumn: Int32 = 0
        // What may still follow, for the message if something else does.
        var allowed = "'@' or the end of the expression"
        switch token.kind {
        case .number, .minus:
            target = .constant(.scalar(try coordinate()))
        case .identifier:
            allowed = "'*', '/', '+', '-', '@' or the end of the expression"
            let (item, targetAttributes, targetToken) = try path(firstItem: false)
            target = .item(item, targetAttributes)
            targetColumn = itemColumn(targetToken)
            if token.kind == .star || token.kind == .slash {
                let divide = token.kind == .slash
                try advance()
                let numberToken = token
                let m = try number()
                if m == 0 {
                    report(ErrorCode.badMultiplier, divide ? "cannot divide by zero" : "multiplier must not be zero", at: numberToken)
                } else if divide, !(1 / m).isFinite {
                    report(ErrorCode.badMultiplier, "1 / \(m) is not finite", at: numberToken)
                } else {
                    multiplier = divide ? 1 / m : m
                }
                allowed = "'+', '-', '@' or the end of the expression"
            }
            if token.kind == .plus || token.kind == .minus {
                let negate = token.kind == .minus
                try advance()
                let c = try coordinate()
                offset = negate ? -c : c
                allowed = "'@' or the end of the expression"
            }
        default:
            throw syntax("a number or a view after the relation")
        }
        if token.kind == .at {
            try advance()
            priority = try self.priority()
            allowed = "the end of the expression"
        }
        guard token.kind == .end else { throw syntax(allowed) }
        return ParsedExpression(first: first, attributes: attributes, relation: relation, target: target,
                                multiplier: multiplier, offset: offset, priority: priority,
                                firstColumn: itemColumn(firstToken), targetColumn: targetColumn)
    }

    /// `NUMBER := ["-"] digits ["." digits] [exponent]`.
    private mutating func number() throws(SyntaxError) -> Double {
        let start = token
        var negative = false
        if token.kind == .minus { negative = true; try advance() }
        guard token.kind == .number else { throw syntax("a number") }
        let v = lexer.value(token)
        guard v.isFinite else {
            report(ErrorCode.expressionSyntax, "number must be finite", at: start)
            throw SyntaxError()
        }
        try advance()
        return negative ? -v : v
    }

    /// A constant: a number within `coordinateLimit` of zero.
    private mutating func coordinate() throws(SyntaxError) -> Double {
        let start = token
        let v = try number()
        if !CoordinateRange.contains(v, within: coordinateLimit) {
            report(ErrorCode.outOfRange, CoordinateRange.message(v, limit: coordinateLimit), at: start)
        }
        return v
    }

    private mutating func priority() throws(SyntaxError) -> Double? {
        let start = token
        if token.kind == .identifier {
            let named = Names.priority(Bytes(rebasing: lexer.text[token.start..<token.end]))
            guard let named else { throw syntax("a priority (a number or required, high, medium, low)") }
            try advance()
            return named
        }
        guard token.kind == .number || token.kind == .minus else { throw syntax("a priority (a number or required, high, medium, low)") }
        let p = try number()
        guard p > 0, p <= 1000 else {
            report(ErrorCode.priorityOutOfRange, "priority must be in (0, 1000], found \(NumberFormat.string(p))", at: start)
            return nil
        }
        return p
    }

    /// `( "superview" | VIEW ) [ "." guide ] { "." ATTR }`. For the first item `superview`
    /// is refused (it names the view the constraint belongs to).
    private mutating func path(firstItem: Bool) throws(SyntaxError) -> (TargetItem, AttributeSet, ExpressionToken) {
        guard token.kind == .identifier else { throw syntax(firstItem ? "a view name" : "a number or a view") }
        let head = token
        // Advance before interpreting a name, so a stray byte right after it is reported
        // as the syntax error it is rather than as a bad name.
        try advance()
        let headBytes = bytes(head)
        var item: TargetItem
        if Names.isSuperview(headBytes) {
            if firstItem {
                report(ErrorCode.invalidID, "the first item must be a view id, not 'superview'", at: head)
            }
            item = .superview(guide: nil)
        } else if let (view, slot) = names?.find(headBytes) {
            // A view of the document: a valid id, resolved (`NameTable`).
            item = .item(ItemRef(view: view, slot: slot))
        } else {
            if Names.isReserved(headBytes) {
                let hint = firstItem ? "" : "; did you mean superview.\(lexer.text(head))?"
                report(ErrorCode.invalidID, "'\(lexer.text(head))' is a reserved word, not a view id" + hint, at: head)
            }
            item = .item(ItemRef(view: lexer.text(head)))
        }
        var attributes = AttributeSet()
        var sawComponent = false
        while token.kind == .dot {
            try advance()
            guard token.kind == .identifier else { throw syntax("an attribute name after '.'") }
            let component = token
            try advance()
            let name = bytes(component)
            if !sawComponent, let guide = Names.guide(name) {
                switch item {
                case .superview: item = .superview(guide: guide)
                case .item(var ref):
                    ref.guide = guide
                    item = .item(ref)
                }
            } else if let set = Names.attribute(name) {
                attributes.formUnion(set)
            } else {
                report(ErrorCode.unknownAttribute, "unknown attribute '\(lexer.text(component))'" + Names.attributeHint(lexer.text(component)),
                       at: component)
            }
            sawComponent = true
        }
        return (item, attributes, head)
    }

    private func bytes(_ t: ExpressionToken) -> Bytes { Bytes(rebasing: lexer.text[t.start..<t.end]) }
}

/// Parses one expression string into a ConstraintSpec located at `location`. Errors carry
/// `location` with `exprColumn` set to the column of the offending token.
/// A refused expression is a 422 problem.
public func parseConstraintExpression(_ text: String, location: RequestLocation) -> Result<ConstraintSpec, LayoutProblem> {
    let (parsed, errors) = Array(text.utf8).withUnsafeBufferPointer { ExpressionParser.parse($0) }
    guard let parsed else {
        return .failure(LayoutProblem(status: 422, title: WireProblem.contractTitle, errors: errors.map { e in
            var at = location
            at.exprColumn = e.column
            return LayoutError(code: e.code, message: e.message, location: at)
        }))
    }
    return .success(parsed.spec(location))
}

extension ParsedExpression {
    /// The constraint this expression alone describes (defaults for what it leaves out).
    func spec(_ location: RequestLocation) -> ConstraintSpec {
        ConstraintSpec(id: nil, first: first, attributes: attributes, relation: relation, target: target,
                       multiplier: multiplier ?? 1, modifier: offset.map { .offset($0) } ?? .none,
                       priority: priority ?? 1000, label: nil, source: nil, location: location,
                       expressionSite: site(at: location, inExprField: false))
    }

    /// Where the string stands, with the columns of its items.
    func site(at location: RequestLocation, inExprField: Bool) -> ExpressionSite {
        site(line: location.line, column: location.column, inExprField: inExprField)
    }

    func site(line: Int, column: Int, inExprField: Bool) -> ExpressionSite {
        ExpressionSite(line: Int32(clamping: line), column: Int32(clamping: column),
                       inExprField: inExprField, firstColumn: firstColumn, targetColumn: targetColumn)
    }
}
