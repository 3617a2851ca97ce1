import Foundation
import NIOCore
import NIOSSL

/// An open, greeted and (when configured) authenticated SMTP connection that sends one message
/// after another (RFC 5321 §3.3): `MAIL FROM`, `RCPT TO`, `DATA`; after a refused transaction it
/// sends `RSET` before the connection is reused.
struct SMTPSession: Sendable {
    let channel: SMTPChannel
    let capabilities: SMTPCapabilities

    /// Connects and runs the opening dialogue: the greeting, EHLO (HELO when the server refuses
    /// EHLO), STARTTLS and EHLO again, then AUTH. Credentials only ever go over TLS, or in the
    /// clear to a relay on this machine (``SMTPSettings/problem(from:)`` refuses the rest).
    static func open(_ settings: SMTPSettings, tls: @Sendable () throws -> NIOSSLContext) async throws(SMTPError) -> SMTPSession {
        let host = settings.host ?? "localhost"
        let timeout = TimeAmount(settings.timeout)
        let context: NIOSSLContext?
        do {
            context = settings.security == .none ? nil : try tls()
        } catch {
            throw .tls("\(error)")
        }
        let channel = try await SMTPChannel.connect(
            host: host,
            port: settings.resolvedPort,
            tls: settings.security == .tls ? context : nil,
            timeout: timeout
        )
        do throws(SMTPError) {
            try expect(220, try await channel.exchange(nil, step: "the greeting"), to: "the connection")
            var capabilities = try await hello(channel, name: settings.resolvedHeloName)
            if settings.security == .starttls, let context {
                guard capabilities.has("STARTTLS") else {
                    throw SMTPError.unsupported("the SMTP server does not offer STARTTLS, which --smtp-security starttls requires")
                }
                try expect(220, try await channel.command("STARTTLS"), to: "STARTTLS")
                try await channel.startTLS(context, host: host)
                capabilities = try await hello(channel, name: settings.resolvedHeloName)
            }
            if let username = settings.username, let password = settings.password {
                try await authenticate(channel, capabilities, username: username, password: password.trimmingCharacters(in: .newlines))
            }
            return SMTPSession(channel: channel, capabilities: capabilities)
        } catch {
            channel.close()
            throw error
        }
    }

    /// EHLO, or HELO when the server does not know EHLO (a 5xx); the extensions it offers.
    private static func hello(_ channel: SMTPChannel, name: String) async throws(SMTPError) -> SMTPCapabilities {
        let reply = try await channel.command("EHLO \(name)")
        if reply.code == 250 { return SMTPCapabilities(reply) }
        guard (500..<600).contains(reply.code) else { throw .refused(reply, command: "EHLO") }
        try expect(250, try await channel.command("HELO \(name)"), to: "HELO")
        return SMTPCapabilities()
    }

    /// AUTH PLAIN (RFC 4616) when offered, else AUTH LOGIN.
    private static func authenticate(
        _ channel: SMTPChannel,
        _ capabilities: SMTPCapabilities,
        username: String,
        password: String
    ) async throws(SMTPError) {
        func base64(_ text: String) -> String { Data(text.utf8).base64EncodedString() }
        if capabilities.authentication.contains("PLAIN") {
            let credentials = base64("\u{0}\(username)\u{0}\(password)")
            var reply = try await channel.command("AUTH PLAIN \(credentials)", step: "AUTH PLAIN")
            // A server that takes no initial response asks with an empty 334 challenge.
            if reply.code == 334 { reply = try await channel.command(credentials, step: "AUTH PLAIN") }
            try expect(235, reply, to: "AUTH PLAIN")
        } else if capabilities.authentication.contains("LOGIN") {
            try expect(334, try await channel.command("AUTH LOGIN"), to: "AUTH LOGIN")
            try expect(334, try await channel.command(base64(username), step: "AUTH LOGIN"), to: "AUTH LOGIN")
            try expect(235, try await channel.command(base64(password), step: "AUTH LOGIN"), to: "AUTH LOGIN")
        } else {
            throw .unsupported(
                "the SMTP server offers neither AUTH PLAIN nor AUTH LOGIN (it offers: \(capabilities.authentication.sorted().joined(separator: " ")))"
            )
        }
    }

