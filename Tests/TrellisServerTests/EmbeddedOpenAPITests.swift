import Foundation
import Testing
import Layout
@testable import TrellisServer

@Suite struct EmbeddedOpenAPITests {
    static let specURL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("openapi.yaml")

    @Test func embeddedCopyEqualsTheFile() throws {
        let onDisk = try String(contentsOf: Self.specURL, encoding: .utf8)
        #expect(OpenAPIDocument.yaml == onDisk, "run scripts/embed-openapi")
        #expect(OpenAPIDocument.bytes == Array(onDisk.utf8))
    }

    /// Every code of docs/api.md §5 is in the spec's ErrorCode enum.
    @Test func everyContractCodeIsListed() {
        let codes = ["invalid-json", "bad-request", "revision-mismatch", "too-large", "unknown-field", "wrong-type",
                     "unknown-view", "unknown-attribute", "unknown-constraint", "duplicate-id", "superview-cycle",
                     "missing-target", "conflicting-constants", "multi-attribute-mismatch", "axis-mismatch",
                     "mixed-direction", "no-superview", "no-common-ancestor", "priority-out-of-range",
                     "bad-multiplier", "expression-syntax", "no-matching-constraint", "unsatisfiable",
                     // the server's own
                     "not-found", "unknown-session", "method-not-allowed", "unsupported-media-type", "internal-error",
                     // the HTTP layer's own (TrellisApp.protocolError)
                     "request-timeout", "too-many-connections",
                     // the wire reader's beyond the contract's list
                     WireCode.missingField, WireCode.invalidID, WireCode.conflictingFields]
        for code in codes {
            #expect(OpenAPIDocument.yaml.contains("        - \(code)\n"), "\(code)")
        }
    }
}
