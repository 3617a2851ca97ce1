import Foundation

/// One email as it goes over SMTP (RFC 5322 with MIME, RFC 2045–2047): a plain-text part, and
/// with an HTML alternative a `multipart/alternative` of both; UTF-8 bodies in quoted-printable so
/// every line is 7-bit and short; `Auto-Submitted: auto-generated` so auto-responders stay quiet.
/// Nothing in it tracks the reader: no pixel, no rewritten links, no per-reader header.
struct MailMessage: Sendable {
    var fromName: String?
    var fromAddress: String
    var to: String
    var replyTo: String?
    var subject: String
    var text: String
    var html: String?
    /// When the message was written (its `Date`).
    var date: Date
    /// The `Message-ID`'s left part, unique per message and the same on every attempt, so a
    /// receiver can drop a duplicate of a retried send.
    var id: String
    /// Separates the parts; `=_` never occurs in quoted-printable, so no part can contain it.
    var boundary = "=_latchkey_" + UUID().uuidString.replacingOccurrences(of: "-", with: "")

    /// The message for an outbox email, sent from `defaultFrom` unless the app names its own address.
    init(_ message: OutboundMessage, defaultFrom: String) {
        fromName = message.fromName
        fromAddress = message.fromAddress ?? defaultFrom
        to = message.recipient
        replyTo = message.replyTo
        subject = message.subject ?? ""
        text = message.body
        html = message.html
        date = message.createdAt
        id = message.id
    }

    /// `<id@domain>`, the domain the From address's.
    var messageID: String {
        let domain = fromAddress.split(separator: "@").last.map(String.init) ?? "localhost"
        let left = String(
            String.UnicodeScalarView(
                id.unicodeScalars.filter { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "-_.".unicodeScalars.contains($0)) }
            )
        )
        return "<\(left.isEmpty ? UUID().uuidString : left)@\(domain)>"
    }

    /// The message's bytes: CRLF line breaks, no line longer than 998 bytes.
    func rendered() -> String {
        var headers = [
            "Date: " + Self.date(date),
            MailHeader.address("From", address: fromAddress, displayName: fromName),
            "To: " + to,
        ]
        if let replyTo { headers.append("Reply-To: " + replyTo) }
        headers += [
            MailHeader.unstructured("Subject", subject),
            "Message-ID: " + messageID,
            "MIME-Version: 1.0",
            "Auto-Submitted: auto-generated",
        ]
        guard let html else {
            return (headers + Self.partHeaders("text/plain")).joined(separator: "\r\n") + "\r\n\r\n" + QuotedPrintable.encode(text) + "\r\n"
        }
        headers.append("Content-Type: multipart/alternative;\r\n boundary=\"\(boundary)\"")
        return headers.joined(separator: "\r\n") + "\r\n\r\n"
            + Self.part(boundary: boundary, type: "text/plain", text)
            + Self.part(boundary: boundary, type: "text/html", html)
            + "--\(boundary)--\r\n"
    }

    private static func partHeaders(_ type: String) -> [String] {
        ["Content-Type: \(type); charset=utf-8", "Content-Transfer-Encoding: quoted-printable"]
    }

    private static func part(boundary: String, type: String, _ body: String) -> String {
        "--\(boundary)\r\n" + partHeaders(type).joined(separator: "\r\n") + "\r\n\r\n" + QuotedPrintable.encode(body) + "\r\n"
    }

    /// RFC 5322's date-time in UTC: `Sun, 29 Nov 2026 10:00:00 +0000`.
    static func date(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .weekday], from: date)
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
        return "\(days[(parts.weekday ?? 1) - 1]), \(two(parts.day)) \(months[(parts.month ?? 1) - 1]) \(parts.year ?? 1970) "
            + "\(two(parts.hour)):\(two(parts.minute)):\(two(parts.second)) +0000"
    }
}
