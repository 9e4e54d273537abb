import Synchronization
import Platform

// The store's entries and the two recency lists threaded through them (`SessionStore`).

extension SessionStore {
    /// One of the store's recency lists, threaded through the entries' own links.
    struct EntryList {
        let which: Entry.List
        private(set) var head: Entry?
        private(set) var tail: Entry?

        init(_ which: Entry.List) { self.which = which }

        mutating func detach(_ entry: Entry) {
            let links = entry[which]
            if let p = links.prev { p[which].next = links.next } else if head === entry { head = links.next }
            if let n = links.next { n[which].prev = links.prev } else if tail === entry { tail = links.prev }
            entry[which] = Links()
        }

        mutating func pushFront(_ entry: Entry) {
            entry[which] = Links(next: head)
            head?[which].prev = entry
            head = entry
            if tail == nil { tail = entry }
        }
    }

    /// An entry's place in one list (guarded by the store's lock).
    struct Links {
        weak var prev: Entry?
        var next: Entry?
        init(next: Entry? = nil) { self.next = next }
    }

    final class Entry: @unchecked Sendable {
        let id: String
        /// Guarded by `lock`.
        var session: Session
        /// Spins before it sleeps: an edit holds it for microseconds (see `Lock`).
        let lock = Lock(spins: 100_000)
        let lastUsed: Atomic<UInt64>
        let weight = Atomic<Int>(0)
        /// Its places in the store's two lists (guarded by the store's lock).
        enum List { case recency, hot }
        private var recencyLinks = Links()
        private var hotLinks = Links()
        subscript(list: List) -> Links {
            get { list == .recency ? recencyLinks : hotLinks }
            set { if list == .recency { recencyLinks = newValue } else { hotLinks = newValue } }
        }
        /// The entry's state, one atomic word (`EntryFlags`): read without a lock, each flag
        /// written under the lock its comment names.
        private let flags = Atomic<UInt8>(EntryFlags.alive.rawValue)


        func has(_ flag: EntryFlags) -> Bool { flags.load(ordering: .sequentiallyConsistent) & flag.rawValue != 0 }
        func set(_ flag: EntryFlags) { flags.bitwiseOr(flag.rawValue, ordering: .sequentiallyConsistent) }
        func clear(_ flag: EntryFlags) { flags.bitwiseAnd(~flag.rawValue, ordering: .sequentiallyConsistent) }
        /// Clears `flag`, answering whether it was set.
        func take(_ flag: EntryFlags) -> Bool {
            flags.bitwiseAnd(~flag.rawValue, ordering: .sequentiallyConsistent).oldValue & flag.rawValue != 0
        }
        /// The store's; `asleep` counts the entries whose flag is set until they go.
        let counters: SleepCounters

        init(id: String, session: Session, now: UInt64, counters: SleepCounters) {
            self.id = id
            self.session = session
            self.lastUsed = Atomic(now)
            self.counters = counters
        }

        /// A session removed while asleep leaves the gauge when its last holder lets go
        /// (the flag is final by then; counting it at removal would race with a sleep).
        deinit {
            if has(.asleep) { counters.asleep.subtract(1, ordering: .relaxed) }
        }
    }
}


/// The state of a session's entry in the store (`SessionStore.Entry.flags`).
struct EntryFlags: OptionSet {
    let rawValue: UInt8
    /// In the store (cleared once when it is removed).
    static let alive = EntryFlags(rawValue: 1)
    /// In the hot list (written under the store's lock).
    static let hot = EntryFlags(rawValue: 2)
    /// Put to sleep and not known to be woken since (written under the entry's lock):
    /// what `Hibernation.isAsleep` says of the session, kept here so that the gauge
    /// of sleeping sessions is counted without the entry's lock.
    static let asleep = EntryFlags(rawValue: 4)
    /// It left the hot list and should sleep once its lock is free (see `drainSleep`).
    static let sleepWanted = EntryFlags(rawValue: 8)
}
