import Foundation

/// Which redirect URIs an authorization request may name (RFC 6749 §3.1.2, RFC 8252 §7): one of
/// the app's registered `redirectURIs`, compared as strings — except that a loopback IP literal
/// (`http://127.0.0.1`, `http://[::1]`) may carry any port, since a native app binds whatever
/// port is free (RFC 8252 §7.3); scheme, host, path and query must still match a registered one.
/// A URI with a fragment never matches (RFC 6749 §3.1.2), nor does plain `http` to any host but
/// a loopback one, nor a private-use scheme that is not reverse-domain (RFC 8252 §7.1: `com.example.app:/cb`).
enum RedirectURIRule {
    /// Whether `uri` may receive `app`'s authorization responses.
    static func allows(_ uri: String, registered: [String]) -> Bool {
        guard let presented = URLComponents(string: uri), presented.fragment == nil, isAcceptable(presented) else { return false }
        if registered.contains(uri) { return true }
        guard isLoopbackIP(presented), hasPlainAuthority(presented) else { return false }
        return registered.contains { candidate in
            guard let registered = URLComponents(string: candidate), isLoopbackIP(registered) else { return false }
            return registered.scheme == presented.scheme && registered.host == presented.host
                && registered.percentEncodedPath == presented.percentEncodedPath
                && registered.percentEncodedQuery == presented.percentEncodedQuery
        }
    }

    /// The `form-action` source a page needs for a form whose answer redirects to `uri`: its
    /// origin, or its scheme for a private-use one.
    static func formActionSource(of uri: String) -> String? {
        guard let components = URLComponents(string: uri), let scheme = components.scheme?.lowercased() else { return nil }
        guard scheme == "http" || scheme == "https" else { return scheme + ":" }
        guard let host = components.host else { return nil }
        let port = components.port.map { ":\($0)" } ?? ""
        let bracketed = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return "\(scheme)://\(bracketed)\(port)"
    }

    private static func isAcceptable(_ uri: URLComponents) -> Bool {
        switch uri.scheme?.lowercased() ?? "" {
        case "https": uri.host?.isEmpty == false
        case "http": isLoopbackIP(uri) || uri.host == "localhost"
        case let scheme: scheme.contains(".")
        }
    }

    /// Whether a loopback URI, whose port any may be, names a host and port and nothing else: no
    /// user information (`http://evil.example@127.0.0.1/`, which reads like another host) and,
    /// after a `:`, a port that exists.
    private static func hasPlainAuthority(_ uri: URLComponents) -> Bool {
        guard uri.user == nil, uri.password == nil else { return false }
        guard uri.rangeOfPort != nil else { return true }
        return uri.port.map { (1...65_535).contains($0) } ?? false
    }

    private static func isLoopbackIP(_ uri: URLComponents) -> Bool {
        uri.scheme == "http" && (uri.host == "127.0.0.1" || uri.host == "[::1]" || uri.host == "::1")
    }
}
