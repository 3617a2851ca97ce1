import Foundation

/// What is wrong with a rules document: a text of the string catalogs (`rules.<key>`, in which
/// `{1}`, `{2}`… stand for the arguments), so that the console tells an operator in their
/// language while the protocol answers in English, as Firebase's does.
struct RuleProblem: Sendable, Equatable {
    /// The catalog id without its `rules.` prefix.
    let key: String
    /// The parts of the text that come from the document (a key, a name, a symbol), never
    /// translated.
    let arguments: [String]

    init(_ key: String, _ arguments: String...) {
        self.init(key, arguments: arguments)
    }

    init(_ key: String, arguments: [String]) {
        self.key = key
        self.arguments = arguments
    }

    /// The problem in `language` (English when the catalog has no text in it). The placeholders
    /// are filled in one pass, so an argument that reads like one (a key named `{2}`) stays as is.
    func text(in language: Language) -> String {
        let template = StringCatalog.shipped.text("rules.\(key)", in: language) ?? key
        var text = ""
        var rest = template[...]
        while let open = rest.firstIndex(of: "{") {
            text += rest[..<open]
            let afterOpen = rest.index(after: open)
            if let close = rest[afterOpen...].firstIndex(of: "}"), let number = Int(rest[afterOpen..<close]),
                arguments.indices.contains(number - 1)
            {
                text += arguments[number - 1]
                rest = rest[rest.index(after: close)...]
            } else {
                text += "{"
                rest = rest[afterOpen...]
            }
        }
        return text + rest
    }
}
