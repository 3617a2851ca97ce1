import AsyncHTTPClient
import Foundation
import HTTPTypes
import LatchkeyWire
import NIOCore
import NIOHTTP1
import Testing

/// Streams of the data tree (`Accept: text/event-stream`) over real connections to real server
/// processes, on SQLite and PostgreSQL: the protocol's events for writes at, below and above the
/// location, queries, keep-alives, the end of a stream when the rules or the credential stop
/// allowing it, the node's limit, reconnects, and (PostgreSQL) every node streaming every write.
@Suite struct DatabaseStreamTests {
    /// The bearer token of `/metrics` on the nodes that serve it.
    static let metricsToken = "streams-metrics-token"

    /// A server process with one app and an admin (`client_credentials`) token for it.
    struct Node {
        let server: ServerProcess
        let clientID: String
        let clientSecret: String
        let adminToken: String
        let directory: String
        let databaseURL: String?

        static func start(
            store: TestStore,
            environment: [String: String] = [:],
            settings: [String] = [],
            databaseURL shared: String? = nil
        ) async throws -> Node {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("latchkey-streams-\(UUID().uuidString)").path
            let databaseURL: String? = if let shared { shared } else if store == .postgres { try await TestStore.createDatabase() } else { nil }
            let location = databaseURL.map { ["--database", $0] } ?? ["--data-dir", directory]
            let created = try await LatchkeyBinary.createApp("Streams", in: location)
            let clientID = created.clientID
            let clientSecret = created.clientSecret
            let update = try await LatchkeyBinary.run(["apps", "update", clientID, "--bcrypt-cost", "10"] + settings + location)
            guard update.status == 0 else { throw HarnessError.unexpected(update.stderr) }
            let server = try await ServerProcess(
                dataDirectory: directory,
                extraArguments: (databaseURL.map { ["--database", $0] } ?? []) + sharedIssuer,
                environment: environment
            )
            let token = try await server.request(
                "POST",
                "/oauth/token",
                form: "grant_type=client_credentials&client_id=\(clientID)&client_secret=\(clientSecret)&scope=database:admin"
            )
            let adminToken = try #require(token.string("access_token"), "\(token.status) \(token.text)")
            return Node(
                server: server,
                clientID: clientID,
                clientSecret: clientSecret,
                adminToken: adminToken,
                directory: directory,
                databaseURL: databaseURL
            )
        }

        /// Runs `body` with a node started as ``start(store:environment:settings:databaseURL:)`` does,
        /// and stops it (and drops its database) however `body` ends.
        static func with(
            store: TestStore,
            environment: [String: String] = [:],
            settings: [String] = [],
            _ body: (Node) async throws -> Void
        ) async throws {
            let node = try await start(store: store, environment: environment, settings: settings)
            do {
                try await body(node)
            } catch {
                await node.stop()
                throw error
            }
            await node.stop()
        }

        /// Another node on the same database and app.
        func sibling(environment: [String: String] = [:]) async throws -> ServerProcess {
            try await ServerProcess(
                dataDirectory: directory,
                extraArguments: (databaseURL.map { ["--database", $0] } ?? []) + sharedIssuer,
                environment: environment
            )
        }

        func stop(dropping: Bool = true) async {
            _ = try? await server.stop()
            if dropping, let databaseURL { await TestStore.dropDatabase(databaseURL) }
            try? FileManager.default.removeItem(atPath: directory)
        }

