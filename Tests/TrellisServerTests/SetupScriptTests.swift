import Foundation
import Testing

/// README command one on a machine without Swift (issue #15 item 1): `scripts/setup` stops
/// at once, before installing anything, and says which Swift is needed and where to get it.
@Suite struct SetupScriptTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func withoutSwiftSetupSaysWhatToInstall() throws {
        // A PATH of the system's directories only: no toolchain there on this machine (where
        // one is installed system-wide, the premise does not hold and there is nothing to see).
        let path = "/usr/local/sbin:/usr/sbin:/sbin:/usr/bin:/bin"
        let hasSwift = path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/swift") }
        try #require(!hasSwift, "swift is installed system-wide")
        let setup = Process()
        setup.executableURL = URL(fileURLWithPath: "/bin/bash")
        setup.arguments = [Self.root.appendingPathComponent("scripts/setup").path]
        setup.environment = ["PATH": path, "HOME": NSTemporaryDirectory()]
        let errors = Pipe()
        setup.standardError = errors
        setup.standardOutput = Pipe()
        try setup.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        setup.waitUntilExit()
        #expect(setup.terminationStatus == 1)
        #expect(text.contains("Swift is not installed"))
        #expect(text.contains("Swift 6.0 or newer") && text.contains("https://www.swift.org/install/linux/"))
    }
}
