import NIOCore
import NIOSSL

/// The channel's last handler: cuts the server's bytes into lines, lines into replies, and hands
/// each reply to the oldest command waiting for one (a reply nobody waits for yet, such as the
/// greeting, is kept until asked for). Once the connection fails every wait fails with the cause.
final class SMTPReplyReader: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    /// Bytes a line may have before the server counts as broken (RFC 5321 allows 512).
    static let maximumLine = 8192
    private var buffer = ByteBuffer()
    private var assembler = SMTPReplyAssembler()
    private var replies = CircularBuffer<SMTPReply>()
    private var waiting = CircularBuffer<EventLoopPromise<SMTPReply>>()
    private var failure: SMTPError?

    /// Nothing received that is not yet read: what STARTTLS needs before TLS begins, or bytes
    /// sent in the clear would be taken as coming over TLS.
    var isDrained: Bool { buffer.readableBytes == 0 && replies.isEmpty }

    /// Completes `promise` with the next reply.
    func expect(_ promise: EventLoopPromise<SMTPReply>) {
        if let reply = replies.popFirst() {
            promise.succeed(reply)
        } else if let failure {
            promise.fail(failure)
        } else {
            waiting.append(promise)
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var bytes = unwrapInboundIn(data)
        buffer.writeBuffer(&bytes)
        do throws(SMTPError) {
            while let newline = buffer.readableBytesView.firstIndex(of: UInt8(ascii: "\n")) {
                let length = newline - buffer.readerIndex
                var line = buffer.readString(length: length) ?? ""
                buffer.moveReaderIndex(forwardBy: 1)
                if line.hasSuffix("\r") { line.removeLast() }
                if let reply = try assembler.take(line[...]) { deliver(reply) }
            }
            buffer.discardReadBytes()
            if buffer.readableBytes > Self.maximumLine { throw SMTPError.protocolViolation("the server sent an overlong line") }
        } catch {
            fail(error, context: context)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        fail(.closed, context: context)
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        fail(Self.smtpError(error), context: context)
    }

    private func deliver(_ reply: SMTPReply) {
        if let promise = waiting.popFirst() { promise.succeed(reply) } else { replies.append(reply) }
    }

    private func fail(_ error: SMTPError, context: ChannelHandlerContext) {
        if failure == nil { failure = error }
        while let promise = waiting.popFirst() { promise.fail(failure ?? error) }
        context.close(promise: nil)
    }

    /// A channel error as the sender reports it.
    static func smtpError(_ error: any Error) -> SMTPError {
        switch error {
        case let error as SMTPError: error
        case let error as NIOSSLError: .tls("\(error)")
        case let error as BoringSSLError: .tls("\(error)")
        case let error as NIOSSLExtraError: .tls("\(error)")
        default: .connection("\(error)")
        }
    }
}
