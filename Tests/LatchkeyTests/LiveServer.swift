import Foundation
import Latchkey
import LatchkeyServer
import LatchkeyTestSupport
import LatchkeyWire
import Logging
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A real Latchkey server in this process on a free 127.0.0.1 port, with a counter of refresh
/// requests, for driving the SDK end to end.
final class LiveServer: TestServer {
    let backend: LatchkeyBackend
    let app: App
    /// The app's client secret, for calls a confidential client makes (`client_credentials`).
    let clientSecret: String
    let directory: URL
    /// What the log sender wrote: the PINs and links sent.
    let messages: LoggedMessages
    private let service: RunningService
    /// The bearer token its `/metrics` asks for.
    static let metricsToken = "sdk-test-metrics-token"

    /// Starts a server with one app at bcrypt cost 10 and `configure` applied to its settings,
    /// reading time from `time` (a manual clock lets a test jump past windows).
    static func start(
        time: any TimeSource = SystemTimeSource(),
        configure: @Sendable (inout AppSettings) -> Void = { _ in }
    ) async throws
        -> LiveServer
    {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("latchkey-sdk-\(UUID().uuidString)")
        var configuration = LatchkeyConfiguration()
        configuration.time = time
        configuration.dataDirectory = directory.path
        configuration.port = 0
        configuration.metricsToken = metricsToken
        // Well past any wait in a test: a kept-alive connection the server closes for idleness
        // just as the client reuses it is reset, and a test sharing two cores with the suite can
        // sit more than the default 15 s between two requests of one client.
        configuration.idleTimeout = .seconds(120)
        let messages = LoggedMessages()
        let logger = messages.logger(label: "latchkey-sdk-test")
        let backend = try await LatchkeyBackend.open(configuration, logger: logger)
        var settings = AppSettings()
        settings.auth.bcryptCost = 10
        configure(&settings)
        let credentials = try await backend.apps.create(name: "SDK Test", settings: settings)
        let service = try await RunningService.start(logger: logger) { reportPort in
            try LatchkeyServer.application(backend: backend, logger: logger) { reportPort($0) }
        }
        return LiveServer(
            backend: backend,
            app: credentials.app,
            clientSecret: credentials.clientSecret,
            directory: directory,
            messages: messages,
            service: service
        )
    }

    private init(
        backend: LatchkeyBackend,
        app: App,
        clientSecret: String,
        directory: URL,
        messages: LoggedMessages,
        service: RunningService
    ) {
        self.backend = backend
        self.app = app
        self.clientSecret = clientSecret
        self.directory = directory
        self.messages = messages
        self.service = service
    }

    /// The port the server listens on.
    var port: Int { service.port }

    /// The server's base URL.
    var url: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// An SDK client for this server's app, reaching it at `url` (this server's own by default;
    /// a ``FaultyProxy``'s to put one in between).
    func client(
        through url: URL? = nil,
        store: any CredentialStore = InMemoryCredentialStore(),
        clock: @escaping @Sendable () -> Date = { Date() },
        languages: [String] = ["en"]
    ) -> Latchkey {
        Latchkey(clientID: app.clientID, apiURL: url ?? self.url, options: .init(credentialStore: store, clock: clock, languages: languages))
    }

    /// A `client_credentials` token of the app's confidential client (its server), with `scope`
    /// (every server scope when nil).
    func serverToken(scope: String? = nil) async throws -> String {
        var request = URLRequest(url: url.appendingPathComponent("oauth/token"))
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        let secret = clientSecret.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        let scopes = scope.map { "&scope=" + ($0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "") } ?? ""
        request.httpBody = Data("grant_type=client_credentials&client_id=\(app.clientID)&client_secret=\(secret)\(scopes)".utf8)
        let (data, _) = try await URLSession.shared.data(for: request)
        guard let token = (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["access_token"] as? String else {
            throw URLError(.userAuthenticationRequired)
        }
        return token
    }

    /// Awards `amount` kredits to `userID` as the app's server (a confidential client, as a game
    /// backend would): a `client_credentials` token with `wallet:write`, then
    /// `POST /v1/wallet/users/{id}/transactions`.
    func award(_ amount: Int64, to userID: String, key: String) async throws {
        let token = try await serverToken(scope: "wallet:write")
        var request = URLRequest(url: url.appendingPathComponent("v1/wallet/users/\(userID)/transactions"))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        request.httpBody = try JSONEncoder().encode(WalletTransactionRequest(currency: "kredits", amount: amount, idempotencyKey: key))
        let (_, response) = try await URLSession.shared.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 201)
    }

    /// Two sessions of one new user `username`: `stale`, kept in `store`, and `fresh`, with
    /// `refreshed` — a refresh answer carrying `fresh`'s access token and refresh token
    /// `lkr_next` — for a stand-in server to give an SDK whose token it refuses or revokes.
    func twoSessions(
        of username: String
    ) async throws
        -> (store: InMemoryCredentialStore, stale: CurrentUser, fresh: CurrentUser, refreshed: AuthResponse)
    {
        let store = InMemoryCredentialStore()
        let stale = try await client(store: store).auth.signUp(username: username, password: "correct horse battery")
        let fresh = try await client().auth.signIn(username: username, password: "correct horse battery")
        let refreshed = AuthResponse(
            user: fresh.profile,
            session: SessionTokens(
                accessToken: fresh.session.accessToken,
                refreshToken: "lkr_next",
                expiresIn: 3600,
                expiresAt: fresh.session.expiresAt
            )
        )
        return (store, stale, fresh, refreshed)
    }

    /// Stops the server (graceful) without deleting its data.
    func stopServing() async {
        await service.stop()
    }

    /// Stops the server and deletes its data.
    func stop() async {
        await stopServing()
        await backend.shutdown()
        try? FileManager.default.removeItem(at: directory)
    }
}
