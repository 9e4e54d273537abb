import ArgumentParser
import TrellisServer
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

struct Solve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Solve a layout document from a file (or - for standard input) and print the answer.",
        discussion: """
            Prints the answer JSON (as POST /v1/layouts would) and exits 0; for a document \
            the server would refuse, prints the problem+json (its "status" is the HTTP \
            status) and exits 1; exits 2 when the input cannot be read. The limits \
            TRELLIS_MAX_VIEWS and TRELLIS_MAX_CONSTRAINTS apply as in `serve`.
            """
    )

    @Argument(help: "A layout document (JSON), or - for standard input.")
    var file: String

    @Option(help: "root: frames in absolute coordinates (default: each in its superview's space).")
    var space: String?

    func validate() throws {
        if let space, space != "root" { throw ValidationError("--space takes only 'root'") }
    }

    func run() throws {
        var environment: [String: String] = [:]
        for setting in ServerConfig.settings {
            if let value = getenv(setting.environment) { environment[setting.environment] = String(cString: value) }
        }
        let config: ServerConfig
        do {
            config = try ServerConfig(environment: environment)
        } catch {
            printError("trellis solve: \(error)")
            throw ExitCode(2)
        }
        let document: [UInt8]
        do {
            document = try readAll(file)
        } catch let error as ReadError {
            printError("trellis solve: \(error.message)")
            throw ExitCode(2)
        }
        let service = makeLayoutService(config: config)
        let reply = service.solve(document: document, space: space == "root" ? .root : .superview)
        writeOut(reply.body + [UInt8(ascii: "\n")])
        guard reply.status == 200 else {
            printError("trellis solve: refused with \(reply.status) (\(reply.contentType))")
            throw ExitCode(1)
        }
    }
}

private struct ReadError: Error { var message: String }

/// The whole file (or standard input for "-").
private func readAll(_ path: String) throws -> [UInt8] {
    let fd: Int32 = path == "-" ? 0 : open(path, O_RDONLY)
    guard fd >= 0 else { throw ReadError(message: "cannot open \(path): \(String(cString: strerror(errno)))") }
    defer { if fd != 0 { close(fd) } }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
        let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if n == 0 { return bytes }
        if n < 0 {
            if errno == EINTR { continue }
            throw ReadError(message: "cannot read \(path): \(String(cString: strerror(errno)))")
        }
        bytes += chunk[..<n]
    }
}

private func writeOut(_ bytes: [UInt8]) {
    var offset = 0
    while offset < bytes.count {
        let n = bytes[offset...].withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
        if n <= 0 { if errno == EINTR { continue }; return }
        offset += n
    }
}
