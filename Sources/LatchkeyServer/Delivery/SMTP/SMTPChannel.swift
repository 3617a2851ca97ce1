import NIOCore
import NIOPosix
import NIOSSL

/// One TCP connection to the SMTP server, in plain text or TLS: writes a command, waits for its
/// reply, each wait bounded by ``timeout`` (a server that stalls loses the connection, never
/// holds a send). One command, one reply: nothing is pipelined, so no reply is ever taken for
/// another command's.
struct SMTPChannel: Sendable {
    let channel: any Channel
    private let reader: NIOLoopBound<SMTPReplyReader>
    /// How long one reply may take.
    let timeout: TimeAmount

    /// Connects to `host:port`, in TLS from the start when `tls` is given (implicit TLS, port 465).
    static func connect(
        host: String,
        port: Int,
        tls: NIOSSLContext?,
        timeout: TimeAmount,
        group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
    ) async throws(SMTPError) -> SMTPChannel {
        let channel: any Channel
        do {
            channel = try await ClientBootstrap(group: group)
                .connectTimeout(timeout)
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        if let tls { try channel.pipeline.syncOperations.addHandler(try Self.tlsHandler(tls, host: host)) }
                        try channel.pipeline.syncOperations.addHandler(SMTPReplyReader())
                    }
                }
                .connect(host: host, port: port).get()
        } catch {
            throw .connection("cannot connect to \(host):\(port) (\(error))")
        }
        do {
            let reader = try await channel.eventLoop.submit {
                NIOLoopBound(try channel.pipeline.syncOperations.handler(type: SMTPReplyReader.self), eventLoop: channel.eventLoop)
            }.get()
            return SMTPChannel(channel: channel, reader: reader, timeout: timeout)
        } catch {
            channel.close(promise: nil)
            throw .connection("\(error)")
        }
    }

    /// The TLS client handler: SNI and the certificate's name check use `host`, or for an IP
    /// address (which SNI cannot carry) the certificate must name the address connected to.
    private static func tlsHandler(_ context: NIOSSLContext, host: String) throws -> NIOSSLClientHandler {
        let isAddress = (try? SocketAddress(ipAddress: host, port: 0)) != nil
        return try NIOSSLClientHandler(context: context, serverHostname: isAddress ? nil : host)
    }

    /// Sends `line` (CRLF added) and returns the reply; `step` names it in errors.
    func command(_ line: String, step: String? = nil) async throws(SMTPError) -> SMTPReply {
        try await exchange(ByteBuffer(string: line + "\r\n"), step: step ?? line)
    }

    /// Waits for a reply without sending (the greeting), or sends `bytes` and waits.
    func exchange(_ bytes: ByteBuffer?, step: String) async throws(SMTPError) -> SMTPReply {
        let promise = channel.eventLoop.makePromise(of: SMTPReply.self)
        channel.eventLoop.execute { [channel, reader, timeout] in
            reader.value.expect(promise)
            if let bytes { channel.writeAndFlush(bytes, promise: nil) }
            let timer = channel.eventLoop.scheduleTask(in: timeout) {
                promise.fail(SMTPError.timedOut(step: step))
                channel.close(promise: nil)
            }
            promise.futureResult.whenComplete { _ in timer.cancel() }
        }
        do {
            return try await withTaskCancellationHandler {
                try await promise.futureResult.get()
            } onCancel: { [channel] in
                channel.close(promise: nil)
            }
        } catch {
            throw SMTPReplyReader.smtpError(error)
        }
    }

    /// Starts TLS after the server's `220` to STARTTLS; refuses when the server sent anything
    /// more in the clear (RFC 3207 §4.2, the STARTTLS command injection attack).
    func startTLS(_ context: NIOSSLContext, host: String) async throws(SMTPError) {
        do {
            try await channel.eventLoop.submit { [channel, reader] in
                guard reader.value.isDrained else {
                    throw SMTPError.protocolViolation("the server sent data after its STARTTLS reply")
                }
                try channel.pipeline.syncOperations.addHandler(try Self.tlsHandler(context, host: host), position: .first)
            }.get()
        } catch {
            channel.close(promise: nil)
            throw SMTPReplyReader.smtpError(error)
        }
    }

    /// Whether the connection is still open.
    var isActive: Bool { channel.isActive }

    /// Closes the connection without a word.
    func close() {
        channel.close(promise: nil)
    }
}
