import Foundation
import NIOCore
import Testing

@testable import LatchkeyServer

/// The smtp sender's messages (RFC 5322, MIME): read back here with a minimal parser, they hold
/// the headers, encodings and parts the sender meant, in 7-bit lines of at most 76 characters.
@Suite struct MailMessageTests {
    static func message(subject: String, fromName: String?, body: String, html: String? = nil) -> OutboundMessage {
        var message = OutboundMessage(
            id: "01JABCDEF",
            appID: nil,
            channel: .email,
            purpose: "verify_email",
            recipient: "kid@example.com",
            subject: subject,
            body: body,
            createdAt: Date(timeIntervalSince1970: 1_795_953_600)
        )
        message.html = html
        message.fromName = fromName
        message.replyTo = "help@example.org"
        return message
    }

    @Test func japaneseSubjectAndNameAreEncodedWordsOnShortLines() throws {
        let subject = "メールアドレスを確認してください。ラッチキーへようこそ、こちらのリンクは一時間有効です"
        let name = "ラッチキー 株式会社 サポートチーム（日本）"
        let mail = MailMessage(
            Self.message(subject: subject, fromName: name, body: "こんにちは\nhttps://example.com/v?t=abc"),
            defaultFrom: "no-reply@mail.example.com"
        )
        let parsed = try ParsedMail(mail.rendered())
        #expect(parsed.lines.allSatisfy { $0.utf8.count <= 76 && $0.utf8.allSatisfy { $0 < 128 } })
        #expect(parsed.header("Subject") == subject)
        #expect(parsed.header("From") == "\(name) <no-reply@mail.example.com>")
        #expect(parsed.header("To") == "kid@example.com")
        #expect(parsed.header("Reply-To") == "help@example.org")
        #expect(parsed.header("Message-ID") == "<01JABCDEF@mail.example.com>")
        #expect(parsed.header("Date") == "Sun, 29 Nov 2026 12:00:00 +0000")
        #expect(parsed.header("MIME-Version") == "1.0")
        #expect(parsed.header("Auto-Submitted") == "auto-generated")
        #expect(parsed.header("Content-Type") == "text/plain; charset=utf-8")
        #expect(parsed.header("Content-Transfer-Encoding") == "quoted-printable")
        #expect(try QuotedPrintableDecoder.decode(parsed.body) == "こんにちは\r\nhttps://example.com/v?t=abc\r\n")
    }

    @Test func chineseSubjectKeepsCharactersWhole() throws {
        let subject = String(repeating: "验证您的电子邮件地址", count: 8)
        let words = MailHeader.encodedWords(subject, firstLineUsed: 9)
        #expect(words.count > 2)
        #expect(words.allSatisfy { $0.count <= 75 })
        let decoded = try words.map { try ParsedMail.decodeWord($0) }
        #expect(decoded.joined() == subject)
        #expect(decoded.allSatisfy { !$0.isEmpty })
    }

    @Test func htmlMakesMultipartAlternativeOfBothParts() throws {
        let html = "<p style=\"color:#333\">" + String(repeating: "Welcome — ようこそ ", count: 200) + "</p>\n.\n"
        let mail = MailMessage(
            Self.message(subject: "Verify your email", fromName: "Acme \"Dev\"", body: "Hi\n.hidden line\n", html: html),
            defaultFrom: "no-reply@example.com"
        )
        let rendered = mail.rendered()
        let parsed = try ParsedMail(rendered)
        #expect(parsed.lines.allSatisfy { $0.utf8.count <= 76 && $0.utf8.allSatisfy { $0 < 128 } })
        #expect(parsed.header("Subject") == "Verify your email")
        #expect(parsed.header("From") == "\"Acme \\\"Dev\\\"\" <no-reply@example.com>")
        #expect(parsed.header("Content-Type") == "multipart/alternative; boundary=\"\(mail.boundary)\"")
        let parts = parsed.body.components(separatedBy: "--\(mail.boundary)")
        #expect(parts.count == 4)
        #expect(parts[3] == "--\r\n")
        let text = try ParsedMail(String(parts[1].dropFirst()))
        #expect(text.header("Content-Type") == "text/plain; charset=utf-8")
        #expect(try QuotedPrintableDecoder.decode(text.body) == "Hi\r\n.hidden line\r\n\r\n")
        let htmlPart = try ParsedMail(String(parts[2].dropFirst()))
        #expect(htmlPart.header("Content-Type") == "text/html; charset=utf-8")
        #expect(try QuotedPrintableDecoder.decode(htmlPart.body) == html.replacingOccurrences(of: "\n", with: "\r\n") + "\r\n")
    }

    @Test func headerInjectionThroughSubjectOrNameIsNeutralised() throws {
        let mail = MailMessage(
            Self.message(subject: "Hi\r\nBcc: victim@example.com", fromName: "Evil\nBcc: x@example.com", body: "b"),
            defaultFrom: "a@example.com"
        )
        let parsed = try ParsedMail(mail.rendered())
        #expect(parsed.header("Bcc") == nil)
        #expect(parsed.header("Subject") == "Hi  Bcc: victim@example.com")
    }

