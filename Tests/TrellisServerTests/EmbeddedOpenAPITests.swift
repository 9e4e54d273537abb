import Foundation
import Testing
import Layout
import TrellisServer

@Suite struct EmbeddedOpenAPITests {
    static let specURL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("openapi.yaml")

    @Test func embeddedCopyEqualsTheFile() throws {
        let onDisk = try String(contentsOf: Self.specURL, encoding: .utf8)
        #expect(OpenAPIDocument.yaml == onDisk, "the compiled-in spec differs from openapi.yaml")
        #expect(OpenAPIDocument.bytes == Array(onDisk.utf8))
    }
}
