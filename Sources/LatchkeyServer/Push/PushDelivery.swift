import AsyncHTTPClient
import Foundation
import NIOSSL

/// What sends pushes: each app's sealed credentials, the devices (to deactivate dead tokens),
/// the provider tokens kept between sends, and the HTTP client — HTTP/2 over TLS, as APNs
/// requires, trusting the system's roots plus any the configuration adds (a stand-in
/// provider's CA in tests).
struct PushDelivery: Sendable {
    let credentials: PushCredentialStore
    let devices: DeviceStore
    let client: HTTPClient
    let tokens = ProviderTokenCache()
    let time: any TimeSource
    /// Whether ``client`` was made for push (and is shut down with the backend).
    private let ownsClient: Bool

    init(credentials: PushCredentialStore, devices: DeviceStore, client: (HTTPClient, owned: Bool), time: any TimeSource) {
        self.credentials = credentials
        self.devices = devices
        self.client = client.0
        self.ownsClient = client.owned
        self.time = time
    }

    /// The client pushes go through: the shared outbound client, or one of its own when the
    /// configuration adds trust roots (PEM certificates).
    static func client(trustingAlso rootsPEM: String?) throws -> (HTTPClient, owned: Bool) {
        guard let rootsPEM else { return (OutboundHTTP.client, false) }
        let roots: [NIOSSLCertificate]
        do {
            roots = try NIOSSLCertificate.fromPEMBytes(Array(rootsPEM.utf8))
        } catch {
            throw ConfigurationProblem(description: "the push trust roots are not PEM certificates")
        }
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.additionalTrustRoots = [.certificates(roots)]
        let configuration = HTTPClient.Configuration(tlsConfiguration: tls, redirectConfiguration: .disallow)
        return (HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration), true)
    }

    /// The outbox's senders for the providers.
    var senders: [MessageSenderKind: any MessageSender] {
        [
            .apns: APNsSender(push: self),
            .fcm: FCMSender(push: self),
        ]
    }

    /// Closes the client's connections when it is push's own.
    func shutdown() async {
        guard ownsClient else { return }
        try? await client.shutdown()
    }
}
