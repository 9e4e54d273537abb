import Foundation
import Testing
import TrellisSnap

/// The README's TrellisSnap example is this test's code, line for line, and gives the frame
/// its comment says.
struct ReadmeExampleTests {
    static let lines = [
        #"let root = TrellisView(id: "root", frame: CGRect(x: 0, y: 0, width: 375, height: 667))"#,
        #"let card = TrellisView(id: "card")"#,
        "root.addSubview(card)",
        "card.snp.makeConstraints { make in make.edges.equalToSuperview().inset(20) }",
        "try root.layout()",
        "print(card.frame == CGRect(x: 20, y: 20, width: 335, height: 627))  // true",
    ]

    @Test func theReadmeShowsThisCode() throws {
        let readme = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains(Self.lines.joined(separator: "\n")))
    }

    @Test func andItGivesTheFrameItSays() throws {
        let root = TrellisView(id: "root", frame: CGRect(x: 0, y: 0, width: 375, height: 667))
        let card = TrellisView(id: "card")
        root.addSubview(card)
        card.snp.makeConstraints { make in make.edges.equalToSuperview().inset(20) }
        try root.layout()
        #expect(card.frame == CGRect(x: 20, y: 20, width: 335, height: 627))
    }
}
