import NIOCore

/// Tells a long answer (a stream of the tree) that its client closed its side of the connection.
///
/// The server allows half-closed connections, so a client's FIN only ends the input: nothing
/// fails until a write meets the client's reset, which for a quiet location is two keep-alives
/// away, and the stream holds one of the node's places until then. Put first in the connection's
/// pipeline for the stream's life, this sees the input end as it happens.
final class HangUpHandler: ChannelInboundHandler, RemovableChannelHandler, Sendable {
    typealias InboundIn = NIOAny

    private let onHangUp: @Sendable () -> Void

    init(onHangUp: @escaping @Sendable () -> Void) {
        self.onHangUp = onHangUp
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case .inputClosed? = event as? ChannelEvent { onHangUp() }
        context.fireUserInboundEventTriggered(event)
    }
}
