import Layout
import Platform

/// The layouts of recent one-shot documents, kept to answer the next document of the same
/// structure warm (`WarmLayout`, docs/api.md "Warm one-shots"). Bounded by bytes (an estimate
/// per layout), least recently used first out. A structure is kept from its second sighting
/// on: a stream of documents never seen twice pays only for remembering their hashes.
///
/// A layout is taken out while a request uses it and put back after, so two requests never
/// share one; a second request of the same structure meanwhile misses (and may keep one more).
final class WarmLayouts: Sendable {
    /// Metric labels of `trellis_warm_layouts_total`.
    enum Result: Int, CaseIterable {
        case hit, miss, declined
        var label: String { ["hit", "miss", "declined"][rawValue] }
    }

    let capacityBytes: Int
    private let state: Locked<State>

    init(capacityBytes: Int) {
        self.capacityBytes = capacityBytes
        state = Locked(State())
    }

    /// Kept layouts one request compares with its document at most (a hash's layouts of other
    /// structures, or bodies of other skeletons): the cost of a miss stays bounded.
    static let triesPerRequest = 8

    /// The kept layout for `document`'s structure (found by `hash`, compared in full), taken
    /// out of the cache; nil on a miss. Counts a miss; the caller counts a hit or a decline.
    /// Layouts of other structures with the same hash are tried in turn, newest first (two
    /// screens that differ in a priority alone may share it), and put back.
    func take(_ document: LayoutDocument, hash: Int) -> WarmLayout? {
        var others: [WarmLayout] = []
        defer { for layout in others { put(layout) } }
        while others.count < Self.triesPerRequest, let candidate = state.withLock({ $0.take(hash: hash) }) {
            if candidate.matches(document) { return candidate }
            others.append(candidate)
        }
        count(.miss)
        return nil
    }

    /// The kept layout whose body has `skeletonHash` (`ScannedBody`), taken out of the
    /// cache; nil if none. The body itself is compared when the layout is asked
    /// (`WarmLayout.retarget(body:)`). Counts nothing.
    func take(skeletonHash: Int) -> WarmLayout? {
        state.withLock { $0.take(skeleton: skeletonHash) }
    }

    /// The most recently kept layout that holds its body, taken out of the cache; nil if
    /// none. A guess, checked as `take(skeletonHash:)`'s is. Counts nothing.
    func takeNewest() -> WarmLayout? {
        state.withLock { $0.takeNewest() }
    }

    /// Whether a miss should keep a layout: the structure was seen before (the first sighting
    /// is only remembered) and a layout of it fits.
    /// Whether a layout of `bytes` may be kept: none takes more than a quarter of the room.
    func fits(_ bytes: Int) -> Bool { bytes <= capacityBytes / 4 }

    func shouldKeep(hash: Int) -> Bool {
        state.withLock { $0.sighted(hash) }
    }

    /// Keeps `layout` as the most recently used, letting the least recently used go past the bound.
    /// A layout taken out comes back to its slot; a spoiled one, or one grown too big, leaves it.
    func put(_ layout: WarmLayout) {
        let keep = fits(layout.estimatedBytes) && !layout.isSpoiled
        let released = state.withLock { $0.put(layout, keep: keep, capacity: capacityBytes) }
        _ = released  // freed here, outside the lock
    }

    func count(_ result: Result) { state.withLock { $0.counts[result.rawValue] &+= 1 } }

    func render(_ out: inout String) {
        let (counts, entries, bytes) = state.withLock { ($0.counts, $0.entries, $0.bytes) }
        let name = "trellis_warm_layouts_total"
        PrometheusText.header(&out, name: name, type: "counter",
                              help: "One-shots by how a kept layout served them: hit (answered warm), miss, declined (solved cold).")
        for result in Result.allCases {
            PrometheusText.sample(&out, name: name, labels: [("result", result.label)], value: String(counts[result.rawValue]))
        }
        PrometheusText.single(&out, name: "trellis_warm_layouts", type: "gauge", help: "One-shot layouts kept warm.", value: entries)
        PrometheusText.single(&out, name: "trellis_warm_layouts_bytes", type: "gauge",
                              help: "Estimated memory of the one-shot layouts kept warm (bounded by --warm-layouts-mb).", value: bytes)
    }
}

/// The cache under its lock: layouts in slots, linked newest to oldest, found by hash. A layout
/// a request has taken keeps its slot and its place in the indexes, marked out and unlinked
/// (so neither found nor let go), until it is put back: a take and a put then change no index
/// (each had removed and added a hash's list, an allocation and a free, for every warm answer).
private struct State: Sendable {
    struct Slot {
        var layout: WarmLayout?
        var newer: Int32 = -1
        var older: Int32 = -1
        /// Taken by a request: not in the newest-to-oldest list, not counted in `entries`/`bytes`.
        var out = false
        /// The layout's `skeletonHash` and `estimatedBytes` when it was put in.
        var skeleton: Int?
        var bytes = 0
    }
    var slots: [Slot] = []
    var free: [Int32] = []
    var byHash: [Int: [Int32]] = [:]
    var bySkeleton: [Int: [Int32]] = [:]
    var newest: Int32 = -1
    var oldest: Int32 = -1
    var entries = 0
    var bytes = 0
    var counts = [UInt64](repeating: 0, count: WarmLayouts.Result.allCases.count)
    /// Structures seen once, as a ring of hashes (bounded).
    var sightings = Set<Int>()
    var sightingRing: [Int] = []
    var sightingNext = 0
    static let sightingsKept = 4096

