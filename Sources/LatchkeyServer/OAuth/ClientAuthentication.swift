import Foundation
import Hummingbird

/// The client of an OAuth request (RFC 6749 §2.3): HTTP Basic, or `client_id` (+ `client_secret`)
/// in the form. Mobile apps are public clients and send only `client_id`.
struct ClientAuthentication {
    /// The app the client id names.
    var app: App
    /// Whether a client secret was presented and is valid (a confidential client).
    var isConfidential: Bool
}

/// Identifies OAuth clients and checks the secrets they present: the one place a client secret
/// is verified, so every endpoint that takes one is throttled alike. A secret is 256 random bits,
/// which no number of guesses finds, so the right one is always accepted: a per-client lock
/// would only let anyone who knows the public client id lock the app's backend out. Wrong
/// secrets count per client IP (the app's `ipFailureLimit`, with failed sign-ins) within the
/// failure window, and a locked address gets `429` with `Retry-After` for every wrong one.
struct ClientAuthenticator: Sendable {
    let apps: AppStore
    let directory: AppDirectory
    let throttle: FailureThrottle
    let accounts: AccountService
    let requests: RequestReader

    init(backend: LatchkeyBackend) {
        apps = backend.apps
        directory = backend.appDirectory
        throttle = backend.throttle
        accounts = AccountService(backend: backend)
        requests = backend.requests
    }

    /// Identifies (and, when a secret is presented, authenticates) the client of `request`.
    func identify(_ request: Request, context: LatchkeyRequestContext, form: [String: String]) async throws -> ClientAuthentication {
        var clientID = form["client_id"]
        var secret = form["client_secret"]
        let usedBasic = request.headers[.authorization]?.lowercased().hasPrefix("basic ") ?? false
        if usedBasic {
            guard let credentials = Self.basicCredentials(request.headers[.authorization] ?? ""),
                clientID == nil || clientID == credentials.id, secret == nil
            else { throw OAuthError.invalidClient(basic: true) }
            clientID = credentials.id
            secret = credentials.secret
        }
        guard let clientID, let app = try await directory.app(clientID: clientID) else {
            throw OAuthError.invalidClient(basic: usedBasic)
        }
        guard let secret else { return ClientAuthentication(app: app, isConfidential: false) }
        // A digest lookup: checking first costs nothing an attacker could multiply.
        guard secret.utf8.count <= 256, try await apps.verifySecret(secret, appID: app.id) else {
            let ipKey = try await accounts.unlockedIPKey(app: app, client: context.clientInfo)
            let keys = AccountService.failureKeys([], ipKey: ipKey, app: app)
            try await throttle.recordFailure(keys, window: app.settings.auth.failureWindowSeconds)
            throw OAuthError.invalidClient(basic: usedBasic)
        }
        return ClientAuthentication(app: app, isConfidential: true)
    }

    /// `Basic base64(urlencode(id):urlencode(secret))`.
    private static func basicCredentials(_ header: String) -> (id: String, secret: String)? {
        let encoded = header.dropFirst("basic ".count).trimmingCharacters(in: .whitespaces)
        guard let data = Data(base64Encoded: encoded), let decoded = String(data: data, encoding: .utf8),
            let colon = decoded.firstIndex(of: ":"),
            let id = decoded[..<colon].removingPercentEncoding,
            let secret = decoded[decoded.index(after: colon)...].removingPercentEncoding
        else { return nil }
        return (id, secret)
    }
}
