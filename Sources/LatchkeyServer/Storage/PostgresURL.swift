import Foundation
import NIOSSL
import PostgresNIO

/// A `postgres://user:password@host:port/database?sslmode=…&sslrootcert=…` URL, parsed once for
/// both the connection pool and the dedicated LISTEN connection. `sslmode` means what it means to
/// libpq; an unknown value is refused rather than read as a weaker one.
struct PostgresURL: Sendable {
    /// libpq's `sslmode` values.
    enum SSLMode: String, Sendable, CaseIterable {
        /// No TLS.
        case disable
        /// TLS when the server offers it, unverified (libpq tries plaintext first; Latchkey tries
        /// TLS first, as `prefer`).
        case allow
        /// TLS when the server offers it, unverified (the default, as in libpq).
        case prefer
        /// TLS or no connection; unverified, unless `sslrootcert` is given (then as `verify-ca`).
        case require
        /// TLS with the server's certificate chain verified against `sslrootcert` (or the
        /// system's roots); its name is not checked.
        case verifyCA = "verify-ca"
        /// As `verify-ca`, and the certificate must name the host (DNS name or IP address).
        case verifyFull = "verify-full"
    }

    var host: String
    var port: Int
    var username: String
    var password: String?
    var database: String?
    var sslMode: SSLMode
    /// The CA certificates (PEM file) the server's certificate must chain to; nil or `system`
    /// uses the system's trust roots.
    var sslRootCertificate: String?

    init(_ url: String) throws {
        guard let components = URLComponents(string: url), ["postgres", "postgresql"].contains(components.scheme ?? ""),
            let host = components.host, let user = components.user
        else { throw InvalidDatabaseURL(url: url) }
        self.host = host
        port = components.port ?? 5432
        username = user.removingPercentEncoding ?? user
        password = components.password?.removingPercentEncoding
        database = components.path.split(separator: "/").first.map(String.init)
        let query = { (name: String) in components.queryItems?.first(where: { $0.name == name })?.value }
        let mode = query("sslmode") ?? SSLMode.prefer.rawValue
        guard let sslMode = SSLMode(rawValue: mode) else {
            throw InvalidDatabaseURL(
                url: url,
                reason: "unknown sslmode \"\(mode)\" (use one of \(SSLMode.allCases.map(\.rawValue).joined(separator: ", ")))"
            )
        }
        self.sslMode = sslMode
        sslRootCertificate = query("sslrootcert")
    }

    /// Whether a connection without TLS is refused.
    var requiresTLS: Bool { ![.disable, .allow, .prefer].contains(sslMode) }

    /// The TLS configuration for ``sslMode``, or nil for `disable`.
    func tlsConfiguration() -> TLSConfiguration? {
        var tls = TLSConfiguration.makeClientConfiguration()
        switch sslMode {
        case .disable:
            return nil
        case .allow, .prefer:
            tls.certificateVerification = .none
        case .require:
            tls.certificateVerification = sslRootCertificate == nil ? .none : .noHostnameVerification
        case .verifyCA:
            tls.certificateVerification = .noHostnameVerification
        case .verifyFull:
            tls.certificateVerification = .fullVerification
        }
        if let sslRootCertificate, sslRootCertificate != "system" { tls.trustRoots = .file(sslRootCertificate) }
        return tls
    }

    /// The pool's TLS setting.
    func clientTLS() -> PostgresClient.Configuration.TLS {
        guard let tls = tlsConfiguration() else { return .disable }
        return requiresTLS ? .require(tls) : .prefer(tls)
    }

    /// The configuration of a single connection outside the pool.
    func connectionConfiguration() throws -> PostgresConnection.Configuration {
        var tls = PostgresConnection.Configuration.TLS.disable
        if let configuration = tlsConfiguration() {
            let context = try NIOSSLContext(configuration: configuration)
            tls = requiresTLS ? .require(context) : .prefer(context)
        }
        var configuration = PostgresConnection.Configuration(
            host: host,
            port: port,
            username: username,
            password: password,
            database: database,
            tls: tls
        )
        configuration.options.connectTimeout = .seconds(3)
        return configuration
    }
}

extension PostgresURL {
    /// `url` with its password, if any, replaced by `***`, to show where the URL is printed.
    static func withoutPassword(_ url: String) -> String {
        guard var components = URLComponents(string: url), components.password != nil else { return url }
        components.password = "***"
        return components.string ?? url
    }
}
