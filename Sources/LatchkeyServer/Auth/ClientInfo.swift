import Foundation

/// Who is on the other end of a request, as far as the server can tell.
struct ClientInfo: Sendable {
    /// The client IP (from the socket, or `X-Forwarded-For` behind a trusted proxy), as given:
    /// sessions record it so.
    var ipAddress: String?
    /// The `User-Agent` header.
    var userAgent: String?

    /// The key under which throttle `purpose` counts this client's address for `app`; nil without
    /// an address. Every throttle keyed by IP takes its key here, so all of them count an IPv6
    /// client by its /64 (one subscriber's whole allocation, as RFC 6177 hands out), not by an
    /// address it can change at will.
    func addressKey(_ purpose: String, app: App) -> String? {
        ipAddress.map { "\(purpose):\(app.id):\(Self.throttleBucket(of: $0))" }
    }

    /// An IPv4 address as it is; an IPv6 address as its /64 prefix (`2001:db8:1:2::/64`), an
    /// IPv4-mapped IPv6 address as its IPv4 address. Anything else is kept as it is.
    static func throttleBucket(of address: String) -> String {
        let unzoned = String(address.split(separator: "%", maxSplits: 1).first ?? "")
        var bytes = [UInt8](repeating: 0, count: 16)
        guard unzoned.contains(":"), inet_pton(AF_INET6, unzoned, &bytes) == 1 else { return address }
        if bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF {
            return bytes[12...].map(String.init).joined(separator: ".")
        }
        let groups = stride(from: 0, to: 8, by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }
        return groups.joined(separator: ":") + "::/64"
    }
}
