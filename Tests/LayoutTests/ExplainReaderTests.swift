import Foundation
@testable import LogExplain
import Testing

/// How single entries are rebuilt (docs/explain.md §2-3): each form's expression in the
/// document, read from the report.
@Suite struct ExplainReaderTests {
    static func expressions(_ entries: [String]) throws -> [String] {
        let paste = "Unable to simultaneously satisfy constraints:\n(\n" + entries.map { "    \"<\($0)>\"," }.joined(separator: "\n") + "\n)\n"
        guard case .report(let bytes) = LogExplainer.explain(Array(paste.utf8)) else { return [] }
        let report = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        let log = try #require((report["logs"] as? [[String: Any]])?.first)
        let document = try #require(log["document"] as? [String: Any])
        return (document["constraints"] as? [[String: Any]] ?? []).filter { ($0["id"] as? String ?? "").hasPrefix("c") }
            .compactMap { $0["expr"] as? String }
    }

    @Test func vflFormsInEachDirection() throws {
        let names = "(active, names: '|':NSView:0xb )"
        #expect(try Self.expressions([
            "NSLayoutConstraint:0x1 H:|-(5)-[NSView:0xa]   \(names)",
            "NSLayoutConstraint:0x2 H:|-(5)-[NSView:0xa](LTR)   \(names)",
            "NSLayoutConstraint:0x3 H:|-(5)-[NSView:0xa](RTL)   \(names)",
            "NSLayoutConstraint:0x4 H:[NSView:0xa]-(>=8)-|(RTL)   \(names)",
            "NSLayoutConstraint:0x5 H:[NSView:0xa]-(NSSpace(8))-[NSView:0xc](RTL)   (active)",
            "NSLayoutConstraint:0x6 V:[NSView:0xa(44@750)]   (active)",
        ]) == [
            "NSView_0xa.leading == NSView_0xb.leading + 5",
            "NSView_0xa.left == NSView_0xb.left + 5",
            "NSView_0xa.right == NSView_0xb.right - 5",
            "NSView_0xb.left <= NSView_0xa.left - 8",
            "NSView_0xc.right == NSView_0xa.left - 8",
            "NSView_0xa.height == 44 @750",
        ])
    }

    /// A paste of 60 logs: 50 are explained, and the 51st's header line is warned about.
    @Test func logsAreCapped() throws {
        let paste = (0..<60).map { k in
            "Unable to simultaneously satisfy constraints.\n\"<NSLayoutConstraint:0x\(k) UIView:0xa.width == \(k)>\""
        }.joined(separator: "\n")
        guard case .report(let bytes) = LogExplainer.explain(Array(paste.utf8)) else { Issue.record("not explained"); return }
        let report = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        #expect((report["logs"] as? [[String: Any]])?.count == 50)
        let warnings = report["warnings"] as? [[String: Any]] ?? []
        #expect(warnings.contains { $0["line"] as? Int == 101 && ($0["message"] as? String ?? "").contains("more than 50 logs") }, "\(warnings)")
    }

    @Test func equationForms() throws {
        #expect(try Self.expressions([
            "NSLayoutConstraint:0x1 UIView:0xa.height == 0.5*UIView:0xb.width + 10   (active)",
            "NSLayoutConstraint:0x2 UIView:0xa.width == - 16   (active)",
            "NSAutoresizingMaskLayoutConstraint:0x3 h=--& v=--& UIView:0xa.minX == 0   (active)",
            "SnapKit.LayoutConstraint:0x4@View.swift#12 UILabel:0xd'Don't'.leading == UIView:0xa.leadingMargin + 8.0",
            "MASLayoutConstraint:0x5 UIImageView:icon.height == 70",
        ]) == [
            "UIView_0xa.height == UIView_0xb.width * 0.5 + 10",
            "UIView_0xa.width == -16",
            "UIView_0xa.left == 0",
            "UILabel_0xd.leading == UIView_0xa.leadingMargin + 8",
            "UIImageView_icon.height == 70",
        ])
    }
}
