import Foundation
import FuzzHarnesses
import Testing

/// Every input kept in fuzz/corpus/<harness>/ (seeds, and what fuzzing found once fixed)
/// passes its harness: a finding stays fixed.
@Suite struct FuzzCorpusTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../fuzz/corpus").standardizedFileURL

    @Test(arguments: Harness.allCases)
    func everyKeptInputPasses(_ harness: Harness) throws {
        let dir = Self.corpus.appendingPathComponent(harness.rawValue)
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        #expect(!files.isEmpty, "no inputs in \(dir.path)")
        for file in files {
            let bytes = try [UInt8](Data(contentsOf: dir.appendingPathComponent(file)))
            #expect(harness.run(bytes) == nil, "\(harness.rawValue)/\(file)")
        }
    }
}
