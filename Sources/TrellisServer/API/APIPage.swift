/// `GET /docs`: openapi.yaml as a page a person reads, made once from the spec the binary
/// carries (no second copy of the API in git, no external assets): the endpoints with their
/// parameters, bodies, examples and answers, then every schema with its fields.
enum APIPage {
    static let file = StaticFile(contentType: "text/html; charset=utf-8", bytes: Array(render(OpenAPIDocument.yaml).utf8))

    static func render(_ yaml: String) -> String {
        guard let spec = MiniYAML.parse(yaml) else { return page("Trellis API", "<p>The spec could not be read; see <a href=\"/openapi.yaml\">/openapi.yaml</a>.</p>") }
        let info = spec["info"]
        let title = info?["title"]?.string ?? "API"
        var body = "<h1>\(escape(title)) <small>\(escape(info?["version"]?.string ?? ""))</small></h1>\n"
        body += "<p class=\"links\"><a href=\"/\">Playground</a> · <a href=\"/openapi.yaml\">openapi.yaml</a></p>\n"
        let paths = spec["paths"]?.members ?? []
        let methods = ["get", "post", "put", "delete", "options", "head"]
        body += "<nav><h2>Endpoints</h2><ul>\n"
        for (path, item) in paths {
            for m in methods where item[m] != nil {
                body += "<li><a href=\"#\(anchor(m + path))\"><code>\(m.uppercased()) \(escape(path))</code></a> \(escape(item[m]?["summary"]?.string ?? ""))</li>\n"
            }
        }
        body += "</ul></nav>\n"
        if let description = info?["description"]?.string { body += "<section>\(prose(description))</section>\n" }
        for (path, item) in paths {
            for m in methods {
                guard let op = item[m] else { continue }
                body += operation(m, path, op)
            }
        }
        let schemas = spec["components"]?["schemas"]?.members ?? []
        body += "<h2 id=\"schemas\">Schemas</h2>\n"
        for (name, schema) in schemas { body += self.schema(name, schema) }
        return page(title, body)
    }

    private static func operation(_ method: String, _ path: String, _ op: YAMLNode) -> String {
        var html = "<section class=\"op\" id=\"\(anchor(method + path))\"><h2><span class=\"method \(method)\">\(method.uppercased())</span> <code>\(escape(path))</code></h2>\n"
        if let summary = op["summary"]?.string { html += "<p class=\"summary\">\(inline(summary))</p>\n" }
        if let description = op["description"]?.string { html += prose(description) }
        let parameters = op["parameters"]?.items ?? []
        if !parameters.isEmpty {
            html += "<h3>Parameters</h3><ul>"
            for p in parameters {
                if let ref = p["$ref"]?.string { html += "<li>\(refLink(ref))</li>"; continue }
                html += "<li><code>\(escape(p["name"]?.string ?? ""))</code> (\(escape(p["in"]?.string ?? ""))) \(inline(p["description"]?.string ?? ""))</li>"
            }
            html += "</ul>\n"
        }
        if let content = op["requestBody"]?["content"]?.members, !content.isEmpty {
            html += "<h3>Body</h3><ul>"
            for (type, media) in content {
                html += "<li><code>\(escape(type))</code>: \(schemaSummary(media["schema"]))</li>"
                for (name, example) in media["examples"]?.members ?? [] {
                    html += "<li>Example <em>\(escape(name))</em>: \(inline(example["summary"]?.string ?? ""))<pre>\(escape(json(example["value"])))</pre></li>"
                }
            }
            html += "</ul>\n"
        }
        if let responses = op["responses"]?.members, !responses.isEmpty {
            html += "<h3>Answers</h3><table>"
            for (status, response) in responses {
                var text = ""
                if let description = response["description"]?.string {
                    text = inline(description)
                } else if let ref = response["$ref"]?.string {
                    text = refLink(ref)
                }
                if let (type, media) = response["content"]?.members.first {
                    text += "<br><code>\(escape(type))</code>: " + schemaSummary(media["schema"])
                }
                html += "<tr><td><code>\(escape(status))</code></td><td>\(text)</td></tr>"
            }
            html += "</table>\n"
        }
        return html + "</section>\n"
    }

    private static func schema(_ name: String, _ schema: YAMLNode) -> String {
        var html = "<section class=\"schema\" id=\"\(anchor("schema-" + name))\"><h3>\(escape(name))</h3>\n"
        if let description = schema["description"]?.string { html += prose(description) }
        html += "<p>\(schemaSummary(schema, expandRef: false))</p>"
        var required = Set<String>()
        for item in schema["required"]?.items ?? [] { if let s = item.string { required.insert(s) } }
        if let properties = schema["properties"]?.members, !properties.isEmpty {
            html += "<table><tr><th>field</th><th>type</th><th>meaning</th></tr>"
            for (field, p) in properties {
                html += "<tr><td><code>\(escape(field))</code>\(required.contains(field) ? " <em>required</em>" : "")</td><td>\(schemaSummary(p))</td><td>\(inline(p["description"]?.string ?? ""))</td></tr>"
            }
            html += "</table>"
        }
        return html + "</section>\n"
    }

