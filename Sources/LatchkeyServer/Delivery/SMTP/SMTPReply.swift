/// A server's reply (RFC 5321 §4.2): a three-digit code and one or more lines of text.
struct SMTPReply: Sendable, Equatable, CustomStringConvertible {
    var code: Int
    /// Each line's text after the code and its separator.
    var lines: [String]

    /// The code and text on one line, cut short and without controls, for an operator to read.
    var description: String {
        let text = "\(code) " + lines.joined(separator: " ")
        let clean = String(String.UnicodeScalarView(text.unicodeScalars.map { $0.value < 32 || $0.value == 127 ? " " : $0 }))
        return clean.count > 300 ? String(clean.prefix(300)) + "…" : clean
    }
}

/// Puts reply lines together: `250-first`, `250-second`, `250 last` is one reply; a line whose
/// code differs from its reply's first, or that is not `ddd`, `ddd text`, `ddd-text`, is a
/// protocol violation (the connection cannot be trusted to be in step).
struct SMTPReplyAssembler {
    private var code: Int?
    private var lines: [String] = []
    /// Lines one reply may have; a server sending more is not speaking SMTP.
    static let maximumLines = 256

    /// Takes one line (without its line break); returns the reply it completes, if any.
    mutating func take(_ line: Substring) throws(SMTPError) -> SMTPReply? {
        let bytes = Array(line.utf8)
        guard bytes.count >= 3, bytes[0] >= UInt8(ascii: "2"), bytes[0] <= UInt8(ascii: "5"),
            bytes[1...2].allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
            let lineCode = Int(String(decoding: bytes[0..<3], as: UTF8.self))
        else { throw .protocolViolation("the server sent a line that is not an SMTP reply") }
        let separator = bytes.count > 3 ? bytes[3] : UInt8(ascii: " ")
        guard separator == UInt8(ascii: " ") || separator == UInt8(ascii: "-") else {
            throw .protocolViolation("the server sent a line that is not an SMTP reply")
        }
        if let code, code != lineCode { throw .protocolViolation("the server changed its reply code within one reply") }
        code = lineCode
        lines.append(bytes.count > 4 ? String(decoding: bytes[4...], as: UTF8.self) : "")
        guard lines.count <= Self.maximumLines else { throw .protocolViolation("the server sent an overlong reply") }
        guard separator == UInt8(ascii: " ") else { return nil }
        defer { self = SMTPReplyAssembler() }
        return SMTPReply(code: lineCode, lines: lines)
    }
}
