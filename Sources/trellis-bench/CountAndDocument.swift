// The arguments of the document-driven subcommands (`memory`, `oneshot`): how many times,
// and which layout document, read whole.
#if canImport(Glibc)
import Glibc
#endif

struct CountAndDocument {
    var count: Int
    var bytes: [UInt8]

    /// Parses `[--count N] DOCUMENT.json`; prints `usage` and gives the exit status when the
    /// caller should stop (help asked, or bad arguments).
    static func parse(_ arguments: [String], usage: String, defaultCount: Int) -> Result<CountAndDocument, ExitStatus> {
        var count = defaultCount
        var path: String?
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--count":
                guard let v = iterator.next().flatMap({ Int($0) }), v > 0 else { printError(usage); return .failure(ExitStatus(2)) }
                count = v
            case "-h", "--help": print(usage); return .failure(ExitStatus(0))
            default: path = argument
            }
        }
        guard let path, let bytes = readFileBytes(path) else { printError(usage); return .failure(ExitStatus(2)) }
        return .success(CountAndDocument(count: count, bytes: bytes))
    }

    static func readFileBytes(_ path: String) -> [UInt8]? {
        guard let f = fopen(path, "rb") else { return nil }
        defer { fclose(f) }
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = fread(&chunk, 1, chunk.count, f)
            if n <= 0 { break }
            out.append(contentsOf: chunk[0..<n])
        }
        return out
    }
}

struct ExitStatus: Error {
    let code: Int32
    init(_ code: Int32) { self.code = code }
}
