import Platform
/// `Content-Type` checks for the routes that take a body.
public enum MediaType {
    /// True for `application/json` with no parameters or with parameters among which a
    /// `charset` (if any) is UTF-8: `application/json; charset=utf-8`, `Application/JSON`.
    public static func isJSON(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        if contentType == "application/json" { return true }  // what nearly every client sends
        var parts = contentType.split(separator: ";", omittingEmptySubsequences: false).map { trim($0) }
        guard !parts.isEmpty, asciiCaseInsensitiveEquals(parts.removeFirst(), "application/json") else { return false }
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