    /// Sends one message from `from` to `to`; `data` is the message, CRLF lines. Throws
    /// ``SMTPError/stale`` when the connection is found closed at `MAIL FROM`, so a reused
    /// connection the server dropped while idle can be replaced without sending twice.
    func send(from: String, to: String, data: String) async throws(SMTPError) {
        let international = MailAddress.isInternational(from) || MailAddress.isInternational(to) || !data.utf8.allSatisfy { $0 < 128 }
        if international && !capabilities.has("SMTPUTF8") {
            throw .cannotSend("the SMTP server does not offer SMTPUTF8, which an address with non-ASCII characters needs")
        }
        let accepted: SMTPReply
        do throws(SMTPError) {
            accepted = try await channel.command("MAIL FROM:<\(from)>" + (international ? " SMTPUTF8" : ""), step: "MAIL FROM")
        } catch {
            if case .connection = error { throw .stale }
            throw error == .closed ? .stale : error
        }
        try Self.expect(250, accepted, to: "MAIL FROM")
        let recipient = try await channel.command("RCPT TO:<\(to)>", step: "RCPT TO")
        guard recipient.code == 250 || recipient.code == 251 else { throw .refused(recipient, command: "RCPT TO") }
        try Self.expect(354, try await channel.command("DATA"), to: "DATA")
        try Self.expect(250, try await channel.exchange(Self.dotStuffed(data), step: "the end of DATA"), to: "the message")
    }

    /// `RSET` after a refused transaction; false when the connection is not fit for another message.
    func reset() async -> Bool {
        (try? await channel.command("RSET"))?.code == 250
    }

    /// `QUIT`, then closes.
    func quit() async {
        _ = try? await channel.command("QUIT")
        channel.close()
    }

    /// The message as DATA sends it (RFC 5321 §4.5.2): CRLF lines, a dot that starts a line
    /// doubled, and the lone `.` that ends it.
    static func dotStuffed(_ data: String) -> ByteBuffer {
        var buffer = ByteBuffer()
        buffer.reserveCapacity(data.utf8.count + 64)
        var lines = MailText.lines(of: data)
        if lines.last == "" { lines.removeLast() }
        for line in lines {
            if line.hasPrefix(".") { buffer.writeString(".") }
            buffer.writeSubstring(line)
            buffer.writeString("\r\n")
        }
        buffer.writeString(".\r\n")
        return buffer
    }

    private static func expect(_ code: Int, _ reply: SMTPReply, to command: String) throws(SMTPError) {
        guard reply.code == code else { throw .refused(reply, command: command) }
    }
}

/// The extensions an EHLO reply lists (RFC 5321 §4.1.1.1): keywords, upper-cased, and the
/// mechanisms after `AUTH`.
struct SMTPCapabilities: Sendable {
    private(set) var keywords: Set<String> = []
    private(set) var authentication: Set<String> = []

    /// None: a server that only knows HELO.
    init() {}

    init(_ reply: SMTPReply) {
        for line in reply.lines.dropFirst() {
            let words = line.uppercased().split(separator: " ").map(String.init)
            guard let keyword = words.first else { continue }
            keywords.insert(keyword)
            if keyword == "AUTH" { authentication.formUnion(words.dropFirst()) }
            // The pre-standard `AUTH=LOGIN PLAIN` some servers still send.
            if keyword.hasPrefix("AUTH=") { authentication.formUnion([String(keyword.dropFirst(5))] + words.dropFirst()) }
        }
    }

    func has(_ keyword: String) -> Bool { keywords.contains(keyword) }
}
