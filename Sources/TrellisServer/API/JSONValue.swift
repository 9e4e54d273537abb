import Layout

/// A small JSON value and writer, for the bodies the server itself makes (problems,
/// /healthz). Layout answers are written by the Layout module and pass through as bytes.
public indirect enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    /// Must be finite (the contract never writes anything else).
    case number(Double)
    case string(String)
    case array([JSONValue])
    /// Members in order.
    case object([(String, JSONValue)])
    /// Already encoded JSON, written as is.
    case raw([UInt8])

    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        a.encoded() == b.encoded()
    }

    public func encoded() -> [UInt8] {
        var out: [UInt8] = []
        write(to: &out)
        return out
    }

    public func write(to out: inout [UInt8]) {
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .int(let i): out.append(contentsOf: String(i).utf8)
        case .number(let d): out.append(contentsOf: JSONValue.format(d).utf8)
        case .string(let s): JSONValue.writeString(s, to: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                item.write(to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (i, (key, value)) in members.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                JSONValue.writeString(key, to: &out)
                out.append(UInt8(ascii: ":"))
                value.write(to: &out)
            }
            out.append(UInt8(ascii: "}"))
        case .raw(let bytes): out.append(contentsOf: bytes)
        }
    }

    /// Integral values without a fraction (`375`, not `375.0`); others in Swift's
    /// shortest round-trip form. Non-finite values (never expected) become `null`.
    public static func format(_ d: Double) -> String {
        guard d.isFinite else { return "null" }
        if d == d.rounded(), abs(d) < 1e15 { return String(Int64(d)) }
        return String(d)
    }

    public static func writeString(_ s: String, to out: inout [UInt8]) { JSONEscape.appendQuoted(s, to: &out) }
}
