import Testing
import Cassowary

/// Removing a required equality whose marker also sits in the row of another equality held
/// redundantly: the marker must leave through that row (its constant is zero), or the
/// other equality's row moves off zero and it silently stops holding. Found by the session
/// differential test (a centring constraint removed next to an edge pair that implied it).
@Suite struct RedundantEqualityRemovalTests {
    @Test func removingAnEqualityKeepsARedundantOneHolding() throws {
        let solver = Solver()
        let width = solver.makeVariable(), x = solver.makeVariable(), parentWidth = solver.makeVariable()
        // width == 64, optional (hugging 250, compression 750).
        try solver.add(Constraint(Expression([(width, 1)], constant: -64), equalAbove: 250, below: 750))
        // centerX == superview.centerX (relative frames): 0.5 width + x - 0.5 parentWidth == 0.
        let center = Constraint(Expression([(width, 0.5), (x, 1), (parentWidth, -0.5)]), .equal)
        try solver.add(center)
        try solver.add(Constraint(Expression([(x, 1)], constant: -16), .equal))                       // left == 16
        let right = Constraint(Expression([(width, 1), (x, 1), (parentWidth, -1)], constant: 16), .equal)
        try solver.add(right)                                                                          // right == parent - 16
        try solver.add(Constraint(Expression([(parentWidth, 1)], constant: -200), .equal))            // parent 200 wide
        #expect(abs(solver.value(width) - 168) < 1e-9)
        try solver.remove(center)
        // left and right still pin the width.
        #expect(abs(solver.value(width) - 168) < 1e-9)
        #expect(abs(solver.value(x) - 16) < 1e-9)
    }
}