    mutating func take(hash: Int) -> WarmLayout? {
        guard let slot = byHash[hash]?.last(where: { !slots[Int($0)].out }) else { return nil }
        return takeOut(slot)
    }

    mutating func take(skeleton: Int) -> WarmLayout? {
        guard let slot = bySkeleton[skeleton]?.last(where: { !slots[Int($0)].out }) else { return nil }
        return takeOut(slot)
    }

    mutating func takeNewest() -> WarmLayout? {
        guard newest >= 0, slots[Int(newest)].skeleton != nil else { return nil }
        return takeOut(newest)
    }

    mutating func sighted(_ hash: Int) -> Bool {
        if sightings.remove(hash) != nil { return true }
        if sightingRing.count < Self.sightingsKept {
            sightingRing.append(hash)
        } else {
            sightings.remove(sightingRing[sightingNext])
            sightingRing[sightingNext] = hash
            sightingNext = (sightingNext + 1) % Self.sightingsKept
        }
        sightings.insert(hash)
        return false
    }

    /// Puts `layout` back in its slot, or in a new one, as newest (or, unless `keep`, lets its
    /// slot go); answers what had to go (to be freed outside the lock).
    mutating func put(_ layout: WarmLayout, keep: Bool, capacity: Int) -> [WarmLayout] {
        let home = byHash[layout.structureHash]?.first { slots[Int($0)].out && slots[Int($0)].layout === layout }
        guard keep else {
            if let home { discard(home) }
            return []
        }
        let slot: Int32
        if let home {
            slot = home
            let skeleton = layout.skeletonHash
            if slots[Int(slot)].skeleton != skeleton {
                unindex(slot, skeleton: slots[Int(slot)].skeleton)
                if let skeleton { bySkeleton[skeleton, default: []].append(slot) }
                slots[Int(slot)].skeleton = skeleton
            }
            slots[Int(slot)].out = false
            slots[Int(slot)].bytes = layout.estimatedBytes
        } else {
            if let reused = free.popLast() { slot = reused } else {
                slot = Int32(slots.count)
                slots.append(Slot())
            }
            let skeleton = layout.skeletonHash
            slots[Int(slot)] = Slot(layout: layout, skeleton: skeleton, bytes: layout.estimatedBytes)
            byHash[layout.structureHash, default: []].append(slot)
            if let skeleton { bySkeleton[skeleton, default: []].append(slot) }
        }
        link(slot)
        var released: [WarmLayout] = []
        while bytes > capacity, oldest >= 0, let gone = remove(oldest) { released.append(gone) }
        return released
    }

    /// Links `slot` in as newest and counts it.
    private mutating func link(_ slot: Int32) {
        slots[Int(slot)].newer = -1
        slots[Int(slot)].older = newest
        if newest >= 0 { slots[Int(newest)].newer = slot }
        newest = slot
        if oldest < 0 { oldest = slot }
        entries += 1
        bytes += slots[Int(slot)].bytes
    }

    /// Unlinks `slot` from the newest-to-oldest list and uncounts it.
    private mutating func unlink(_ slot: Int32) {
        let s = slots[Int(slot)]
        if s.newer >= 0 { slots[Int(s.newer)].older = s.older } else { newest = s.older }
        if s.older >= 0 { slots[Int(s.older)].newer = s.newer } else { oldest = s.newer }
        slots[Int(slot)].newer = -1
        slots[Int(slot)].older = -1
        entries -= 1
        bytes -= s.bytes
    }

    /// Hands out the layout of a linked slot, which stays its home while it is out.
    private mutating func takeOut(_ slot: Int32) -> WarmLayout? {
        guard let layout = slots[Int(slot)].layout, !slots[Int(slot)].out else { return nil }
        unlink(slot)
        slots[Int(slot)].out = true
        return layout
    }

    /// Takes a linked slot's layout out of the cache for good (the least recently used).
    private mutating func remove(_ slot: Int32) -> WarmLayout? {
        guard let layout = slots[Int(slot)].layout, !slots[Int(slot)].out else { return nil }
        unlink(slot)
        discard(slot)
        return layout
    }

    /// Frees a slot that is out of the list (taken out, or just unlinked) and its index entries.
    private mutating func discard(_ slot: Int32) {
        guard let layout = slots[Int(slot)].layout else { return }
        let hash = layout.structureHash
        byHash[hash]?.removeAll { $0 == slot }
        if byHash[hash]?.isEmpty == true { byHash[hash] = nil }
        unindex(slot, skeleton: slots[Int(slot)].skeleton)
        slots[Int(slot)] = Slot()
        free.append(slot)
    }

    private mutating func unindex(_ slot: Int32, skeleton: Int?) {
        guard let skeleton else { return }
        bySkeleton[skeleton]?.removeAll { $0 == slot }
        if bySkeleton[skeleton]?.isEmpty == true { bySkeleton[skeleton] = nil }
    }
}
