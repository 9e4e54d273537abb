import Platform
/// `Content-Type` checks for the routes that take a body.
public enum MediaType {
    /// What a route's body must be.
    public enum Body: Sendable {
        case json, text
        var name: String { self == .json ? "application/json" : "text/plain" }

        func accepts(_ contentType: String?) -> Bool { MediaType.isType(contentType, name) }
    }

    public static func isJSON(_ contentType: String?) -> Bool { isType(contentType, "application/json") }

    /// True for `application/json` with no parameters or with parameters among which a
    /// `charset` (if any) is UTF-8: `application/json; charset=utf-8`, `Application/JSON`.
    static func isType(_ contentType: String?, _ type: String) -> Bool {
        guard let contentType else { return false }
        if contentType == type { return true }  // what nearly every client sends
        var parts = contentType.split(separator: ";", omittingEmptySubsequences: false).map { trim($0) }
        guard !parts.isEmpty, asciiCaseInsensitiveEquals(parts.removeFirst(), type) else { return false }
        for parameter in parts where !parameter.isEmpty {
            guard let eq = parameter.firstIndex(of: "=") else { return false }
            let name = trim(parameter[..<eq])
            var value = trim(parameter[parameter.index(after: eq)...])
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
            if asciiCaseInsensitiveEquals(name, "charset"),
               !(asciiCaseInsensitiveEquals(value, "utf-8") || asciiCaseInsensitiveEquals(value, "utf8")) {
                return false
            }
        }
        return true
    }

    static func trim(_ s: Substring) -> String {
        var t = s[...]
        while let f = t.first, f == " " || f == "\t" { t = t.dropFirst() }
        while let l = t.last, l == " " || l == "\t" { t = t.dropLast() }
        return String(t)
    }
}
