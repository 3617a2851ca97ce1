import Foundation
import NIOSSL
import PostgresNIO

/// A `postgres://user:password@host:port/database?sslmode=disable|prefer|require` URL, parsed
/// once for both the connection pool and the dedicated LISTEN connection.
struct PostgresURL: Sendable {
    enum SSLMode: Sendable {
        case disable, prefer, require
    }

    var host: String
    var port: Int
    var username: String
    var password: String?
    var database: String?
    var sslMode: SSLMode

    init(_ url: String) throws {
        guard let components = URLComponents(string: url), ["postgres", "postgresql"].contains(components.scheme ?? ""),
            let host = components.host, let user = components.user
        else { throw InvalidDatabaseURL(url: url) }
        self.host = host
        port = components.port ?? 5432
        username = user.removingPercentEncoding ?? user
        password = components.password?.removingPercentEncoding
        database = components.path.split(separator: "/").first.map(String.init)
        switch components.queryItems?.first(where: { $0.name == "sslmode" })?.value ?? "prefer" {
        case "disable": sslMode = .disable
        case "require", "verify-full": sslMode = .require
        default: sslMode = .prefer
        }
    }

    /// The configuration of a single connection outside the pool.
    func connectionConfiguration() throws -> PostgresConnection.Configuration {
        let tls: PostgresConnection.Configuration.TLS
        switch sslMode {
        case .disable: tls = .disable
        case .require: tls = .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
        case .prefer: tls = .prefer(try NIOSSLContext(configuration: .makeClientConfiguration()))
        }
        var configuration = PostgresConnection.Configuration(
            host: host, port: port, username: username, password: password, database: database, tls: tls)
        configuration.options.connectTimeout = .seconds(3)
        return configuration
    }
}
