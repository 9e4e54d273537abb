import Foundation
import Testing

/// The repository carries its own reference (docs/): every citation in the code, the spec,
/// the README and the scripts points at a section of it that exists, never at a document
/// outside the repository (issue #15 item 10).
@Suite struct DocsReferenceTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func files() throws -> [URL] {
        var out: [URL] = []
        for top in ["Sources", "Tests", "scripts", "playground", "docs"] {
            guard let walk = FileManager.default.enumerator(at: root.appendingPathComponent(top), includingPropertiesForKeys: nil) else { continue }
            for case let url as URL in walk where ["swift", "md", "js", "html", "py", ""].contains(url.pathExtension)
                && !url.lastPathComponent.hasPrefix(".") {
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue { out.append(url) }
            }
        }
        return out + ["README.md", "openapi.yaml"].map { root.appendingPathComponent($0) }
    }

    /// The numbers of a doc's headings: "## 3. Constants" -> "3", "### 3.2 The ..." -> "3.2".
    static func sections(_ doc: String) throws -> Set<String> {
        let text = try String(contentsOf: root.appendingPathComponent(doc), encoding: .utf8)
        var numbers = Set<String>()
        for line in text.split(separator: "\n") where line.hasPrefix("#") {
            let words = line.drop { $0 == "#" }.split(separator: " ")
            if let first = words.first, first.first?.isNumber == true { numbers.insert(String(first.hasSuffix(".") ? first.dropLast() : first)) }
        }
        return numbers
    }

    @Test func citationsPointInsideTheRepository() throws {
        let known = ["docs/semantics.md": try Self.sections("docs/semantics.md"), "docs/api.md": try Self.sections("docs/api.md"),
                     "docs/explain.md": try Self.sections("docs/explain.md")]
        let citation = /(docs\/(?:semantics|api|explain)\.md) §(\d+(?:\.\d+)?)/
        let outside = /SEMANTICS(\.md)? [§\d]|CONTRACT(\.md| section| §)/
        var cited = 0
        for file in try Self.files() {
            guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
            let name = file.path.replacingOccurrences(of: Self.root.path + "/", with: "")
            if name.hasSuffix("DocsReferenceTests.swift") { continue }
            let citesOutside = text.contains(outside)
            #expect(!citesOutside, "\(name) cites a document outside the repository")
            for match in text.matches(of: citation) {
                cited += 1
                let doc = String(match.output.1), section = String(match.output.2)
                #expect(known[doc]?.contains(section) == true, "\(name): \(doc) has no section \(section)")
            }
        }
        #expect(cited > 30)
    }
}
