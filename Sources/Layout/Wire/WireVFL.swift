// Decoding of VFL entries (docs/api.md §2, docs/semantics.md §6.6): a constraint string that
// starts like a VFL line, or `{"vfl": ..., "options": [...], "metrics": {...}}`. The line is
// parsed here (syntax errors with the column they are at); names are resolved when the
// layout is built, against its views and metrics.

extension WireReader {
    private enum V {
        static let id = 0, vfl = 1, options = 2, metrics = 3, priority = 4, label = 5, source = 6, active = 7
    }
    static let vflFields = FieldTable("id", "vfl", "options", "metrics", "priority", "label", "source", "active")

    /// A VFL entry at node `n`: a string, or an object with `vfl`.
    mutating func vflEntry(_ n: Int, _ path: ElementPath, inOp: Bool) -> ConstraintSpec? {
        var pointer: String { path.text }
        let before = errors.count
        if inOp {
            error(ErrorCode.wrongType, "a VFL line goes in a document's constraints, not in an op "
                      + "(it constrains several views; an op's constraints constrain its view)", n, pointer)
            return nil
        }
        let objectForm = nodes[n].kind == .object
        var textNode = n
        var options: [VFLOption] = []
        var metrics: [String: Double] = [:]
        var id: String?, label: String?, source: SourceLocation?, active = true
        var optionNodes: [(VFLOption, Int)] = []
        if objectForm {
            let f = fields(n, WireReader.vflFields, pointer)
            let names = WireReader.vflFields
            func at(_ field: Int) -> String { child(pointer, names[field]) }
            func given(_ field: Int) -> Int? { f[field].flatMap { isNull($0) ? nil : $0 } }
            guard let t = given(V.vfl), nodes[t].kind == .string else {
                if let t = given(V.vfl) { wrongType(t, at(V.vfl), expected: "a VFL line (a string)") }
                return nil
            }
            textNode = t
            if let o = given(V.options) {
                if nodes[o].kind != .array { wrongType(o, at(V.options), expected: "an array of option names") } else {
                    for (k, element) in elements(o).enumerated() {
                        guard let name = string(element, child(at(V.options), k)) else { continue }
                        if let option = VFLOption(rawValue: name) {
                            options.append(option)
                            optionNodes.append((option, element))
                        } else {
                            let known = VFLOption.allCases.map(\.rawValue)
                            error(ErrorCode.vflOption, "unknown option '\(name)'" + Suggestion.hint(for: name, among: known)
                                      + (name.hasPrefix("spacing") ? " (spacing options are not supported)" : ""),
                                  element, child(at(V.options), k))
                        }
                    }
                }
            }
            if let m = given(V.metrics), let read = self.metrics(m, at(V.metrics)) { metrics = read }
            if let p = given(V.priority) {
                error(ErrorCode.unknownField, "a VFL line gives priorities inside the line ('@750'); 'priority' does not apply",
                      p, at(V.priority))
            }
            id = given(V.id).flatMap { constraintID($0, at(V.id), entry: pointer) }
            label = given(V.label).flatMap { string($0, at(V.label)) }
            source = given(V.source).flatMap { self.source($0, at(V.source)) }
            active = given(V.active).flatMap { bool($0, at(V.active)) } ?? true
        }
        let textPointer = objectForm ? child(pointer, "vfl") : pointer
        let text = stringValue(textNode)
        var parsed: VFLParsed?
        let names = documentNames
        switch withBytes(textNode, { VFLParser.parse($0, names: names) }) {
        case .success(let p): parsed = p
        case .failure(let failure):
            error(ErrorCode.vflSyntax, VFLParser.caret(text, failure), textNode, textPointer, exprColumn: failure.column)
        }
        if let parsed {
            // An alignment runs across the line: one along it is an error.
            for (option, node) in optionNodes {
                guard let attribute = option.alignment else { continue }
                let along = parsed.vertical ? attribute.axis == .y : attribute.axis == .x
                if along {
                    error(ErrorCode.vflOption, "'\(option.rawValue)' aligns along the line's own axis ("
                              + (parsed.vertical ? "V" : "H") + ":); align across it", node,
                          child(child(pointer, "options"), optionNodes.firstIndex { $0.1 == node } ?? 0))
                }
            }
            if options.filter({ $0.alignment == nil }).count > 1 {
                error(ErrorCode.vflOption, "give one direction option at most", n, pointer)
            }
        }
        if let parsed { countMade(parsed.constraintCount(alignments: options.count { $0.alignment != nil }), n, pointer) }
        if let source { for k in before..<errors.count where errors[k].source == nil { errors[k].source = source } }
        guard errors.count == before, let parsed else { return nil }
        var spec = ConstraintSpec(first: nil, attributes: AttributeSet(rawValue: 0), target: .constant(.scalar(0)),
                                  location: location(n, path))
        spec.id = id
        spec.label = label
        spec.source = source
        spec.active = active
        spec.vfl = VFLLine(text: text, options: options, metrics: metrics, objectForm: objectForm, parsed: parsed,
                           line: Int(nodes[textNode].line), column: column(textNode))
        return spec
    }

    /// `{"name": number, ...}`
    mutating func metrics(_ n: Int, _ pointer: String) -> [String: Double]? {
        guard object(n, pointer, "an object of metrics {\"name\": number}") else { return nil }
        var out: [String: Double] = [:]
        var child = n + 1
        for _ in 0..<nodes[n].count {
            let value = child + 1
            let name = stringValue(child)
            if let v = coordinate(value, pointer + "/" + JSONPointer.escape(name)) { out[name] = v }
            child = nodes.after(value)
        }
        return out
    }
}
