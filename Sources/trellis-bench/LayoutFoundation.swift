// The comparison for our document decoder: Foundation's JSONDecoder on the same bytes, into
// Codable structs equivalent to a layout document (docs/api.md §2): views with all their
// fields, constraints as an enum of an expression string or an object with all its fields.
// Foundation is imported here only; it is the thing being measured. It does less than ours:
// no expression parsing, no name or range checks, no locations, unknown fields ignored.
import Foundation

struct FoundationDocument: Decodable {
    var direction: String?
    var views: [FoundationView]?
    var constraints: [FoundationConstraint]?
    var strict: Bool?
}

struct FoundationView: Decodable {
    var id: String
    var superview: String?
    var frame: FoundationRect?
    var kind: String?
    var margins: FoundationInsets?
    var safeArea: FoundationInsets?
    var intrinsicSize: FoundationSize?
    var hugging: FoundationAxes?
    var compressionResistance: FoundationAxes?
    var baselines: FoundationBaselines?
}

struct FoundationRect: Decodable { var x, y, width, height: Double }
struct FoundationSize: Decodable { var width, height: Double? }
struct FoundationAxes: Decodable { var horizontal, vertical: Double? }
struct FoundationBaselines: Decodable { var first, last: Double? }
struct FoundationInsets: Decodable { var top, left, bottom, right, leading, trailing: Double? }
struct FoundationSource: Decodable { var file: String; var line: Int; var column: Int? }

enum FoundationConstraint: Decodable {
    case expression(String)
    case object(FoundationConstraintObject)

    init(from decoder: Decoder) throws {
        let single = try decoder.singleValueContainer()
        if let text = try? single.decode(String.self) { self = .expression(text) } else {
            self = .object(try single.decode(FoundationConstraintObject.self))
        }
    }
}

struct FoundationConstraintObject: Decodable {
    var id: String?
    var view: String?
    var attributes: FoundationAttributes?
    var relation: String?
    var to: FoundationTarget?
    var multiplier: Double?
    var dividedBy: Double?
    var offset: Double?
    var inset: FoundationInset?
    var priority: FoundationPriority?
    var label: String?
    var source: FoundationSource?
    var expr: String?
}

/// `"edges"` or `["top", "leading"]`.
enum FoundationAttributes: Decodable {
    case one(String)
    case many([String])

    init(from decoder: Decoder) throws {
        let single = try decoder.singleValueContainer()
        if let name = try? single.decode(String.self) { self = .one(name) } else { self = .many(try single.decode([String].self)) }
    }
}

/// An item string, a number, or an object (`{width,height}`, `{x,y}`, insets, `{view, attribute}`).
enum FoundationTarget: Decodable {
    case item(String)
    case number(Double)
    case object(FoundationTargetObject)

    init(from decoder: Decoder) throws {
        let single = try decoder.singleValueContainer()
        if let item = try? single.decode(String.self) { self = .item(item) } else if let n = try? single.decode(Double.self) {
            self = .number(n)
        } else {
            self = .object(try single.decode(FoundationTargetObject.self))
        }
    }
}

struct FoundationTargetObject: Decodable {
    var width, height, x, y, top, left, bottom, right, leading, trailing: Double?
    var view: String?
    var attribute: FoundationAttributes?
}

enum FoundationInset: Decodable {
    case scalar(Double)
    case insets(FoundationInsets)

    init(from decoder: Decoder) throws {
        let single = try decoder.singleValueContainer()
        if let n = try? single.decode(Double.self) { self = .scalar(n) } else { self = .insets(try single.decode(FoundationInsets.self)) }
    }
}

enum FoundationPriority: Decodable {
    case value(Double)
    case name(String)

    init(from decoder: Decoder) throws {
        let single = try decoder.singleValueContainer()
        if let n = try? single.decode(Double.self) { self = .value(n) } else { self = .name(try single.decode(String.self)) }
    }
}

/// Decodes with one JSONDecoder, reused as a server would reuse it.
final class FoundationDocumentDecoder {
    private let decoder = JSONDecoder()

    /// A decode of `bytes`, ready to run: the bytes become Data once, outside the timed region
    /// (ours reads the [UInt8] in place). The closure gives (views, constraints), or nil on failure.
    func prepared(_ bytes: [UInt8]) -> () -> (views: Int, constraints: Int)? {
        let data = Data(bytes)
        let decoder = self.decoder
        return {
            guard let document = try? decoder.decode(FoundationDocument.self, from: data) else { return nil }
            return (document.views?.count ?? 0, document.constraints?.count ?? 0)
        }
    }
}