    /// `object`, `string: a | b`, a link to a referenced schema, `array of ...`, `one of ...`.
    private static func schemaSummary(_ schema: YAMLNode?, expandRef: Bool = true) -> String {
        guard let schema else { return "" }
        if let ref = schema["$ref"]?.string { return refLink(ref) }
        for key in ["oneOf", "anyOf", "allOf"] {
            if let list = schema[key]?.items {
                let kinds = list.map { schemaSummary($0) }
                return String(key.dropLast(2)) + " of " + kinds.joined(separator: ", ")
            }
        }
        var type = ""
        if let node = schema["type"] {
            type = node.string ?? node.items.compactMap { $0.string }.joined(separator: " | ")
        }
        if type == "array" { type = "array of " + schemaSummary(schema["items"]) }
        if let values = schema["enum"]?.items, !values.isEmpty {
            let names = values.compactMap { $0.string }.map { "<code>" + escape($0) + "</code>" }
            type += (type.isEmpty ? "" : ": ") + names.joined(separator: " | ")
        }
        return type.isEmpty ? "any" : type
    }

    private static func refLink(_ ref: String) -> String {
        let name = ref.split(separator: "/").last.map(String.init) ?? ref
        if ref.hasPrefix("#/components/schemas/") { return "<a href=\"#\(anchor("schema-" + name))\">\(escape(name))</a>" }
        return "<code>\(escape(name))</code>"
    }

    /// A value as compact JSON, for examples.
    private static func json(_ node: YAMLNode?) -> String {
        guard let node else { return "null" }
        switch node {
        case .scalar(let s):
            if s == "true" || s == "false" || s == "null" || Double(s) != nil { return s }
            var out: [UInt8] = []
            JSONValue.writeString(s, to: &out)
            return String(decoding: out, as: UTF8.self)
        case .sequence(let items): return "[" + items.map { json($0) }.joined(separator: ", ") + "]"
        case .mapping(let members):
            return "{" + members.map { key, value in json(.scalar(key)) + ": " + json(value) }.joined(separator: ", ") + "}"
        }
    }

    /// Paragraphs (blank lines), `- ` lists, `code`, **bold** and [links](url).
    private static func prose(_ text: String) -> String {
        var html = ""
        var inList = false
        for paragraph in text.split(separator: "\n\n", omittingEmptySubsequences: true) {
            let lines = paragraph.split(separator: "\n")
            if lines.allSatisfy({ $0.trimmingPrefix(" ").hasPrefix("- ") }) {
                if !inList { html += "<ul>"; inList = true }
                for line in lines { html += "<li>\(inline(String(line.trimmingPrefix(" ").dropFirst(2))))</li>" }
                continue
            }
            if inList { html += "</ul>"; inList = false }
            html += "<p>\(inline(lines.joined(separator: " ")))</p>"
        }
        if inList { html += "</ul>" }
        return html + "\n"
    }

    private static func inline(_ text: String) -> String {
        var out = ""
        var code = false
        for part in escape(text).split(separator: "`", omittingEmptySubsequences: false).enumerated() {
            if part.offset > 0 { out += code ? "</code>" : "<code>"; code.toggle() }
            out += part.element
        }
        if code { out += "</code>" }
        return out
    }

    private static func anchor(_ text: String) -> String {
        String(text.map { $0.isLetter || $0.isNumber ? $0 : "-" })
    }

    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for c in text {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(c)
            }
        }
        return out
    }

    private static func page(_ title: String, _ body: String) -> String {
        """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(escape(title))</title>
        <style>
        body { font: 15px/1.5 system-ui, sans-serif; max-width: 980px; margin: 2em auto; padding: 0 1em; color: #222; }
        code, pre { font: 13px ui-monospace, Menlo, monospace; background: #f4f4f4; padding: 0 3px; }
        pre { padding: 8px; overflow-x: auto; }
        h1 small { color: #888; font-weight: normal; font-size: 60%; }
        section.op { border-top: 1px solid #ddd; margin-top: 2em; }
        .method { font: bold 13px ui-monospace, monospace; color: #fff; background: #557; padding: 2px 6px; border-radius: 3px; }
        .method.post { background: #2a7; } .method.get { background: #27a; } .method.delete { background: #a33; } .method.options { background: #777; }
        table { border-collapse: collapse; } td, th { border: 1px solid #ddd; padding: 3px 8px; vertical-align: top; text-align: left; }
        nav ul { columns: 2; } .links a { margin-right: 1em; }
        </style></head><body>
        \(body)
        </body></html>

        """
    }
}
