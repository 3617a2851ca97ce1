import Foundation

/// The tags of a Mustache source, read without rendering it: what a template refers to, so that
/// a save can refuse a variable its purpose does not have, a partial (which would read another
/// template) or a delimiter or pragma change (after which tags could not be read this way).
struct MustacheTags {
    /// One tag.
    struct Tag: Equatable {
        /// How the tag uses its name.
        enum Kind: Equatable {
            case escaped, unescaped, section, invertedSection, sectionEnd, comment, partial, delimiters, pragma
        }

        var kind: Kind
        var name: String
    }

    /// The tags in order.
    let tags: [Tag]

    init(_ source: String) {
        var tags: [Tag] = []
        var rest = Substring(source)
        while let open = rest.range(of: "{{") {
            rest = rest[open.upperBound...]
            if rest.hasPrefix("{") {
                guard let close = rest.range(of: "}}}") else { break }
                tags.append(Tag(kind: .unescaped, name: Self.trimmed(rest.dropFirst()[..<close.lowerBound])))
                rest = rest[close.upperBound...]
                continue
            }
            guard let close = rest.range(of: "}}") else { break }
            var inner = rest[..<close.lowerBound]
            rest = rest[close.upperBound...]
            let kind: Tag.Kind
            switch inner.first {
            case "#": kind = .section
            case "^": kind = .invertedSection
            case "/": kind = .sectionEnd
            case "&": kind = .unescaped
            case "!": kind = .comment
            case ">": kind = .partial
            case "=": kind = .delimiters
            case "%": kind = .pragma
            default: kind = .escaped
            }
            if kind != .escaped { inner = inner.dropFirst() }
            tags.append(Tag(kind: kind, name: Self.trimmed(inner)))
        }
        self.tags = tags
    }

    private static func trimmed(_ text: Substring) -> String {
        text.trimmingCharacters(in: .whitespaces)
    }
}