        /// `<path>.json?ns=…` on `server` (this node by default), with `auth` as the protocol's
        /// `auth=` parameter (the admin token unless told otherwise) and `query` added.
        func url(_ path: String, auth: String?? = .none, query: [String: String] = [:], on server: ServerProcess? = nil) -> String {
            var items = [URLQueryItem(name: "ns", value: clientID)]
            if let token = auth ?? adminToken { items.append(URLQueryItem(name: "auth", value: token)) }
            items += query.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) }
            var components = URLComponents(string: "\((server ?? self.server).baseURL)\(path == "/" ? "/" : path).json")
            components?.queryItems = items
            // `+` in a JSON value is a space to a form decoder: encode it.
            return (components?.url?.absoluteString ?? "").replacingOccurrences(of: "+", with: "%2B")
        }

        /// Writes (`PUT`, `PATCH`, `POST`, `DELETE`) `value` at `path` as the admin; the answer.
        @discardableResult
        func write(
            _ method: HTTPMethod,
            _ path: String,
            _ value: JSONValue? = nil,
            on server: ServerProcess? = nil
        ) async throws
            -> (status: UInt, body: JSONValue?)
        {
            var request = HTTPClientRequest(url: url(path, on: server))
            request.method = method
            if let value { request.body = .bytes(ByteBuffer(bytes: try JSONEncoder().encode(value))) }
            let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
            let body = try await response.body.collect(upTo: 1 << 24)
            return (response.status.code, try? JSONDecoder().decode(JSONValue.self, from: Data(body.readableBytesView)))
        }

        /// Signs up a user of each name; their access tokens and ids.
        func signUp(_ names: [String]) async throws -> [(token: String, uid: String)] {
            var users: [(token: String, uid: String)] = []
            for name in names {
                let signUp = try await server.request(
                    "POST",
                    "/v1/auth/signup",
                    json: ["username": name, "password": "correct horse battery"],
                    clientID: clientID
                )
                users.append((try #require(signUp.string("session.accessToken")), try #require(signUp.string("user.id"))))
            }
            return users
        }

        /// A stream of `path`.
        func watch(
            _ path: String,
            auth: String?? = .none,
            query: [String: String] = [:],
            on server: ServerProcess? = nil
        )
            -> EventStreamReader
        {
            EventStreamReader(url(path, auth: auth, query: query, on: server))
        }
    }

    private func json(_ text: String) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    }

    /// The next event, which must be `name` at `path` with `data`.
    private func expectEvent(
        _ stream: EventStreamReader,
        _ name: String,
        _ path: String,
        _ data: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let event = try #require(try await stream.next(), "the stream ended", sourceLocation: sourceLocation)
        #expect(event.name == name, "\(event)", sourceLocation: sourceLocation)
        #expect(event.path == path, "\(event)", sourceLocation: sourceLocation)
        #expect(event.value == (try json(data)), "\(event)", sourceLocation: sourceLocation)
    }

    @Test(arguments: TestStore.enabled) func writesAtBelowAndAboveTheLocationArriveInOrder(store: TestStore) async throws {
        try await Node.with(store: store) { node in
            #expect(try await node.write(.PUT, "/users/alice", try json(#"{"name":"A","age":1}"#)).status == 200)
            let stream = node.watch("/users/alice")
            defer { stream.close() }
            let head = try await stream.head()
            #expect(head.status == 200 && head.contentType?.hasPrefix("text/event-stream") == true)
            try await expectEvent(stream, "put", "/", #"{"name":"A","age":1}"#)

            try await node.write(.PUT, "/users/alice/age", .integer(2))
            try await expectEvent(stream, "put", "/age", "2")
            try await node.write(.PATCH, "/users/alice", try json(#"{"age":3,"city":"Oslo"}"#))
            try await expectEvent(stream, "patch", "/", #"{"age":3,"city":"Oslo"}"#)
            try await node.write(.PUT, "/users/bob", .integer(1))  // elsewhere: no event
            try await node.write(.PUT, "/users", try json(#"{"alice":{"age":4},"bob":2}"#))
            try await expectEvent(stream, "put", "/", #"{"age":4}"#)
            try await node.write(.PATCH, "/users", try json(#"{"alice/name":"B","bob":3}"#))
            try await expectEvent(stream, "patch", "/", #"{"name":"B"}"#)
            try await node.write(.PATCH, "/", try json(#"{"users/alice":{"age":5},"other":1}"#))
            try await expectEvent(stream, "put", "/", #"{"age":5}"#)
            try await node.write(.DELETE, "/users/alice/age")
            try await expectEvent(stream, "put", "/age", "null")
            try await node.write(.DELETE, "/users")
            try await expectEvent(stream, "put", "/", "null")
            #expect(stream.unread.isEmpty, "\(stream.unread)")
        }
    }

    @Test(arguments: TestStore.enabled) func eventsCarryStrictlyIncreasingRevisionsAndRebuildTheValue(store: TestStore) async throws {
        try await Node.with(store: store) { node in
            let stream = node.watch("/ledger")
            defer { stream.close() }
            let first = try #require(try await stream.next())
            #expect(first.name == "put" && first.value == .null)
            var value: JSONValue? = nil
            var revision = try #require(first.id.flatMap { Int64($0) })
            for index in 0..<20 {
                switch index % 3 {
                case 0: try await node.write(.POST, "/ledger", try json(#"{"amount":\#(index)}"#))
                case 1: try await node.write(.PATCH, "/ledger/fixed", try json(#"{"n":\#(index)}"#))
                default: try await node.write(.PUT, "/", try json(#"{"ledger":{"fixed":{"n":\#(index)}}}"#))
                }
                let event = try #require(try await stream.next())
                let next = try #require(event.id.flatMap { Int64($0) })
                #expect(next > revision)
                revision = next
                value = JSONValue.applying(event, to: value)
            }
            let stored = try await node.write(.GET, "/ledger")
            #expect(value == stored.body)
        }
    }

    @Test(arguments: TestStore.enabled) func aQueryStreamIsSentItsChangedResult(store: TestStore) async throws {
        try await Node.with(store: store) { node in
            try await node.write(.PUT, "/scores", try json(#"{"ann":5,"ben":9,"cy":1}"#))
            let stream = node.watch("/scores", query: ["orderBy": "\"$value\"", "limitToLast": "2"])
            defer { stream.close() }
            try await expectEvent(stream, "put", "/", #"{"ann":5,"ben":9}"#)
            try await node.write(.PUT, "/scores/dee", .integer(7))
            try await expectEvent(stream, "put", "/", #"{"ben":9,"dee":7}"#)
            try await node.write(.PUT, "/scores/eve", .integer(2))  // not in the top two: no event
            try await node.write(.PUT, "/scores/ben", .integer(0))
            try await expectEvent(stream, "put", "/", #"{"dee":7,"ann":5}"#)
            #expect(stream.unread.isEmpty, "\(stream.unread)")
        }
    }

    @Test(arguments: TestStore.enabled) func anIdleStreamIsSentKeepAlives(store: TestStore) async throws {
        try await Node.with(store: store, environment: ["LATCHKEY_STREAM_KEEPALIVE": "0.2"]) { node in
            let stream = node.watch("/quiet")
            defer { stream.close() }
            #expect(try await stream.next()?.name == "put")
            for _ in 0..<2 {
                let event = try #require(try await stream.next(within: .seconds(10), keepAlives: true))
                #expect(event.name == "keep-alive" && event.data == "null", "\(event)")
            }
        }
    }

    @Test(arguments: TestStore.enabled) func aReadTheRulesRefuseIsAnErrorAndARulesChangeCancelsTheStream(store: TestStore) async throws {
        try await Node.with(store: store) { node in
            let signUp = try await node.server.request(
                "POST",
                "/v1/auth/signup",
                json: ["username": "reader", "password": "correct horse battery"],
                clientID: node.clientID
            )
            let token = try #require(signUp.string("session.accessToken"))
            let uid = try #require(signUp.string("user.id"))
            // The default rules: a user reads only /users/<own uid>.
            let refused = node.watch("/users/someone-else", auth: token)
            let refusedHead = try await refused.head()
            #expect(refusedHead.status == 401)
            let stream = node.watch("/users/\(uid)", auth: token)
            defer { stream.close() }
            try await expectEvent(stream, "put", "/", "null")
            let closed = try await node.write(.PUT, "/.settings/rules", try json(#"{"rules":{".read":false,".write":false}}"#))
            #expect(closed.status == 200, "\(closed)")
            let event = try #require(try await stream.next())
            #expect(event.name == "cancel" && event.data == "null", "\(event)")
            #expect(try await stream.ends())
        }
    }

    @Test(arguments: TestStore.enabled) func signingOutEndsTheStreamWithAuthRevoked(store: TestStore) async throws {
        try await Node.with(store: store) { node in
            let signUp = try await node.server.request(
                "POST",
                "/v1/auth/signup",
                json: ["username": "leaver", "password": "correct horse battery"],
                clientID: node.clientID
            )
            let token = try #require(signUp.string("session.accessToken"))
            let uid = try #require(signUp.string("user.id"))
            let stream = node.watch("/users/\(uid)", auth: token)
            defer { stream.close() }
            try await expectEvent(stream, "put", "/", "null")
            #expect(try await node.server.request("POST", "/v1/auth/signout", token: token).status == .noContent)
            let event = try #require(try await stream.next(within: .seconds(10)))
            #expect(event.name == "auth_revoked" && event.data == "credential is no longer valid", "\(event)")
            #expect(try await stream.ends())
        }
    }

    /// The shortest access-token lifetime an app may set is 30 s: the stream ends with it.
    @Test(arguments: TestStore.enabled) func anExpiredTokenEndsTheStreamWithAuthRevoked(store: TestStore) async throws {
        try await Node.with(store: store, settings: ["--access-token-ttl", "30"]) { node in
            let asked = Date()
            let signUp = try await node.server.request(
                "POST",
                "/v1/auth/signup",
                json: ["username": "expiring", "password": "correct horse battery"],
                clientID: node.clientID
            )
            let token = try #require(signUp.string("session.accessToken"))
            let uid = try #require(signUp.string("user.id"))
            let stream = node.watch("/users/\(uid)", auth: token)
            defer { stream.close() }
            try await expectEvent(stream, "put", "/", "null")
            let event = try #require(try await stream.next(within: .seconds(45)))
            #expect(event.name == "auth_revoked", "\(event)")
            // Not before the token's expiry (whole seconds after it was issued, at or after `asked`).
            #expect(Date().timeIntervalSince(asked) >= 29)
            #expect(try await stream.ends())
        }
    }

    @Test(arguments: TestStore.enabled) func aReconnectReadsTheCurrentValue(store: TestStore) async throws {
        try await Node.with(store: store) { node in
            let first = node.watch("/doc")
            try await expectEvent(first, "put", "/", "null")
            try await node.write(.PUT, "/doc/a", .integer(1))
            try await expectEvent(first, "put", "/a", "1")
            first.close()
            try await node.write(.PUT, "/doc/b", .integer(2))
            let again = node.watch("/doc")
            defer { again.close() }
            try await expectEvent(again, "put", "/", #"{"a":1,"b":2}"#)
            try await node.write(.PUT, "/doc/a", .integer(3))
            try await expectEvent(again, "put", "/a", "3")
        }
    }

    @Test(arguments: TestStore.enabled) func streamsPastTheNodesLimitAreRefused(store: TestStore) async throws {
        // Keep-alives every 2 s: a stream whose client left is ended by the second keep-alive at
        // the latest (the first meets the client's reset, the second fails), if its hang-up was
        // not seen first.
        let environment = [
            "LATCHKEY_MAX_STREAMS": "2", "LATCHKEY_STREAM_KEEPALIVE": "2", "LATCHKEY_METRICS_TOKEN": Self.metricsToken, "LATCHKEY_LOG_LEVEL": "debug",
        ]
        try await Node.with(store: store, environment: environment) { node in
            let signUp = try await node.server.request(
                "POST",
                "/v1/auth/signup",
                json: ["username": "holder", "password": "correct horse battery"],
                clientID: node.clientID
            )
            let token = try #require(signUp.string("session.accessToken"))
            let uid = try #require(signUp.string("user.id"))
            let streams = [node.watch("/users/\(uid)", auth: token), node.watch("/b")]
            defer { for reader in streams { reader.close() } }
            for stream in streams { #expect(try await stream.next()?.name == "put") }
            let refused = node.watch("/c")
            let head = try await refused.head()
            #expect(head.status == 503)
            // A stream the server ends (here: its user signs out) gives its place back.
            #expect(try await node.server.request("POST", "/v1/auth/signout", token: token).status == .noContent)
            #expect(try await streams[0].next(within: .seconds(10))?.name == "auth_revoked")
            try await expectPlacesFree(node, ["/c"])

            // A client that leaves gives its place back: as its side of the connection closes
            // (HangUpHandler), or at the latest at the second keep-alive after it left. `/b` and
            // the `/c` reopened above were closed by their clients; no data is written below.
            streams[1].close()
            try await expectPlacesFree(node, ["/d", "/e"])
            // Probes that were let in and closed give their places back in turn.
            try await expectPlacesFree(node, ["/f", "/g"])
        }
    }

    /// Rules that read the tree are asked again as it changes, wherever the write lands: a member
    /// removed from a room is sent `cancel` at once and refused a plain read, while a member still
    /// in it goes on streaming; an anonymous stream of a board that stops being public ends too.
    @Test(arguments: TestStore.enabled) func aStreamEndsAsSoonAsARuleThatReadsTheTreeRefusesIt(store: TestStore) async throws {
        try await Node.with(store: store) { node in
            let rules = """
                {"rules":{"rooms":{"$room":{"messages":{".read":"root.child('rooms/'+$room+'/members/'+auth.uid).exists()"}}},
                "board":{".read":"root.child('public').val() == true"}}}
                """
            #expect(try await node.write(.PUT, "/.settings/rules", try json(rules)).status == 200)
            let members = try await node.signUp(["leaver", "stayer"])
            for member in members { try await node.write(.PUT, "/rooms/r1/members/\(member.uid)", .bool(true)) }
            try await node.write(.PUT, "/public", .bool(true))
            let leaving = node.watch("/rooms/r1/messages", auth: members[0].token)
            let staying = node.watch("/rooms/r1/messages", auth: members[1].token)
            let anonymous = node.watch("/board", auth: .some(nil))
            defer { for reader in [leaving, staying, anonymous] { reader.close() } }
            for stream in [leaving, staying, anonymous] { try await expectEvent(stream, "put", "/", "null") }
            try await node.write(.PUT, "/rooms/r1/messages/m1", .string("hello"))
            for stream in [leaving, staying] { try await expectEvent(stream, "put", "/m1", #""hello""#) }

            try await node.write(.DELETE, "/rooms/r1/members/\(members[0].uid)")
            let cancelled = try #require(try await leaving.next(within: .seconds(10)), "the stream went on")
            #expect(cancelled.name == "cancel" && cancelled.data == "null", "\(cancelled)")
            #expect(try await leaving.ends())
            #expect(try await status(of: node.url("/rooms/r1/messages", auth: members[0].token)) == 401)
            try await node.write(.PUT, "/rooms/r1/messages/m2", .string("after"))
            try await expectEvent(staying, "put", "/m2", #""after""#)

            try await node.write(.PUT, "/public", .bool(false))
            let ended = try #require(try await anonymous.next(within: .seconds(10)), "the stream went on")
            #expect(ended.name == "cancel" && ended.data == "null", "\(ended)")
            #expect(try await anonymous.ends())
        }
    }

    /// One user, one app's confidential client or one address without a credential holds at most
    /// its limit of streams; past it the protocol's error with 429 and `Retry-After`, while
    /// everyone else still opens theirs; a stream closed gives its place back.
    @Test(arguments: TestStore.enabled) func oneCallerCannotTakeEveryStream(store: TestStore) async throws {
        let limits = ["LATCHKEY_MAX_STREAMS_PER_USER": "2", "LATCHKEY_MAX_STREAMS_PER_ADDRESS": "2"]
        try await Node.with(store: store, environment: limits) { node in
            let rules = #"{"rules":{"users":{"$uid":{".read":"auth != null && auth.uid == $uid"}},"public":{".read":true}}}"#
            #expect(try await node.write(.PUT, "/.settings/rules", try json(rules)).status == 200)
            let users = try await node.signUp(["hog", "other"])
            let hog = (0..<2).map { _ in node.watch("/users/\(users[0].uid)", auth: users[0].token) }
            let anonymous = (0..<2).map { _ in node.watch("/public", auth: .some(nil)) }
            let admin = (0..<2).map { _ in node.watch("/public") }
            let other = node.watch("/users/\(users[1].uid)", auth: users[1].token)
            let all = hog + anonymous + admin + [other]
            defer { for reader in all { reader.close() } }
            for stream in all { #expect(try await stream.next()?.name == "put") }
            for url in [
                node.url("/users/\(users[0].uid)", auth: users[0].token), node.url("/public", auth: .some(nil)), node.url("/public"),
            ] {
                let refused = try await refusal(url)
                #expect(refused.status == 429, "\(url)")
                #expect(refused.retryAfter == "1")
                #expect(refused.body == .object(["error": .string("Too many streams are open for this caller; close one first")]))
            }
            hog[0].close()
            try await expectPlacesFree(node, ["/users/\(users[0].uid)"], auth: users[0].token)
        }
    }

    /// The status of a plain read of `url`.
    private func status(of url: String) async throws -> UInt {
        let response = try await HTTPClient.shared.execute(HTTPClientRequest(url: url), timeout: .seconds(30))
        _ = try await response.body.collect(upTo: 1 << 20)
        return response.status.code
    }

    /// The answer to a stream request that is refused: status, `Retry-After` and JSON body (a
    /// stream let in is answered with its status alone).
    private func refusal(_ url: String) async throws -> (status: UInt, retryAfter: String?, body: JSONValue?) {
        var request = HTTPClientRequest(url: url)
        request.headers.add(name: "Accept", value: "text/event-stream")
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
        guard response.status.code != 200 else { return (200, nil, nil) }
        let body = try await response.body.collect(upTo: 1 << 20)
        return (
            response.status.code, response.headers.first(name: "Retry-After"),
            try? JSONDecoder().decode(JSONValue.self, from: Data(body.readableBytesView))
        )
    }

    /// Whether streams of every one of `paths` open together within 10 seconds (each try closes
    /// the ones it opened).
    /// Expects streams of `paths` to open together within 200 tries 50 ms apart, each probe
    /// closed right after its answer.
    private func expectPlacesFree(
        _ node: Node,
        _ paths: [String],
        auth: String?? = .none,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        var seen: [[UInt?]] = []
        var refusals: [String] = []
        for _ in 0..<200 {
            let probes = paths.map { node.watch($0, auth: auth) }
            var statuses: [UInt?] = []
            for probe in probes { statuses.append(try await probe.head().status) }
            // A refusal's body says which limit refused it (the node's, the caller's, a busy store).
            try await Task.sleep(for: .milliseconds(50))
            refusals = zip(probes, statuses).filter { $0.1 != 200 }.map { "\($0.1.map(String.init) ?? "none"): \($0.0.text)" }
            for reader in probes { reader.close() }
            if statuses.allSatisfy({ $0 == 200 }) { return }
            seen.append(statuses)
        }
        let metrics = try await node.server.request("GET", "/metrics", token: Self.metricsToken).text
        let open = metrics.split(separator: "\n").filter { $0.hasPrefix("latchkey_tree_streams") }
        // The streams still holding a place: opened, and neither ended nor seen to lose their client.
        let streamLog = node.server.stderr.split(separator: "\n").filter { $0.contains("[LatchkeyServer] stream") }
        func request(_ line: Substring) -> Substring? {
            line.split(separator: " ").first { $0.hasPrefix("request_id=") }
        }
        let released = Set(streamLog.filter { !$0.hasSuffix("stream opened") }.compactMap(request))
        let held = Set(streamLog.filter { $0.hasSuffix("stream opened") }.compactMap(request)).subtracting(released)
        let heldLog = streamLog.filter { request($0).map(held.contains) == true }
        Issue.record(
            """
            no place freed for \(paths); statuses of the last tries: \(seen.suffix(5)); refusals: \(refusals); \
            the node's gauge: \(open); streams never released (\(held.count)): \(heldLog.joined(separator: "\n")); \
            the last lines of its stream log: \(streamLog.suffix(10).joined(separator: "\n"))
            """,
            sourceLocation: sourceLocation
        )
    }
}

/// Three nodes on one PostgreSQL database: a stream on each sees every write made on any node,
/// once, in revision order.
@Suite(.serialized, .enabled(if: TestStore.enabled.contains(.postgres)))
struct DatabaseStreamClusterTests {
    @Test func everyNodeStreamsEveryWriteOnceInOrder() async throws {
        try await withCluster(of: 3) { first, nodes in try await streamEveryWrite(first, nodes) }
    }

    /// A rotated client secret ends the streams on the app's client tokens on every node (each
    /// sees the change through its app directory), and those tokens are refused there.
    @Test func rotatingTheClientSecretEndsAdminStreamsOnEveryNode() async throws {
        try await withCluster(of: 2) { first, nodes in
            let streams = nodes.map { first.watch("/", on: $0) }
            defer { for reader in streams { reader.close() } }
            for stream in streams { #expect(try await stream.next()?.name == "put") }
            let rotated = try await LatchkeyBinary.run(["apps", "rotate-secret", first.clientID, "--database", try #require(first.databaseURL)])
            #expect(rotated.status == 0, "\(rotated.stderr)")
            for (index, stream) in streams.enumerated() {
                let event = try #require(try await stream.next(within: .seconds(15)), "node \(index) went on")
                #expect(event.name == "auth_revoked", "node \(index): \(event)")
                #expect(try await stream.ends())
            }
            for node in nodes {
                #expect(try await first.write(.GET, "/", on: node).status == 401)
            }
        }
    }

    /// Runs `body` with `count` nodes on one new database (the first node's, and its siblings'),
    /// and stops them however `body` ends.
    private func withCluster(
        of count: Int,
        _ body: (DatabaseStreamTests.Node, [ServerProcess]) async throws -> Void
    ) async throws {
        let first = try await DatabaseStreamTests.Node.start(store: .postgres)
        var nodes = [first.server]
        do {
            for _ in 1..<count { nodes.append(try await first.sibling()) }
            try await body(first, nodes)
        } catch {
            for node in nodes.dropFirst() { _ = try? await node.stop() }
            await first.stop()
            throw error
        }
        for node in nodes.dropFirst() { _ = try? await node.stop() }
        await first.stop()
    }

    private func streamEveryWrite(_ first: DatabaseStreamTests.Node, _ nodes: [ServerProcess]) async throws {
        let streams = nodes.map { first.watch("/counter", on: $0) }
        defer { for reader in streams { reader.close() } }
        var values: [JSONValue?] = []
        var revisions: [Int64] = []
        for stream in streams {
            let put = try #require(try await stream.next())
            values.append(put.value == .null ? nil : put.value)
            revisions.append(try #require(put.id.flatMap { Int64($0) }))
        }
        // 200 writes, three at a time, one writer per node: increments of one counter and a
        // child per write.
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, node) in nodes.enumerated() {
                group.addTask {
                    for round in 0..<67 where round * 3 + index < 200 {
                        let write = round * 3 + index
                        let body = try JSONDecoder().decode(
                            JSONValue.self,
                            from: Data(#"{"total":{".sv":{"increment":1}},"by/w\#(write)":\#(index)}"#.utf8)
                        )
                        let answer = try await first.write(.PATCH, "/counter", body, on: node)
                        #expect(answer.status == 200)
                    }
                }
            }
            try await group.waitForAll()
        }
        let stored = try await first.write(.GET, "/counter")
        #expect(stored.body?.descendant("total") == .integer(200))
        for (index, stream) in streams.enumerated() {
            var events = 0
            while values[index] != stored.body {
                let event = try #require(try await stream.next(within: .seconds(15)), "node \(index) ended")
                let revision = try #require(event.id.flatMap { Int64($0) })
                #expect(revision > revisions[index], "node \(index): \(revision) after \(revisions[index])")
                revisions[index] = revision
                values[index] = JSONValue.applying(event, to: values[index])
                events += 1
            }
            #expect(events == 200, "node \(index) saw \(events) events for 200 writes")
            #expect(stream.unread.isEmpty)
        }
    }
}

extension JSONValue {
    fileprivate func descendant(_ key: String) -> JSONValue? {
        if case .object(let members) = self { members[key] } else { nil }
    }
}
