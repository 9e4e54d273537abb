import Testing
@Test func TrellisServerTestsBuilds() { #expect(Bool(true)) }
