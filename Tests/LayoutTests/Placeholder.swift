import Testing
@Test func LayoutTestsBuilds() { #expect(Bool(true)) }
