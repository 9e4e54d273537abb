import Testing
@Test func CassowaryTestsBuilds() { #expect(Bool(true)) }
