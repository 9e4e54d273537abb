import Foundation
import Testing
import TrellisServer

/// README.md's configuration table (between `<!-- config:begin -->` and
/// `<!-- config:end -->`) lists exactly the settings of `ServerConfig.settings`:
/// one row per setting, `| TRELLIS_X | --option | default | meaning |`.
@Suite struct ReadmeConfigTableTests {
    static let readmeURL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("README.md")

    /// (environment variable, option) of every data row of the table.
    static func tableRows() throws -> [(env: String, option: String, value: String)] {
        let text = try String(contentsOf: readmeURL, encoding: .utf8)
        let begin = try #require(text.range(of: "<!-- config:begin -->"), "README.md has no <!-- config:begin --> marker")
        let end = try #require(text.range(of: "<!-- config:end -->"), "README.md has no <!-- config:end --> marker")
        try #require(begin.upperBound <= end.lowerBound)
        var rows: [(String, String, String)] = []
        for line in text[begin.upperBound..<end.lowerBound].split(separator: "\n") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "`")) }
            guard cells.count >= 4, cells[1].hasPrefix("TRELLIS_") else { continue }
            // `--port`, `-p`: the long option first, then its short form.
            let option = cells[2].split(separator: "`").first.map(String.init) ?? cells[2]
            rows.append((cells[1], option, cells[3]))
        }
        return rows
    }

    @Test func listsExactlyTheSettings() throws {
        let rows = try Self.tableRows()
        let listed = rows.map(\.env)
        let settings = ServerConfig.settings.map(\.environment)
        #expect(Set(listed).count == listed.count, "a variable is listed twice: \(listed)")
        #expect(Set(listed) == Set(settings),
                "missing from README: \(Set(settings).subtracting(listed).sorted()); not a setting: \(Set(listed).subtracting(settings).sorted())")
        for setting in ServerConfig.settings {
            if let row = rows.first(where: { $0.env == setting.environment }) {
                #expect(row.option == "--" + setting.option, "\(setting.environment): option \(row.option)")
                // The default the table states is the one `serve --help` shows (prose such
                // as "number of cores" stands for a value of the machine).
                let shown = setting.value(in: ServerConfig())
                if !row.value.contains(" ") {
                    #expect(Double(row.value).map { $0 == Double(shown) } ?? (row.value == shown),
                            "\(setting.environment): README says \(row.value), serve --help \(shown)")
                }
            }
        }
    }
}
