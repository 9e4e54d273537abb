/// One header line: a name as spelled (compared without case) and its value.
/// A struct, not a tuple: an array of tuples is destroyed through the runtime's generic
/// tuple witness, a field at a time, and headers are made and dropped on every request.
public struct HTTPHeader: Equatable, Sendable {
    public var name: String
    public var value: String
    public init(_ name: String, _ value: String) { self.name = name; self.value = value }
}
