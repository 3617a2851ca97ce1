import Foundation
import HTTPTypes
import Hummingbird
import LatchkeyWire

/// Who a tree request comes from, as the protocol carries it: a token as `Authorization: Bearer`
/// or the `auth` / `access_token` query parameter names the caller and its app; without one,
/// `ns=<client id>` names the app and the caller is anonymous, or else the `Host`, when an app
/// names it as its `databaseHost` (clients that know the database only by URL). A token's `ns`
/// must agree. Query parameters are form-decoded (``TreeParameters``).
///
/// A confidential client's token carrying ``Scope/databaseAdmin`` is an admin, which
/// `auth_variable_override` (JSON, firebase-admin's `databaseAuthVariableOverride`) turns into
/// that `auth`; a user's token is that user — a child awaiting parental consent too: the app's
/// rules decide what it may read and write, as for anyone.
struct DatabaseCallers: Sendable {
    let authenticator: Authenticator
    let apps: AppDirectory

    /// The protocol's answer to a token it cannot use.
    static let badToken = DatabaseError(status: .unauthorized, message: "Could not parse auth token.")

    /// The data tree's credential scheme: the caller of each request (``caller(of:)``) with its
    /// token's claims, or the protocol's refusal.
    var scheme: CredentialScheme {
        CredentialScheme(name: "database") { request in
            do {
                let (caller, claims) = try await caller(of: request)
                return .treeCaller(caller, token: claims)
            } catch let error as DatabaseError {
                throw RefusalResponse(response: DatabaseFeature.response(to: error))
            }
        }
    }

    /// The scheme of the tree's settings (`/.settings/rules.json`): only an app's confidential
    /// client with `database:admin`, not overridden; the protocol's 401 `Permission denied` for
    /// anyone else, with a token or without.
    var adminScheme: CredentialScheme {
        CredentialScheme(name: "database-admin") { request in
            guard case (.admin(let app), let claims)? = try? await caller(of: request) else {
                throw RefusalResponse(response: DatabaseFeature.response(to: .permissionDenied))
            }
            return .treeCaller(.admin(app), token: claims)
        }
    }

    /// The caller of `request`, with the verified claims of the token it came with (nil without one).
    private func caller(of request: Request) async throws -> (DatabaseCaller, AccessTokenClaims?) {
        let query = try TreeParameters(request.uri.query)
        let namespace = query["ns"]
        let override = query["auth_variable_override"]
        guard let token = try Self.token(of: request) else {
            guard override == nil else { throw Self.overrideRefused }
            guard let namespace else { return (.anonymous(try await app(ofHost: request)), nil) }
            guard let app = try await apps.app(clientID: namespace) else { throw Self.unknownNamespace(namespace) }
            return (.anonymous(app), nil)
        }
        let verified: (claims: AccessTokenClaims, app: App)
        do {
            verified = try await authenticator.verified(token)
        } catch is APIError {
            throw Self.badToken
        }
        if let namespace, namespace != verified.app.clientID {
            throw DatabaseError(status: .unauthorized, message: "The token belongs to another database than ns=\(namespace).")
        }
        if verified.claims.sid == nil {
            guard let client = Authenticator.client(claims: verified.claims, app: verified.app),
                client.scopes.contains(.databaseAdmin)
            else { throw DatabaseError.permissionDenied }
            guard let override else { return (.admin(verified.app), verified.claims) }
            guard let auth = try? JSONDecoder().decode(JSONValue.self, from: Data(override.utf8)) else {
                throw DatabaseError(status: .badRequest, message: "auth_variable_override is not valid JSON.")
            }
            switch auth {
            case .null, .object: return (.overridden(verified.app, auth: auth), verified.claims)
            default: throw DatabaseError(status: .badRequest, message: "auth_variable_override must be an object or null.")
            }
        }
        guard override == nil else { throw Self.overrideRefused }
        do {
            return (.user(try await authenticator.user(claims: verified.claims, app: verified.app)), verified.claims)
        } catch is APIError {
            throw Self.badToken
        }
    }

    /// The token of `Authorization: Bearer`, else of `auth=`, else of `access_token=`.
    static func token(of request: Request) throws(DatabaseError) -> String? {
        if let bearer = Authenticator.bearerToken(in: request) { return bearer }
        let query = try TreeParameters(request.uri.query)
        return (query["auth"] ?? query["access_token"]).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The app whose `databaseHost` is the request's host; the protocol's 404 when none (or,
    /// should two apps name it, more than one) does.
    private func app(ofHost request: Request) async throws -> App {
        let host = request.head.authority.map(Self.hostName(of:)) ?? ""
        let named = try await host.isEmpty ? [] : apps.apps(databaseHost: host)
        guard named.count == 1, let app = named.first else {
            throw DatabaseError(
                status: .notFound,
                message: named.isEmpty
                    ? "No database named: pass ns=<client id> or an access token, or use the host an app names as its database-host."
                    : "More than one app names \(host) as its database-host: pass ns=<client id>."
            )
        }
        return app
    }

    /// `authority`'s host name: lowercased, without port or trailing dot (`[::1]:80` → `[::1]`).
    static func hostName(of authority: String) -> String {
        var host = Substring(authority.lowercased())
        if let colon = host.lastIndex(of: ":"), !host[colon...].contains("]") { host = host[..<colon] }
        while host.hasSuffix(".") { host = host.dropLast() }
        return String(host)
    }

    private static let overrideRefused = DatabaseError(
        status: .forbidden,
        message: "auth_variable_override needs an admin credential."
    )

    private static func unknownNamespace(_ namespace: String) -> DatabaseError {
        DatabaseError(status: .notFound, message: "No database is named \(namespace).")
    }
}

extension DatabaseCaller {
    /// The `auth` variable of the rules: `null` for an anonymous caller, the override for an
    /// overridden admin, and for a user `{uid, provider, token}` with the access token's claims
    /// as `token`. Nil for an admin, whom the rules do not see.
    var ruleAuth: JSONValue? {
        switch self {
        case .admin: return nil
        case .anonymous: return .null
        case .overridden(_, let auth): return auth
        case .user(let user): return Self.auth(of: user.claims)
        }
    }

    /// The `auth` variable of a user whose access token carries `claims`.
    static func auth(of claims: AccessTokenClaims) -> JSONValue {
        let token = (try? JSONEncoder().encode(claims)).flatMap { try? JSONDecoder().decode(JSONValue.self, from: $0) }
        return .object(["uid": .string(claims.sub), "provider": .string("latchkey"), "token": token ?? .object([:])])
    }
}

extension Scope {
    /// Admin access to the app's data tree, rules skipped (server-to-server).
    static let databaseAdmin = Scope(rawValue: "database:admin")
}
