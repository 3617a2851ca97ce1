import Foundation

/// Header fields as RFC 5322 and RFC 2047 write them: printable ASCII as it is, anything else
/// (a Japanese subject, a Chinese display name) as UTF-8 base64 encoded-words split so no line
/// passes 76 characters and no word splits a character.
enum MailHeader {
    /// The longest line of a header that holds encoded-words (RFC 2047 §2).
    static let lineLimit = 76
    private static let wordPrefix = "=?UTF-8?B?"
    private static let wordSuffix = "?="

    /// `Name: value`, the value encoded when it is not printable ASCII or does not fit one line.
    static func unstructured(_ name: String, _ value: String) -> String {
        let clean = singleLine(value)
        let plain = "\(name): \(clean)"
        if isPlain(clean) && plain.count <= lineLimit { return plain }
        return "\(name): " + encodedWords(clean, firstLineUsed: name.count + 2).joined(separator: "\r\n ")
    }

    /// `Name: "Display Name" <address>` (or the bare address without a name).
    static func address(_ name: String, address: String, displayName: String?) -> String {
        let display = displayName.map(singleLine) ?? ""
        guard !display.isEmpty else { return "\(name): \(address)" }
        let quoted = "\"" + display.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        let plain = "\(name): \(quoted) <\(address)>"
        if isPlain(display) && plain.count <= lineLimit { return plain }
        let words = encodedWords(display, firstLineUsed: name.count + 2)
        return "\(name): " + words.joined(separator: "\r\n ") + "\r\n <\(address)>"
    }

    /// Printable ASCII that a decoder will not mistake for an encoded-word.
    private static func isPlain(_ value: String) -> Bool {
        value.utf8.allSatisfy { (32...126).contains($0) } && !value.contains("=?")
    }

    /// A header value on one line: line breaks and other controls become spaces (no header
    /// can be injected through a subject or a name).
    private static func singleLine(_ value: String) -> String {
        String(String.UnicodeScalarView(value.unicodeScalars.map { CharacterSet.controlCharacters.contains($0) ? " " : $0 }))
    }

    /// `value` as encoded-words: the first fits after `firstLineUsed` characters, the others
    /// after the one space that starts a folded line; each holds whole characters.
    static func encodedWords(_ value: String, firstLineUsed: Int) -> [String] {
        var words: [String] = []
        var chunk: [UInt8] = []
        var budget = bytesFitting(lineLimit - firstLineUsed)
        for character in value {
            let bytes = Array(String(character).utf8)
            if !chunk.isEmpty && chunk.count + bytes.count > budget {
                words.append(word(chunk))
                chunk = []
                budget = bytesFitting(lineLimit - 1)
            }
            chunk += bytes
        }
        if !chunk.isEmpty || words.isEmpty { words.append(word(chunk)) }
        return words
    }

    /// The UTF-8 bytes whose encoded-word fits in `characters`.
    private static func bytesFitting(_ characters: Int) -> Int {
        max(3, (characters - wordPrefix.count - wordSuffix.count) / 4 * 3)
    }

    private static func word(_ bytes: [UInt8]) -> String {
        wordPrefix + Data(bytes).base64EncodedString() + wordSuffix
    }
}