    @Test func dataIsDotStuffedWithCRLFLines() {
        let buffer = SMTPSession.dotStuffed(".first\nsecond\r\n..third\r.\n")
        #expect(String(buffer: buffer) == "..first\r\nsecond\r\n...third\r\n..\r\n.\r\n")
    }

    @Test func addressesThatCouldBreakACommandAreRefused() {
        #expect(MailAddress.isDeliverable("kid@example.com"))
        #expect(MailAddress.isDeliverable("ユーザー@例え.jp"))
        for bad in ["a@b>\r\nRCPT TO:<c@d", "a b@c.d", "<a@b.c>", "nobody", "@b.c", "a@", "a@b@c"] {
            #expect(!MailAddress.isDeliverable(bad), "\(bad)")
        }
    }

    @Test func repliesAreAssembledFromContinuationLines() throws {
        var assembler = SMTPReplyAssembler()
        #expect(try assembler.take("250-mail.example.com hello") == nil)
        #expect(try assembler.take("250-AUTH LOGIN PLAIN") == nil)
        let reply = try #require(try assembler.take("250 STARTTLS"))
        #expect(reply.code == 250)
        #expect(SMTPCapabilities(reply).authentication == ["LOGIN", "PLAIN"])
        #expect(SMTPCapabilities(reply).has("STARTTLS"))
        #expect(try assembler.take("354") == SMTPReply(code: 354, lines: [""]))
        #expect(throws: SMTPError.self) {
            _ = try assembler.take("250-a")
            _ = try assembler.take("251 b")
        }
        var fresh = SMTPReplyAssembler()
        #expect(throws: SMTPError.self) { _ = try fresh.take("hello") }
    }

    @Test func fiveHundredsToTheMessageAreDeadLettersAndTheRestRetried() {
        #expect(SMTPError.refused(SMTPReply(code: 550, lines: ["5.1.1 no such user"]), command: "RCPT TO").deliveryFailure.permanent)
        #expect(SMTPError.refused(SMTPReply(code: 554, lines: ["5.6.0 message refused"]), command: "the message").deliveryFailure.permanent)
        #expect(SMTPError.cannotSend("no SMTPUTF8").deliveryFailure.permanent)
        // A wrong password says nothing about the message: retried until the operator fixes it.
        #expect(!SMTPError.refused(SMTPReply(code: 535, lines: ["5.7.8 bad credentials"]), command: "AUTH PLAIN").deliveryFailure.permanent)
        #expect(!SMTPError.refused(SMTPReply(code: 451, lines: ["try later"]), command: "DATA").deliveryFailure.permanent)
        #expect(!SMTPError.timedOut(step: "DATA").deliveryFailure.permanent)
        #expect(!SMTPError.tls("certificate verify failed").deliveryFailure.permanent)
        #expect(
            SMTPError.refused(SMTPReply(code: 550, lines: ["5.1.1 no such user"]), command: "RCPT TO").description.contains("550 5.1.1 no such user")
        )
    }
}

/// Just enough of RFC 5322 and 2047 to read a message back: unfolded headers, decoded words.
struct ParsedMail {
    var headers: [(name: String, value: String)] = []
    var body: String
    var lines: [Substring]

    init(_ text: String) throws {
        lines = text.split(separator: "\r\n", omittingEmptySubsequences: false)
        let split = try #require(text.range(of: "\r\n\r\n"))
        body = String(text[split.upperBound...])
        var unfolded: [String] = []
        for line in text[..<split.lowerBound].split(separator: "\r\n") {
            if line.hasPrefix(" "), !unfolded.isEmpty { unfolded[unfolded.count - 1] += line } else { unfolded.append(String(line)) }
        }
        for line in unfolded {
            let colon = try #require(line.firstIndex(of: ":"))
            headers.append(
                (String(line[..<colon]), try Self.decodeWords(String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)))
            )
        }
    }

    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// The value with its encoded-words decoded (whitespace between adjacent words dropped).
    static func decodeWords(_ value: String) throws -> String {
        let pattern = try Regex(#"=\?UTF-8\?B\?[A-Za-z0-9+/=]*\?=(\s+(?==\?))?"#)
        var result = value
        for match in value.matches(of: pattern).reversed() {
            let word = String(value[match.range]).trimmingCharacters(in: .whitespaces)
            result.replaceSubrange(match.range, with: try decodeWord(word))
        }
        return result
    }

    static func decodeWord(_ word: String) throws -> String {
        let base64 = word.dropFirst("=?UTF-8?B?".count).dropLast(2)
        let data = try #require(Data(base64Encoded: String(base64)))
        return try #require(String(data: data, encoding: .utf8))
    }
}

/// Quoted-printable read back (RFC 2045 §6.7).
enum QuotedPrintableDecoder {
    static func decode(_ text: String) throws -> String {
        var bytes: [UInt8] = []
        let input = Array(text.utf8)
        var index = 0
        while index < input.count {
            if input[index] == UInt8(ascii: "=") {
                if input[index + 1] == UInt8(ascii: "\r") {
                    index += 3
                    continue
                }
                bytes.append(try #require(UInt8(String(decoding: input[index + 1...index + 2], as: UTF8.self), radix: 16)))
                index += 3
            } else {
                bytes.append(input[index])
                index += 1
            }
        }
        return try #require(String(bytes: bytes, encoding: .utf8))
    }
}
