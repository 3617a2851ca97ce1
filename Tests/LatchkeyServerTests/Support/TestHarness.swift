import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LatchkeyServer
import LatchkeyTestSupport
import Logging
import NIOConcurrencyHelpers

/// A server on a fresh data directory with one app, a manual clock, and cheap bcrypt (cost 10,
/// the floor) so tests stay fast. Every test gets its own.
struct TestHarness {
    /// The bearer token `/metrics` asks for, in harnesses and server processes alike.
    static let metricsToken = "test-metrics-token"

    let backend: LatchkeyBackend
    let app: App
    let clientSecret: String
    let clock: ManualTimeSource
    let directory: URL
    /// The PostgreSQL database of this test, when it runs on PostgreSQL.
    var databaseURL: String? { database?.url }
    /// What the log sender wrote: the PINs and links sent.
    let messages: LoggedMessages
    /// The lease on that database and its slot, given back by ``run(_:_:)`` — or, when a test
    /// fails before it runs, when the harness is dropped.
    private let database: DatabaseLease?

    /// Opens a backend on `store` (SQLite in a temp directory, or a fresh PostgreSQL database) and
    /// creates an app with `configure` applied.
    static func make(
        store: TestStore,
        configure: (inout AppSettings) -> Void = { _ in },
        configureServer: (inout LatchkeyConfiguration) -> Void = { _ in }
    ) async throws -> TestHarness {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("latchkey-test-\(UUID().uuidString)")
        let clock = ManualTimeSource(start: Date(timeIntervalSince1970: 1_800_000_000))
        var configuration = LatchkeyConfiguration()
        configuration.dataDirectory = directory.path
        configuration.time = clock
        configuration.port = 0
        configuration.publicURL = "http://latchkey.test"
        configuration.databaseAcquireTimeout = .seconds(60)
        configuration.secretKey = TestStore.secretKey
        configuration.metricsToken = metricsToken
        configureServer(&configuration)
        var settings = AppSettings()
        settings.auth.bcryptCost = 10
        configure(&settings)
        let messages = LoggedMessages()
        let logger = messages.logger(label: "latchkey-test")
        guard store == .postgres else {
            return try await open(configuration, settings: settings, clock: clock, directory: directory, messages: messages, logger: logger)
        }
        await TestStore.slots.acquire()
        let lease: DatabaseLease
        do {
            lease = DatabaseLease(url: try await TestStore.createDatabase())
        } catch {
            await TestStore.slots.release()
            throw error
        }
        configuration.databaseURL = lease.url
        return try await open(
            configuration,
            settings: settings,
            clock: clock,
            directory: directory,
            messages: messages,
            logger: logger,
            database: lease
        )
    }

    private static func open(
        _ configuration: LatchkeyConfiguration,
        settings: AppSettings,
        clock: ManualTimeSource,
        directory: URL,
        messages: LoggedMessages,
        logger: Logger,
        database: DatabaseLease? = nil
    ) async throws -> TestHarness {
        let backend = try await LatchkeyBackend.open(configuration, logger: logger)
        let credentials = try await backend.apps.create(name: "Test App", settings: settings)
        return TestHarness(
            backend: backend,
            app: credentials.app,
            clientSecret: credentials.clientSecret,
            clock: clock,
            directory: directory,
            messages: messages,
            database: database
        )
    }

    /// Runs `body` against the router in process (`.router`) or over a real socket (`.live`),
    /// then closes the backend and deletes the data.
    func run(_ setup: TestingSetup = .router, _ body: @Sendable (Client) async throws -> Void) async throws {
        var logger = Logger(label: "latchkey-test")
        logger.logLevel = .critical
        let application = try LatchkeyServer.application(backend: backend, logger: logger)
        do {
            try await application.test(setup) { client in
                try await body(Client(client: client, clientID: app.clientID))
            }
        } catch {
            await close()
            throw error
        }
        await close()
    }

    /// Creates another app in the same installation.
    func makeApp(name: String, _ configure: (inout AppSettings) -> Void = { _ in }) async throws -> AppCredentials {
        var settings = AppSettings()
        settings.auth.bcryptCost = 10
        configure(&settings)
        return try await backend.apps.create(name: name, settings: settings)
    }

    /// Asks the token endpoint for a `client_credentials` token of this harness's app carrying
    /// `scope` (every server-to-server scope when nil); the answer as it came.
    func clientCredentials(_ client: Client, scope: String?) async throws -> TestResponse {
        var form = ["grant_type": "client_credentials", "client_id": app.clientID, "client_secret": clientSecret]
        form["scope"] = scope
        return try await client.send(.post, "/oauth/token", form: form)
    }

    private func close() async {
        await backend.shutdown()
        try? FileManager.default.removeItem(at: directory)
        await database?.release()
    }
}

/// A test's PostgreSQL database and its place among ``TestStore/slots``, given back exactly once.
///
/// Why a class with a `deinit`: a test that throws between making its harness and running it
/// (a failed `#require`, a setup call that fails) never reaches ``TestHarness/run(_:_:)``. Had it
/// kept its slot, six such failures would leave every later PostgreSQL test waiting forever for
/// one, and the suite would hang instead of reporting them.
final class DatabaseLease: Sendable {
    /// The database's URL.
    let url: String
    private let returned = NIOLockedValueBox(false)

    init(url: String) { self.url = url }

    /// Drops the database and frees the slot; later calls do nothing.
    func release() async {
        guard takeBack() else { return }
        await Self.giveBack(url)
    }

