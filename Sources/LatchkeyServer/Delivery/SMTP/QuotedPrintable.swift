import Foundation

/// Quoted-printable (RFC 2045 §6.7) for email bodies: any UTF-8 text becomes 7-bit lines of at most
/// 76 characters, so no relay rewrites it and no line nears SMTP's 998-byte limit, while ASCII text
/// stays readable in the raw message.
enum QuotedPrintable {
    /// The longest encoded line, soft break (`=`) included.
    static let lineLimit = 76

    /// `text` encoded, its line breaks (LF, CR or CRLF) as CRLF.
    static func encode(_ text: String) -> String {
        var encoded = ""
        encoded.reserveCapacity(text.utf8.count + text.utf8.count / 8)
        for (index, line) in MailText.lines(of: text).enumerated() {
            if index > 0 { encoded += "\r\n" }
            encodeLine(Array(line.utf8), into: &encoded)
        }
        return encoded
    }

    /// One line: printable ASCII but `=` as itself, a space or tab as itself unless it ends the
    /// line (where relays may strip it), every other byte as `=XX`; soft breaks keep lines short.
    private static func encodeLine(_ bytes: [UInt8], into encoded: inout String) {
        var column = 0
        for (index, byte) in bytes.enumerated() {
            let isLast = index == bytes.count - 1
            let literal = (33...126).contains(byte) && byte != UInt8(ascii: "=") || (byte == 32 || byte == 9) && !isLast
            let piece = literal ? String(UnicodeScalar(byte)) : "=" + hex(byte)
            if column + piece.count > lineLimit - 1 {
                encoded += "=\r\n"
                column = 0
            }
            encoded += piece
            column += piece.count
        }
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
    }
}

/// Line handling shared by the message writer and the SMTP client.
enum MailText {
    /// The lines of `text`, split at LF, CR or CRLF.
    static func lines(of text: String) -> [Substring] {
        text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            .split(separator: "\n", omittingEmptySubsequences: false)
    }
}
