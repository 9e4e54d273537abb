// trellis-bench memory: what one live session costs in memory, measured in-process.
// Builds COUNT layouts of one document the way the session store does (decode, make,
// compact, first answer) and keeps them alive; prints the growth of resident memory per layout,
// separately for the decoded documents and for the live layouts built from them.
#if canImport(Glibc)
import Glibc
#endif
import Layout

enum MemoryBench {
    static let usage = "usage: trellis-bench memory [--count N] DOCUMENT.json"

    static func main(_ arguments: [String]) -> Int32 {
        let count: Int, bytes: [UInt8]
        switch CountAndDocument.parse(arguments, usage: usage, defaultCount: 1000) {
        case .failure(let status): return status.code
        case .success(let parsed): (count, bytes) = (parsed.count, parsed.bytes)
        }

        let (documents, documentBytes) = measure(count) { _ -> LayoutDocument? in
            if case .success(let d) = decodeLayoutDocument(bytes) { return d }
            return nil
        }
        guard documents.allSatisfy({ $0 != nil }) else { printError("memory: the document does not decode"); return 1 }
        print(format("decoded document   %8.1f KB resident each", Double(documentBytes) / 1024 / Double(count)))

        let (layouts, layoutBytes) = measure(count) { i -> LiveLayout? in
            guard let document = documents[i], case .success(let layout) = LiveLayout.make(document: document) else { return nil }
            _ = layout.answer(space: .superview)
            layout.compactStorage()
            return layout
        }
        guard layouts.allSatisfy({ $0 != nil }) else { printError("memory: the document does not solve"); return 1 }
        print(format("live layout        %8.1f KB resident each (%d layouts)", Double(layoutBytes) / 1024 / Double(count), count))
        print(format("resident now       %8.1f MB", Double(procStatusKB("VmRSS")) / 1024))
        return 0
    }

    /// Runs `make` COUNT times, keeping every result, and returns the results and the growth
    /// of resident memory.
    static func measure<T>(_ count: Int, _ make: (Int) -> T) -> ([T], Int) {
        var kept: [T] = []
        kept.reserveCapacity(count)
        let before = residentBytes()
        for i in 0..<count { kept.append(make(i)) }
        return (kept, residentBytes() - before)
    }

    /// Resident bytes: what the operator pays (heap in use plus malloc's fragmentation).
    static func residentBytes() -> Int { procStatusKB("VmRSS") * 1024 }
}
