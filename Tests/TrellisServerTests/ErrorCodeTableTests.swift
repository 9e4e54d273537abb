import Foundation
import Testing
import Layout

/// `ErrorCode` is the one table of codes: openapi.yaml's `ErrorCode` and `DiagnosticCode`
/// lists and docs/api.md's status table must say exactly what it says.
@Suite struct ErrorCodeTableTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The `- item` lines of the first `enum:` block after `schema:` in openapi.yaml.
    static func specEnum(_ schema: String, in yaml: String) -> [String] {
        guard let start = yaml.range(of: "\n    \(schema):\n") else { return [] }
        var items: [String] = []
        var inEnum = false
        for line in yaml[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("    ") && !line.hasPrefix("     ") { break }  // the next schema
            if line.trimmingCharacters(in: .whitespaces) == "enum:" { inEnum = true; continue }
            if inEnum {
                let t = line.trimmingCharacters(in: .whitespaces)
                guard t.hasPrefix("- ") else { break }
                items.append(String(t.dropFirst(2)))
            }
            // An inline enum: `enum: [a, b]`.
            if let r = line.range(of: "enum: [") {
                items += line[r.upperBound...].dropLast().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            }
        }
        return items
    }

    @Test func theSpecListsEveryErrorCodeAndNoOther() throws {
        let yaml = try Self.text("openapi.yaml")
        let errors = ErrorCode.allCases.filter { $0.status != nil }.map(\.rawValue)
        let listed = Self.specEnum("ErrorCode", in: yaml)
        #expect(listed.count > 30, "the spec's ErrorCode list was not found")
        #expect(Set(listed) == Set(errors), "openapi.yaml ErrorCode: missing \(Set(errors).subtracting(listed).sorted()), extra \(Set(listed).subtracting(errors).sorted())")
        #expect(listed.count == Set(listed).count)
        let warnings = ErrorCode.allCases.filter { $0.status == nil }.map(\.rawValue)
        #expect(Set(Self.specEnum("DiagnosticCode", in: yaml)) == Set(warnings))
    }

    /// docs/api.md §5.3: each code appears in the row (or rows) of its status.
    @Test func theDocsTableGivesEachCodeItsStatus() throws {
        let docs = try Self.text("docs/api.md")
        let table = try #require(docs.range(of: "### 5.3 Status codes and error codes"))
        var codesByStatus: [Int: Set<String>] = [:]
        for line in docs[table.upperBound...].split(separator: "\n").prefix(30) where line.hasPrefix("| ") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false)
            guard cells.count > 2, let status = Int(cells[1].trimmingCharacters(in: .whitespaces)) else { continue }
            var found = Set<String>()
            var rest = cells[2...].joined(separator: "|")[...]
            while let open = rest.firstIndex(of: "`"), let close = rest[rest.index(after: open)...].firstIndex(of: "`") {
                found.insert(String(rest[rest.index(after: open)..<close]))
                rest = rest[rest.index(after: close)...]
            }
            codesByStatus[status, default: []].formUnion(found)
        }
        #expect(codesByStatus.count >= 10, "docs/api.md §5.3's table was not found")
        for code in ErrorCode.allCases {
            guard let status = code.status else { continue }
            #expect(codesByStatus[status]?.contains(code.rawValue) == true, "docs/api.md §5.3 does not list \(code.rawValue) under \(status)")
        }
        let documented = codesByStatus.values.reduce(Set<String>()) { $0.union($1) }
            .filter { $0.contains(where: \.isLetter) && $0 == $0.lowercased() && !$0.contains(" ") && !$0.contains("/") && $0.first != "`" }
        let known = Set(ErrorCode.allCases.map(\.rawValue))
        let stray = documented.filter { !known.contains($0) && $0.contains("-") }
        #expect(stray.isEmpty, "docs/api.md §5.3 names codes the table lacks: \(stray.sorted())")
    }

    @Test func rawValuesAreKebabCase() {
        for code in ErrorCode.allCases {
            #expect(code.rawValue.allSatisfy { $0.isLowercase || $0 == "-" }, "\(code)")
        }
    }
}
