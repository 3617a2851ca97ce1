import Foundation
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOSSL
import ServiceLifecycle
import UnixSignals

/// The certificate chain and private key that `serve --tls-cert --tls-key` serves, read from their
/// PEM files at start and again on SIGHUP: every new connection gets the chain loaded last, so
/// a renewed certificate is served without a restart. A reload that fails (a half-written file,
/// a key that is not PEM) keeps the previous pair.
final class TLSCertificates: Sendable {
    let certificatePath: String
    let keyPath: String
    private let current: NIOLockedValueBox<NIOSSLContextConfigurationOverride>

    /// The pair the configuration names, or nil for plain HTTP. SIGHUP is ignored from here on
    /// (its default would end the process) until ``CertificateReloadService`` handles it.
    convenience init?(_ configuration: LatchkeyConfiguration) throws {
        switch (configuration.tlsCertificatePath, configuration.tlsKeyPath) {
        case (nil, nil):
            return nil
        case (let certificate?, let key?):
            try self.init(certificatePath: certificate, keyPath: key)
            signal(SIGHUP, SIG_IGN)
        default:
            throw ConfigurationProblem(description: "--tls-cert and --tls-key go together")
        }
    }

    /// Loads the pair; throws when either file does not hold what it should.
    init(certificatePath: String, keyPath: String) throws {
        self.certificatePath = certificatePath
        self.keyPath = keyPath
        current = NIOLockedValueBox(try Self.load(certificatePath: certificatePath, keyPath: keyPath))
    }

    private static func load(certificatePath: String, keyPath: String) throws -> NIOSSLContextConfigurationOverride {
        let chain = try NIOSSLCertificate.fromPEMFile(certificatePath)
        guard !chain.isEmpty else { throw ConfigurationProblem(description: "\(certificatePath) holds no PEM certificate") }
        var pair = NIOSSLContextConfigurationOverride()
        pair.certificateChain = chain.map { .certificate($0) }
        pair.privateKey = .privateKey(try NIOSSLPrivateKey(file: keyPath, format: .pem))
        return pair
    }

    /// Reads both files again; on failure the previous pair stays in use.
    func reload() throws {
        let pair = try Self.load(certificatePath: certificatePath, keyPath: keyPath)
        current.withLockedValue { $0 = pair }
    }

    /// The server's TLS configuration (TLS 1.2 or later; hummingbird adds ALPN `h2` and
    /// `http/1.1`): each handshake takes the pair loaded last.
    func serverConfiguration() -> TLSConfiguration {
        let pair = current.withLockedValue { $0 }
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: pair.certificateChain ?? [],
            privateKey: pair.privateKey ?? .file(keyPath)
        )
        configuration.minimumTLSVersion = .tlsv12
        configuration.sslContextCallback = { [current] _, promise in
            promise.succeed(current.withLockedValue { $0 })
        }
        return configuration
    }
}

/// Reloads the TLS certificates whenever the process gets SIGHUP.
struct CertificateReloadService: Service {
    let certificates: TLSCertificates
    let logger: Logger

    func run() async throws {
        for await _ in await UnixSignalsSequence(trapping: .sighup).cancelOnGracefulShutdown() {
            do {
                try certificates.reload()
                logger.notice("reloaded the TLS certificate", metadata: ["path": "\(certificates.certificatePath)"])
            } catch {
                logger.error(
                    "could not reload the TLS certificate; still serving the previous one",
                    metadata: ["path": "\(certificates.certificatePath)", "error": "\(error)"]
                )
            }
        }
    }
}
