import Foundation
import LatchkeyWire

/// The values of the console's data-tree page.
extension ConsoleViews {
    /// The most characters of a child's value its row shows.
    static let dataPreviewLength = 120

    /// A location of the tree: the path as links from the root, the value (a scalar as JSON, or
    /// the children after `after` in the protocol's key order, `pageSize` of them, each linked to
    /// its location), and the value as pretty JSON for the editor when it is at most
    /// `editableLength` characters. `link` makes a location's link, the page after a key when given.
    static func dataTree(
        _ value: JSONValue?,
        at path: DataPath,
        after: String?,
        pageSize: Int,
        editableLength: Int,
        link: (DataPath, String?) -> String,
        text: (String) -> String
    ) -> [String: Any] {
        var crumbs: [[String: Any]] = [["name": "/", "link": link(.root, nil), "current": path.isRoot]]
        for depth in path.keys.indices {
            let location = DataPath(validated: Array(path.keys.prefix(depth + 1)))
            crumbs.append(["name": path.keys[depth], "link": link(location, nil), "current": depth == path.keys.count - 1])
        }
        var values: [String: Any] = ["path": path.description, "crumbs": crumbs, "isRoot": path.isRoot]
        guard let value else {
            values["empty"] = true
            return values
        }
        let children = Self.children(of: value)
        if children.isEmpty {
            values["scalar"] = TreeJSON.text(value)
        } else {
            let start = after.map { key in children.firstIndex { DataQuery.compareKeys($0.key, key) == .orderedDescending } ?? children.count } ?? 0
            let page = children[start...].prefix(pageSize)
            values["children"] = page.map { key, child in
                let count = Self.children(of: child).count
                let summary =
                    switch count {
                    case 0: Self.preview(TreeJSON.text(child))
                    case 1: text("console.data.one_child")
                    default: text("console.data.child_count").replacingOccurrences(of: "{n}", with: String(count))
                    }
                return ["key": key, "link": link(path.child(key), nil), "summary": summary, "isNode": count > 0] as [String: Any]
            }
            values["hasChildren"] = !page.isEmpty
            values["range"] = text("console.data.range")
                .replacingOccurrences(of: "{from}", with: String(min(start + 1, children.count)))
                .replacingOccurrences(of: "{to}", with: String(start + page.count))
                .replacingOccurrences(of: "{total}", with: String(children.count))
            if let last = page.last, start + page.count < children.count { values["nextLink"] = link(path, last.key) }
            if start > 0 { values["firstLink"] = link(path, nil) }
        }
        let pretty = TreeJSON.text(value, pretty: true)
        if pretty.count <= editableLength { values["valueText"] = pretty } else { values["tooLarge"] = true }
        return values
    }

    /// The simulator's form (as posted, or asking about `browsing` by default) and, after a
    /// simulation, its verdict and each rule evaluated, the deciding one marked.
    static func simulator(_ form: [String: String], browsing: DataPath, trace: RuleTrace?, text: (String) -> String) -> [String: Any] {
        let writing = form["operation"] == "write"
        var values: [String: Any] = [
            "path": form["path"] ?? browsing.description, "user": form["user"] ?? "", "data": form["data"] ?? "",
            "read": !writing, "write": writing, "at": browsing.description,
        ]
        guard let trace else { return values }
        let deciding = trace.allowed || trace.steps.last?.kind == .validate ? trace.steps.indices.last : nil
        values["result"] = [
            "allowed": trace.allowed,
            "verdict": text(trace.allowed ? "console.data.allowed" : "console.data.denied"),
            "reason": Self.reason(of: trace, writing: writing, text: text),
            "hasSteps": !trace.steps.isEmpty,
            "steps": trace.steps.enumerated().map { index, step in
                [
                    "kind": step.kind.rawValue, "location": step.location, "rule": step.rule, "held": step.held,
                    "outcome": text(step.held ? "console.data.held" : "console.data.not_held"), "deciding": index == deciding,
                ] as [String: Any]
            },
        ]
        return values
    }

    /// Why the simulated request is allowed or refused, in a sentence.
    private static func reason(of trace: RuleTrace, writing: Bool, text: (String) -> String) -> String {
        let kind = writing ? RuleKind.write : .read
        if let last = trace.steps.last, trace.allowed || last.kind == .validate {
            let id = trace.allowed ? "console.data.allowed_by" : "console.data.refused_by"
            return text(id).replacingOccurrences(of: "{rule}", with: last.kind.rawValue).replacingOccurrences(of: "{location}", with: last.location)
        }
        return text("console.data.no_rule").replacingOccurrences(of: "{rule}", with: kind.rawValue)
    }

    /// The children of an object or array value, objects' in the protocol's key order; none for
    /// a scalar.
    private static func children(of value: JSONValue) -> [(key: String, value: JSONValue)] {
        switch value {
        case .object(let members): members.sorted { DataQuery.compareKeys($0.key, $1.key) == .orderedAscending }
        case .array(let elements): elements.enumerated().map { (key: String($0.offset), value: $0.element) }
        default: []
        }
    }

    private static func preview(_ text: String) -> String {
        text.count <= dataPreviewLength ? text : String(text.prefix(dataPreviewLength)) + "…"
    }
}
