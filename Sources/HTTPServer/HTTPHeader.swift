import Platform
/// One header line: a name as spelled (compared without case) and its value.
/// A struct, not a tuple: an array of tuples is destroyed through the runtime's generic
/// tuple witness, a field at a time, and headers are made and dropped on every request.
public struct HTTPHeader: Equatable, Sendable {
    public var name: String
    public var value: String
    public init(_ name: String, _ value: String) { self.name = name; self.value = value }
}

extension Array where Element == HTTPHeader {
    /// The value of the first header named `name` (ASCII case-insensitive), each read where it
    /// stands: the one look-up of requests and answers on both sides of the HTTP layer.
    public func value(named name: String) -> String? {
        // Lengths first, read through the buffer: most names differ in length, and an element
        // copied out of the array costs two reference counts.
        let length = name.utf8.count
        return withUnsafeBufferPointer { headers in
            for k in headers.indices where headers[k].name.utf8.count == length {
                if asciiCaseInsensitiveEquals(headers[k].name, name) { return headers[k].value }
            }
            return nil
        }
    }
}
