import Foundation
import Hummingbird

/// The client IP of a request: the socket peer, or — only when the peer is a trusted proxy — the
/// nearest untrusted address in `X-Forwarded-For`.
enum ClientAddress {
    static func resolve(_ request: Request, peer: String?, trustedProxies: Set<String>) -> String? {
        guard let peer, trustedProxies.contains(peer), let forwarded = request.headers[.xForwardedFor] else {
            return peer
        }
        let hops = forwarded.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        return hops.reversed().first { !trustedProxies.contains($0) && !$0.isEmpty } ?? peer
    }
}
