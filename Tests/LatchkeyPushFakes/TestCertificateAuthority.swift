import Crypto
import Foundation
import NIOSSL
import SwiftASN1
import X509

/// A throwaway certificate authority and a `localhost` server certificate it signed, made in
/// memory: what a stand-in provider serves TLS (and so HTTP/2, which clients negotiate through
/// TLS's ALPN) with, and what its clients are told to trust.
public struct TestCertificateAuthority: Sendable {
    /// The CA certificate in PEM: the trust root to give clients.
    public let rootPEM: String
    /// The server's certificate and its key.
    let serverCertificate: NIOSSLCertificate
    let serverKey: NIOSSLPrivateKey

    /// A new CA and a server certificate for `localhost`, valid for two days.
    public init() throws {
        let caKey = P256.Signing.PrivateKey()
        let serverKey = P256.Signing.PrivateKey()
        let caName = try DistinguishedName { CommonName("Latchkey Test CA") }
        let serverName = try DistinguishedName { CommonName("localhost") }
        let now = Date()
        let ca = try Certificate(
            version: .v3,
            serialNumber: Certificate.SerialNumber(),
            publicKey: .init(caKey.publicKey),
            notValidBefore: now.addingTimeInterval(-3600),
            notValidAfter: now.addingTimeInterval(2 * 86_400),
            issuer: caName,
            subject: caName,
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                Critical(KeyUsage(keyCertSign: true))
            },
            issuerPrivateKey: .init(caKey)
        )
        let server = try Certificate(
            version: .v3,
            serialNumber: Certificate.SerialNumber(),
            publicKey: .init(serverKey.publicKey),
            notValidBefore: now.addingTimeInterval(-3600),
            notValidAfter: now.addingTimeInterval(2 * 86_400),
            issuer: caName,
            subject: serverName,
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true))
                try ExtendedKeyUsage([.serverAuth])
                SubjectAlternativeNames([.dnsName("localhost")])
            },
            issuerPrivateKey: .init(caKey)
        )
        rootPEM = try ca.serializeAsPEM().pemString
        serverCertificate = try NIOSSLCertificate(bytes: Array(try server.serializeAsPEM().pemString.utf8), format: .pem)
        self.serverKey = try NIOSSLPrivateKey(bytes: Array(serverKey.pemRepresentation.utf8), format: .pem)
    }

    /// The server side's TLS configuration.
    func serverConfiguration() -> TLSConfiguration {
        TLSConfiguration.makeServerConfiguration(certificateChain: [.certificate(serverCertificate)], privateKey: .privateKey(serverKey))
    }
}
