import AsyncHTTPClient
import Foundation

/// Requests to URLs an administrator configures — identity providers' issuers, JWKS and Graph
/// API, the webhook, Twilio — and the rule those URLs follow.
enum OutboundHTTP {
    /// The client for them: it never follows a redirect, so a 30x is an answer (a failure), never
    /// a way to send a request, a signed message or a secret somewhere the administrator did not name.
    static let client = HTTPClient(
        eventLoopGroup: HTTPClient.defaultEventLoopGroup,
        configuration: .init(redirectConfiguration: .disallow)
    )

    /// Why `url` may not be used as `name`, or nil: it must be an absolute `https` URL, or `http`
    /// to a loopback host (`localhost`, 127.0.0.0/8, `::1`) for development and tests.
    static func problem(_ url: String, name: String) -> String? {
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
            let host = components.host, !host.isEmpty
        else { return "\(name) must be an absolute https URL" }
        switch scheme {
        case "https": return nil
        case "http" where isLoopback(host): return nil
        default: return "\(name) must use https (http only to localhost, 127.0.0.0/8 or ::1)"
        }
    }

    /// Whether `host` (a URL's host, IPv6 literals with or without brackets) is this machine.
    static func isLoopback(_ host: String) -> Bool {
        let bare = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if bare == "localhost" || bare == "::1" { return true }
        let octets = bare.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets[0] == "127" && octets.allSatisfy { UInt8($0) != nil }
    }
}
