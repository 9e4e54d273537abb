// Tokens of the constraint expression language (docs/api.md §2.4). The lexer works on
// the string's UTF-8 bytes and reports token starts as byte offsets; columns (1-based,
// in Unicode scalars) are computed only when an error needs one.

enum ExpressionTokenKind: Equatable {
    case identifier, number, dot, equal, lessEqual, greaterEqual, star, slash, plus, minus, at, end
    /// A byte that starts no token; `text` says which.
    case invalid
}

struct ExpressionToken {
    var kind: ExpressionTokenKind
    /// Byte range in the expression.
    var start: Int
    var end: Int
}

struct ExpressionLexer {
    let text: Bytes
    private(set) var position = 0

    init(_ text: Bytes) { self.text = text }

    /// The next token; `.end` forever once the text is used up.
    mutating func next() -> ExpressionToken {
        while position < text.count, text[position] == 0x20 || text[position] == 0x09 || text[position] == 0x0A || text[position] == 0x0D {
            position += 1
        }
        let start = position
        guard position < text.count else { return ExpressionToken(kind: .end, start: start, end: start) }
        let b = text[position]
        position += 1
        func token(_ kind: ExpressionTokenKind) -> ExpressionToken { ExpressionToken(kind: kind, start: start, end: position) }
        switch b {
        case UInt8(ascii: "."): return token(.dot)
        case UInt8(ascii: "*"): return token(.star)
        case UInt8(ascii: "/"): return token(.slash)
        case UInt8(ascii: "+"): return token(.plus)
        case UInt8(ascii: "-"): return token(.minus)
        case UInt8(ascii: "@"): return token(.at)
        case UInt8(ascii: "="), UInt8(ascii: "<"), UInt8(ascii: ">"):
            // Only the two-character relations exist; a lone '=' or '<' is an error.
            guard position < text.count, text[position] == UInt8(ascii: "=") else { return token(.invalid) }
            position += 1
            return token(b == UInt8(ascii: "=") ? .equal : b == UInt8(ascii: "<") ? .lessEqual : .greaterEqual)
        case 48...57:
            scanNumberRest()
            return token(.number)
        default:
            if Names.isIdentifierStart(b) {
                while position < text.count, Names.isIdentifierStart(text[position]) || JSONNumber.isDigit(text[position]) {
                    position += 1
                }
                return token(.identifier)
            }
            // Swallow a whole multi-byte scalar so the message can show it.
            while position < text.count, text[position] & 0xC0 == 0x80 { position += 1 }
            return token(.invalid)
        }
    }

    /// digits [ "." digits ] [ exponent ], the first digit already consumed. A '.' not
    /// followed by a digit is left alone (it is then an unexpected '.').
    private mutating func scanNumberRest() {
        skipDigits()
        if position + 1 < text.count, text[position] == UInt8(ascii: "."), JSONNumber.isDigit(text[position + 1]) {
            position += 1
            skipDigits()
        }
        if position < text.count, text[position] | 0x20 == UInt8(ascii: "e") {
            var k = position + 1
            if k < text.count, text[k] == UInt8(ascii: "+") || text[k] == UInt8(ascii: "-") { k += 1 }
            if k < text.count, JSONNumber.isDigit(text[k]) {
                position = k
                skipDigits()
            }
        }
    }

    private mutating func skipDigits() {
        while position < text.count, JSONNumber.isDigit(text[position]) { position += 1 }
    }

    /// 1-based column (Unicode scalars) of byte offset `offset`.
    func column(_ offset: Int) -> Int {
        var column = 1
        var k = 0
        while k < offset, k < text.count {
            if text[k] & 0xC0 != 0x80 { column += 1 }
            k += 1
        }
        return column
    }

    func text(_ token: ExpressionToken) -> String {
        Names.string(Bytes(rebasing: text[token.start..<token.end]))
    }

    /// The value of a number token (finite or not; the parser checks).
    func value(_ token: ExpressionToken) -> Double {
        guard let base = text.baseAddress else { return .nan }
        var failAt = 0
        if let (v, next) = try? JSONNumber.scan(base, token.start, token.end, failAt: &failAt), next == token.end { return v }
        // Leading zeros (`007`) are fine here, unlike JSON; infinities come back as such.
        return JSONNumber.slowConvert(base, token.start, token.end)
    }
}
