import Foundation

/// A check of an operator's HTML that mail clients and the console's preview both read safely:
/// every element that is opened is closed in order, and nothing runs script. Not a full parser —
/// a refusal names the first problem found; mail clients strip script anyway, but a preview
/// must never run an operator's code.
enum HTMLCheck {
    /// Elements without an end tag.
    private static let voidElements: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr",
    ]
    /// Elements whose end tag HTML lets a writer leave out.
    private static let optionalEnd: Set<String> = ["p", "li", "td", "th", "tr", "tbody", "thead", "tfoot", "option", "dt", "dd"]

    /// The first problem of `html` (a reason for ``ErrorCode/invalidTemplate``), nil when none.
    static func problem(_ html: String) -> String? {
        var open: [String] = []
        var rest = Substring(html)
        while let start = rest.firstIndex(of: "<") {
            rest = rest[rest.index(after: start)...]
            if rest.hasPrefix("!--") {
                guard let end = rest.range(of: "-->") else { return "unclosed_comment" }
                rest = rest[end.upperBound...]
                continue
            }
            guard let end = rest.firstIndex(of: ">") else { return "unclosed_tag" }
            let tag = rest[..<end]
            rest = rest[rest.index(after: end)...]
            if tag.hasPrefix("!") || tag.hasPrefix("?") { continue }
            let closing = tag.hasPrefix("/")
            let name = (closing ? tag.dropFirst() : tag).prefix { $0.isLetter || $0.isNumber || $0 == "-" }.lowercased()
            guard !name.isEmpty else { return "malformed_tag" }
            if ["script", "iframe", "object", "embed", "frame", "frameset", "base", "form"].contains(name) { return "forbidden_element:\(name)" }
            let lowered = tag.lowercased()
            if lowered.firstMatch(of: /\son[a-z]+\s*=/) != nil { return "event_handler" }
            if lowered.contains("javascript:") || lowered.contains("vbscript:") { return "script_url" }
            if closing {
                while let last = open.last, last != name, optionalEnd.contains(last) { open.removeLast() }
                guard open.last == name else { return "unbalanced_tag:\(name)" }
                open.removeLast()
            } else if !voidElements.contains(name) && !tag.hasSuffix("/") {
                open.append(name)
            }
        }
        while let last = open.last, optionalEnd.contains(last) { open.removeLast() }
        return open.last.map { "unclosed_element:\($0)" }
    }
}
