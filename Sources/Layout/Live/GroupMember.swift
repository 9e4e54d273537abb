/// One constraint an entry that makes several of its own (a `distribute` entry, a VFL line)
/// made: the entry (with its id) and which of its constraints this is, 1-based, of how many.
/// Kept with the constraint's description so that the document lists the entry whole while
/// its constraints are as it made them (`Registry.intactGroup`).
final class GroupMember: Sendable {
    let entry: ConstraintSpec
    let entryID: String
    let index: Int
    let count: Int
    /// The priority the entry gave it (a VFL line's differ constraint by constraint).
    let priority: Double
    init(entry: ConstraintSpec, entryID: String, index: Int, count: Int, priority: Double) {
        self.entry = entry; self.entryID = entryID; self.index = index; self.count = count; self.priority = priority
    }
}
