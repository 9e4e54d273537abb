// Expanding expressions over definitions into the restricted tableau's terms.

extension Solver {
    /// `row` with every defined variable replaced by its definition (transitively) and every
    /// basic restricted symbol by its row: what is left are free variables and nonbasic
    /// restricted symbols. Shared sub-definitions are expanded once (topological order),
    /// so the cost is linear in what is reachable, never exponential.
    func expand(_ row: Row) -> Row {
        let order = definitionOrder(from: row.symbols)
        let acc = accumulator
        acc.constant = row.constant
        for i in row.symbols.indices { acc.add(row.symbols[i], row.coefficients[i]) }
        for x in order {
            let c = acc.take(x)
            guard c != 0, let def = definitions.rows[Int(x)] else { continue }
            acc.constant += c * def.constant
            for i in def.symbols.indices { acc.add(def.symbols[i], c * def.coefficients[i]) }
        }
        // Basic restricted symbols last: their rows hold only nonbasic restricted symbols.
        var i = 0
        while i < acc.touched.count {
            let s = acc.touched[i]
            i += 1
            guard tableau.kinds[Int(s)] != .external, let basicRow = tableau.row(of: s) else { continue }
            let c = acc.take(s)
            guard c != 0 else { continue }
            acc.constant += c * basicRow.constant
            for j in basicRow.symbols.indices { acc.add(basicRow.symbols[j], c * basicRow.coefficients[j]) }
        }
        return acc.finish()
    }

    /// The defined variables reachable from `symbols`, each before everything it refers to.
    func definitionOrder(from symbols: [Symbol]) -> [Symbol] {
        var postorder: [Symbol] = []
        var visited = Set<Symbol>()
        var stack: [(Symbol, Int)] = []
        for root in symbols where definitions.isDefined(root) && visited.insert(root).inserted {
            stack.append((root, 0))
            while let (x, next) = stack.last {
                let def = definitions.rows[Int(x)]!
                if next < def.symbols.count {
                    stack[stack.count - 1].1 = next + 1
                    let s = def.symbols[next]
                    if definitions.isDefined(s) && visited.insert(s).inserted { stack.append((s, 0)) }
                } else {
                    postorder.append(x)
                    stack.removeLast()
                }
            }
        }
        return postorder.reversed()
    }

    /// The value of a variable: its definition evaluated, free variables at 0, restricted
    /// symbols at their basic values. Iterative, so deep chains cannot exhaust the stack.
    func evaluate(_ x: Symbol) -> Double {
        let epoch = definitions.epoch
        if definitions.cacheEpoch[Int(x)] == epoch { return definitions.cache[Int(x)] }
        var stack: [Symbol] = [x]
        while let top = stack.last {
            if definitions.cacheEpoch[Int(top)] == epoch { stack.removeLast(); continue }
            guard let def = definitions.rows[Int(top)] else {
                definitions.cache[Int(top)] = 0
                definitions.cacheEpoch[Int(top)] = epoch
                stack.removeLast()
                continue
            }
            var ready = true
            var sum = def.constant
            for i in def.symbols.indices {
                let s = def.symbols[i]
                if tableau.kinds[Int(s)] == .external {
                    if definitions.cacheEpoch[Int(s)] == epoch {
                        sum += def.coefficients[i] * definitions.cache[Int(s)]
                    } else if definitions.isDefined(s) {
                        stack.append(s)
                        ready = false
                    }
                } else if let r = tableau.row(of: s) {
                    sum += def.coefficients[i] * r.constant
                }
            }
            if ready {
                definitions.cache[Int(top)] = sum
                definitions.cacheEpoch[Int(top)] = epoch
                stack.removeLast()
            }
        }
        return definitions.cache[Int(x)]
    }

    /// Whether defining free variable `x` from a row that mentions `defined` variables would
    /// close a cycle: some definition reachable from them refers to x. Walks the reverse
    /// references from x; gives up (answers true) past `limit` steps.
    func wouldCycle(defining x: Symbol, from row: Row, limit: Int = 256) -> Bool {
        let targets = Set(row.symbols.filter { definitions.isDefined($0) })
        if targets.isEmpty { return false }
        var visited: Set<Symbol> = [x]
        var stack: [Symbol] = [x]
        var steps = 0
        while let s = stack.popLast() {
            for y in definitions.definitions(mentioning: s) where visited.insert(y).inserted {
                if targets.contains(y) { return true }
                steps += 1
                if steps > limit { return true }
                stack.append(y)
            }
        }
        return false
    }
}

/// A dense scratch accumulator for sparse sums, indexed by symbol and reset after each use.
/// A class, so that the solver's one instance is reused without copy-on-write copies.
final class Accumulator {
    var values: [Double] = []
    var marked: [Bool] = []
    var touched: [Symbol] = []
    var constant = 0.0

    @inline(__always) func add(_ s: Symbol, _ c: Double) {
        let i = Int(s)
        if i >= values.count {
            let n = max(i + 1, values.count * 2)
            values.append(contentsOf: repeatElement(0, count: n - values.count))
            marked.append(contentsOf: repeatElement(false, count: n - marked.count))
        }
        if !marked[i] { marked[i] = true; touched.append(s) }
        values[i] += c
    }

    @inline(__always) func take(_ s: Symbol) -> Double {
        let i = Int(s)
        guard i < values.count else { return 0 }
        let c = values[i]
        values[i] = 0
        return c
    }

    /// The accumulated row; leaves the accumulator empty.
    func finish() -> Row {
        var row = Row(constant: constant)
        for s in touched {
            let c = values[Int(s)]
            values[Int(s)] = 0
            marked[Int(s)] = false
            if !nearZero(c) {
                row.symbols.append(s)
                row.coefficients.append(c)
            }
        }
        touched.removeAll(keepingCapacity: true)
        constant = 0
        return row
    }
}
