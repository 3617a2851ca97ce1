/// A text as a Swift multi-line raw string literal (`#"""` … `"""#`) whose value is the text
/// exactly. The delimiter has one `#` more than the longest run of `#` after a `"` or a `\` in the
/// text, so nothing in the text can end the literal or begin an escape, whatever it holds.
struct RawStringLiteral: CustomStringConvertible {
    /// Thrown for a carriage return, which a multi-line literal would turn into a line feed.
    struct CarriageReturn: Error, CustomStringConvertible {
        var description: String { "holds a carriage return, which a Swift multi-line literal cannot keep" }
    }

    /// The literal's value.
    let text: String

    /// The literal for `text`; throws for a text whose value no multi-line literal can keep.
    init(_ text: String) throws {
        guard !text.unicodeScalars.contains("\r") else { throw CarriageReturn() }
        self.text = text
    }

    /// The `#`s around the quotes.
    var delimiter: String {
        var longest = 0
        var run: Int?
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"", "\\": run = 0
            case "#": run = run.map { $0 + 1 }
            default: run = nil
            }
            longest = max(longest, run ?? 0)
        }
        return String(repeating: "#", count: longest + 1)
    }

    /// The source text. The line breaks after the opening and before the closing quotes are not
    /// part of a multi-line literal's value, and the closing quotes start their line, so no
    /// indentation is removed from the lines between.
    var description: String {
        let delimiter = delimiter
        return "\(delimiter)\"\"\"\n\(text)\n\"\"\"\(delimiter)"
    }
}
