import Foundation
import Testing

/// The Dockerfile (issue #15 item 9), read as text since no container engine runs in the
/// tests: images named in full, dependencies resolved before the sources are copied, the
/// Swift runtime linked in, the health check kept.
@Suite struct DockerfileTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static func read(_ name: String) throws -> [String] {
        try String(contentsOf: root.appendingPathComponent(name), encoding: .utf8).split(separator: "\n").map(String.init)
    }

    @Test func baseImagesAreFullyQualified() throws {
        let lines = try Self.read("Dockerfile")
        let images = lines.filter { $0.hasPrefix("ARG ") && $0.contains("_IMAGE=") }.map { String($0.split(separator: "=")[1]) }
        #expect(images.count == 2)
        for image in images {
            // registry/namespace/name:tag, the registry a host name (podman refuses short names).
            let parts = image.split(separator: "/")
            #expect(parts.count == 3 && parts[0].contains("."), "\(image)")
        }
        for from in lines.filter({ $0.hasPrefix("FROM ") }) {
            #expect(from.hasPrefix("FROM ${"), "\(from) names an image not given by a fully qualified ARG")
        }
    }

    @Test func dependenciesComeBeforeTheSources() throws {
        let lines = try Self.read("Dockerfile")
        guard let setup = lines.firstIndex(of: "RUN scripts/setup"), let sources = lines.firstIndex(of: "COPY . .") else {
            Issue.record("no 'RUN scripts/setup' or 'COPY . .'"); return
        }
        #expect(setup < sources)
        let copied = Set(lines[..<setup].filter { $0.hasPrefix("COPY ") }.map { String($0.split(separator: " ")[1]) })
        // What `scripts/setup` (and its `swift package resolve`) reads: the manifest and the
        // system-library module maps it names.
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let systemLibraries = manifest.matches(of: /\.systemLibrary\(name: "[A-Za-z]+", path: "([A-Za-z\/]+)"/).map { String($0.output.1) }
        #expect(systemLibraries.count >= 4)
        for path in systemLibraries + ["Package.swift", "scripts/setup"] {
            #expect(copied.contains(path), "\(path) is not copied before setup")
        }
    }

    @Test func oneBinaryWithTheRuntimeLinkedIn() throws {
        let text = try Self.read("Dockerfile").joined(separator: "\n")
        #expect(text.contains("--static-swift-stdlib"))
        #expect(!text.contains("LD_LIBRARY_PATH"))
        #expect(text.contains("HEALTHCHECK") && text.contains("--format docker"))
        #expect(text.contains("USER trellis"))
    }
}
