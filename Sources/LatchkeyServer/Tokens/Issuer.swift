import NIOConcurrencyHelpers

/// The issuer URL tokens carry and discovery announces: the configured public URL, else
/// `http://host:port` (`https` when the server terminates TLS itself) — which, for a server told to pick a free port (`--port 0`), is known only
/// once it is bound.
final class Issuer: Sendable {
    private let url: NIOLockedValueBox<String>
    private let host: String
    private let scheme: String
    private let waitsForPort: Bool

    init(configuration: LatchkeyConfiguration) {
        url = NIOLockedValueBox(configuration.issuer)
        host = configuration.host
        scheme = configuration.scheme
        waitsForPort = configuration.publicURL == nil && configuration.port == 0
    }

    /// The issuer now.
    var current: String { url.withLockedValue { $0 } }

    /// Records the port the server bound, for a server started on port 0 without a public URL.
    func serverBound(port: Int) {
        guard waitsForPort else { return }
        url.withLockedValue { $0 = "\(scheme)://\(host):\(port)" }
    }
}
