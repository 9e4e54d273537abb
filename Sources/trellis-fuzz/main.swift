// The fuzzing driver (scripts/fuzz). Built with `-DFUZZING --sanitize=fuzzer`, it is a
// libFuzzer binary running the harness named by TRELLIS_FUZZ_HARNESS; built plainly, it runs
// a harness over files (`trellis-fuzz HARNESS FILE...`), to replay what a fuzzer found.
import FuzzHarnesses
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

#if FUZZING
/// A line on standard error (fd 2: no shared `FILE`).
private func complain(_ text: String) {
    let line = text + "\n"
    _ = line.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
}

private let harness: Harness = {
    let name = getenv("TRELLIS_FUZZ_HARNESS").map { String(cString: $0) } ?? ""
    guard let h = Harness(rawValue: name) else {
        complain("trellis-fuzz: set TRELLIS_FUZZ_HARNESS to one of \(Harness.allCases.map(\.rawValue))")
        exit(2)
    }
    return h
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    if let failure = harness.run(bytes) {
        complain("trellis-fuzz: \(harness.rawValue): \(failure)")
        abort()  // libFuzzer keeps the input as a crash
    }
    return 0
}
#else
@main struct Replay {
    static func main() {
        let args = CommandLine.arguments.dropFirst()
        guard let name = args.first, let harness = Harness(rawValue: name) else {
            print("usage: trellis-fuzz {\(Harness.allCases.map(\.rawValue).joined(separator: "|"))} FILE...")
            exit(2)
        }
        var failed = 0
        for path in args.dropFirst() {
            guard let file = fopen(path, "rb") else { print("\(path): cannot open"); failed += 1; continue }
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = fread(&chunk, 1, chunk.count, file)
                if n <= 0 { break }
                bytes += chunk[0..<n]
            }
            fclose(file)
            if let failure = harness.run(bytes) { print("\(path): \(failure)"); failed += 1 }
        }
        exit(failed == 0 ? 0 : 1)
    }
}
#endif