    deinit {
        guard takeBack() else { return }
        Task { [url] in await Self.giveBack(url) }
    }

    private func takeBack() -> Bool {
        returned.withLockedValue { returned in
            defer { returned = true }
            return !returned
        }
    }

    private static func giveBack(_ url: String) async {
        await TestStore.dropDatabase(url)
        await TestStore.slots.release()
    }
}

/// An HTTP response with its JSON body parsed.
struct TestResponse: Sendable {
    var status: HTTPResponse.Status
    var headers: HTTPFields
    var body: Data

    /// The body as a JSON object (empty when it is not one).
    var json: [String: any Sendable] {
        ((try? JSONSerialization.jsonObject(with: body)) as? [String: any Sendable]) ?? [:]
    }

    /// A string member of the JSON body, by dotted path (`session.accessToken`).
    func string(_ path: String) -> String? {
        value(path) as? String
    }

    /// Any member of the JSON body, by dotted path.
    func value(_ path: String) -> Any? {
        var current: Any? = (try? JSONSerialization.jsonObject(with: body))
        for key in path.split(separator: ".") {
            current = (current as? [String: Any])?[String(key)]
        }
        return current
    }

    /// The codes of the problem document's field errors.
    var fieldCodes: [String] {
        ((value("errors") as? [[String: Any]]) ?? []).compactMap { $0["code"] as? String }
    }

    /// The body as text.
    var text: String { String(decoding: body, as: UTF8.self) }

    /// The value of an unlabelled metric in a `/metrics` answer.
    func metric(_ name: String) -> Double? {
        text.split(separator: "\n").first { $0.hasPrefix(name + " ") }.flatMap { Double($0.dropFirst(name.count + 1)) }
    }
}

/// A test client that speaks the API's conventions.
struct Client: Sendable {
    let client: any TestClientProtocol
    let clientID: String

    /// Sends a request; `json` is serialized, `form` is URL-encoded; `app` sets `Latchkey-Client-Id`.
    func send(
        _ method: HTTPRequest.Method,
        _ path: String,
        json: Any? = nil,
        form: [String: String]? = nil,
        raw: Data? = nil,
        token: String? = nil,
        app: String? = nil,
        headers: HTTPFields = [:]
    ) async throws -> TestResponse {
        var headers = headers
        var body: ByteBuffer?
        if let json {
            body = ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: json))
            headers[.contentType] = "application/json"
        } else if let form {
            let encoded = form.map { "\(Self.formEncode($0.key))=\(Self.formEncode($0.value))" }.joined(separator: "&")
            body = ByteBuffer(string: encoded)
            headers[.contentType] = "application/x-www-form-urlencoded"
        } else if let raw {
            body = ByteBuffer(bytes: raw)
            if headers[.contentType] == nil { headers[.contentType] = "application/json" }
        }
        if let token { headers[.authorization] = "Bearer \(token)" }
        if let app { headers[HTTPField.Name("Latchkey-Client-Id")!] = app }
        let client = self.client
        let response = try await withDeadline(.seconds(120), "\(method) \(path)") { [headers, body] in
            try await client.execute(uri: path, method: method, headers: headers, body: body)
        }
        return TestResponse(
            status: response.status,
            headers: response.headers,
            body: Data(response.body.readableBytesView)
        )
    }

    /// Signs up with the given fields for this client's app.
    func signUp(_ fields: [String: String]) async throws -> TestResponse {
        try await send(.post, "/v1/auth/signup", json: fields, app: clientID)
    }

    /// Signs up a ten-year-old (US) with `parent`'s email: an account awaiting parental consent,
    /// whose tokens lack the `public` scope. Returns its access and refresh tokens.
    func signUpChild(_ username: String, parent: String = "parent@example.com") async throws -> (access: String, refresh: String) {
        let response = try await signUp([
            "username": username, "password": "correct horse battery", "dateOfBirth": "2016-05-01", "country": "US",
            "parentEmail": parent,
        ])
        guard response.status == .created, let access = response.string("session.accessToken"),
            let refresh = response.string("session.refreshToken")
        else { throw HarnessError.unexpected(response.text) }
        return (access, refresh)
    }

    /// Signs up a user and returns its access and refresh tokens.
    func signUpUser(_ username: String, password: String = "correct horse battery") async throws -> (access: String, refresh: String) {
        let response = try await signUp(["username": username, "password": password])
        guard response.status == .created, let access = response.string("session.accessToken"),
            let refresh = response.string("session.refreshToken")
        else { throw HarnessError.unexpected(response.text) }
        return (access, refresh)
    }

    /// Signs in with a username.
    func signIn(_ username: String, password: String = "correct horse battery", headers: HTTPFields = [:]) async throws -> TestResponse {
        try await send(.post, "/v1/auth/signin", json: ["username": username, "password": password], app: clientID, headers: headers)
    }

    /// `GET /metrics` with the metrics token.
    func metrics() async throws -> TestResponse {
        try await send(.get, "/metrics", token: TestHarness.metricsToken)
    }

    /// Refreshes with a refresh token.
    func refresh(_ token: String) async throws -> TestResponse {
        try await send(.post, "/v1/auth/refresh", json: ["refreshToken": token], app: clientID)
    }

    private static func formEncode(_ value: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value
    }
}

enum HarnessError: Error {
    case unexpected(String)
}

extension HTTPField.Name {
    /// `X-Forwarded-For`: the client address a trusted proxy reports.
    static let forwardedFor = HTTPField.Name("X-Forwarded-For")!
}
