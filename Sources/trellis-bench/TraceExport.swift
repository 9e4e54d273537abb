import Cassowary
import Layout

/// `trellis-bench trace DOC`: the solver system a document makes (what `POST /v1/layouts`
/// asks of the solver), as a kiwitrace with one timed `build` phase: its variables, its
/// constraints in installation order, an update. `scripts/bench-solver FILE.trace` then
/// times that very system on kiwi and on our solver. A soft equality held at one priority
/// above and another below (a view's hugging and compression resistance) is written as
/// its two inequalities, as kiwi needs them.
enum TraceExport {
    static func main(_ arguments: [String]) -> Int32 {
        guard arguments.count == 1 else {
            printError("usage: trellis-bench trace DOCUMENT.json")
            return 2
        }
        guard let bytes = readFile(arguments[0]) else {
            printError("trellis-bench trace: cannot read \(arguments[0])")
            return 2
        }
        let layout: LiveLayout
        switch decodeLayoutDocument(bytes).flatMap({ LiveLayout.make(document: $0) }) {
        case .failure(let problem):
            printError("trellis-bench trace: the document is refused: \(problem.title)")
            return 1
        case .success(let built): layout = built
        }
        let constraints = layout.solverConstraints
        var used = Set<Int>()
        for c in constraints { for t in c.expression.terms where t.coefficient != 0 { used.insert(t.variable.id) } }
        var out = "kiwitrace 1\n# \(arguments[0]): the solver system LiveLayout.make installs for it\n"
        out += "# (\(used.count) variables, \(constraints.count) constraints; soft pairs written as two)\nphase build\n"
        out += "var " + used.sorted().map { "x\($0)" }.joined(separator: " ") + "\n"
        var k = 0
        func add(_ c: Constraint, _ relation: String, _ priority: Double) {
            let terms = c.expression.terms.filter { $0.coefficient != 0 }
            guard !terms.isEmpty else { return }
            k += 1
            out += "add c\(k) \(relation) \(number(priority)) \(number(c.expression.constant))"
            for t in terms { out += " x\(t.variable.id):\(number(t.coefficient))" }
            out += "\n"
        }
        for c in constraints {
            switch c.relation {
            case .equal where c.priorityBelow != c.priority:
                add(c, "<=", c.priority)
                add(c, ">=", c.priorityBelow)
            case .equal: add(c, "==", c.priority)
            case .lessThanOrEqual: add(c, "<=", c.priority)
            case .greaterThanOrEqual: add(c, ">=", c.priority)
            }
        }
        out += "update\nend\n"
        print(out, terminator: "")
        return 0
    }

    private static func number(_ x: Double) -> String {
        x == x.rounded() && abs(x) < 1e15 ? String(Int64(x)) : "\(x)"
    }
}
