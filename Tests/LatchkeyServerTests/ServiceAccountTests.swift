import Crypto
import CryptoExtras
import Foundation
import HTTPTypes
import LatchkeyServer
import LatchkeyTestSupport
import Testing

/// Service-account keys and RFC 7523's JWT-bearer grant: an assertion signed with a key's private
/// half gets the app's client token, as google-auth and firebase-admin ask for it; every other
/// assertion is `invalid_grant`.
@Suite struct ServiceAccountTests {
    static let grantType = "urn:ietf:params:oauth:grant-type:jwt-bearer"
    static let tokenEndpoint = "http://latchkey.test/oauth/token"

    /// A service-account key file and the assertions a holder (or a forger) signs.
    struct Holder {
        let file: ServiceAccountFile
        let key: _RSA.Signing.PrivateKey

        init(_ file: ServiceAccountFile) throws {
            self.file = file
            key = try _RSA.Signing.PrivateKey(pemRepresentation: file.privateKey)
        }

        /// The claims google-auth signs at `now`: no `sub`, Google's audience unless told, an hour, scope URLs.
        func claims(at now: Date, audience: String = ServiceAccountTests.tokenEndpoint) -> [String: Any] {
            let seconds = Int(now.timeIntervalSince1970)
            return [
                "iss": file.clientEmail, "aud": audience, "iat": seconds, "exp": seconds + 3600,
                "scope": "https://www.googleapis.com/auth/firebase https://www.googleapis.com/auth/userinfo.email",
            ]
        }

        /// The header google-auth sends.
        var header: [String: Any] { ["alg": "RS256", "typ": "JWT", "kid": file.privateKeyID] }

        /// A compact JWS of `claims` under `header`, RS256-signed with `signer` (this key by default).
        func assertion(_ claims: [String: Any], header: [String: Any]? = nil, signer: _RSA.Signing.PrivateKey? = nil) throws -> String {
            let input = try Self.signingInput(header ?? self.header, claims)
            let signature = try (signer ?? key).signature(for: SHA256.hash(data: Array(input.utf8)), padding: .insecurePKCS1v1_5)
            return input + "." + FakeIdentityProvider.base64URL(signature.rawRepresentation)
        }

        static func signingInput(_ header: [String: Any], _ claims: [String: Any]) throws -> String {
            try [header, claims].map { FakeIdentityProvider.base64URL(try JSONSerialization.data(withJSONObject: $0)) }.joined(separator: ".")
        }
    }

    static func exchange(
        _ assertion: String,
        _ client: Client,
        extra: [String: String] = [:],
        headers: HTTPFields = [:]
    ) async throws
        -> TestResponse
    {
        try await client.send(
            .post,
            "/oauth/token",
            form: ["grant_type": grantType, "assertion": assertion].merging(extra) { $1 },
            headers: headers
        )
    }

    @Test(arguments: TestStore.enabled) func anAssertionGetsTheAppsClientToken(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        let holder = try Holder(try await harness.backend.createServiceAccountKey(for: harness.app, by: .commandLine()))
        #expect(holder.file.tokenURI == Self.tokenEndpoint)
        #expect(holder.file.clientEmail.contains(holder.file.privateKeyID) && holder.file.clientEmail.contains(harness.app.clientID))
        try await harness.run { client in
            let user = try await client.signUpUser("dora")
            let userID = try #require(try await client.send(.get, "/v1/me", token: user.access).string("id"))
            let now = harness.clock.now()

            let granted = try await Self.exchange(try holder.assertion(holder.claims(at: now)), client)
            #expect(granted.status == .ok, "\(granted.text)")
            #expect(granted.headers[.cacheControl] == "no-store")
            #expect(granted.string("token_type") == "Bearer")
            #expect(granted.value("expires_in") as? Int == harness.app.settings.auth.accessTokenTTL)
            #expect(granted.value("refresh_token") == nil)
            // Google's scope URLs are ignored: the token carries every server scope, the tree's admin too.
            let scopes = Set((granted.string("scope") ?? "").split(separator: " ").map(String.init))
            #expect(scopes.isSuperset(of: ["users:read", "users:write", "database:admin"]))
            let token = try #require(granted.string("access_token"))
            let read = try await client.send(.get, "/v1/admin/users/\(userID)", token: token)
            #expect(read.status == .ok)
            #expect(read.string("user.username") == "dora")
            // A client token, not a user session: valid, but not for a user's routes.
            #expect(try await client.send(.get, "/v1/me", token: token).status == .forbidden)
            // The tree's admin: the token names the app (no `ns`), and the rules (closed outside
            // /users/$uid by default) are skipped.
            let written = try await client.send(.put, "/config/motd.json", raw: Data(#""hello""#.utf8), token: token)
            #expect(written.status == .ok, "\(written.text)")
            #expect(try await client.send(.get, "/config.json", token: token).text == #"{"motd":"hello"}"#)
            #expect(try await client.send(.get, "/config.json?ns=\(harness.app.clientID)").status == .unauthorized)

            // Found by `iss` without a `kid`; Google's audience, as google-auth signs it; `aud` as a list;
            // `sub` naming the account itself; the issuer's own clock skew.
            var unnamed = holder.header
            unnamed["kid"] = nil
            #expect(try await Self.exchange(try holder.assertion(holder.claims(at: now), header: unnamed), client).status == .ok)
            let google = holder.claims(at: now, audience: "https://oauth2.googleapis.com/token")
            #expect(try await Self.exchange(try holder.assertion(google), client).status == .ok)
            var listed = holder.claims(at: now)
            listed["aud"] = ["https://elsewhere.example/token", Self.tokenEndpoint]
            listed["sub"] = holder.file.clientEmail
            listed["iat"] = Int(now.timeIntervalSince1970) + 30
            listed["exp"] = Int(now.timeIntervalSince1970) + 30 + 3600
            #expect(try await Self.exchange(try holder.assertion(listed), client).status == .ok)

            // RFC 7521 §4.1: `scope` in the form narrows the token.
            let narrow = try await Self.exchange(try holder.assertion(holder.claims(at: now)), client, extra: ["scope": "users:read"])
            #expect(narrow.string("scope") == "users:read")
            let unknown = try await Self.exchange(try holder.assertion(holder.claims(at: now)), client, extra: ["scope": "everything"])
            #expect(unknown.string("error") == "invalid_scope")
            // The client may authenticate as well, as itself only.
            let own = try await Self.exchange(
                try holder.assertion(holder.claims(at: now)),
                client,
                extra: ["client_id": harness.app.clientID, "client_secret": harness.clientSecret]
            )
            #expect(own.status == .ok)
            let wrongSecret = try await Self.exchange(
                try holder.assertion(holder.claims(at: now)),
                client,
                extra: ["client_id": harness.app.clientID, "client_secret": "lks_wrong"]
            )
            #expect(wrongSecret.status == .unauthorized && wrongSecret.string("error") == "invalid_client")
            let other = try await harness.makeApp(name: "Other")
            let foreign = try await Self.exchange(
                try holder.assertion(holder.claims(at: now)),
                client,
                extra: ["client_id": other.app.clientID, "client_secret": other.clientSecret]
            )
            #expect(foreign.string("error") == "invalid_grant")

            // The grant is announced.
            let discovery = try await client.send(.get, "/.well-known/openid-configuration")
            #expect((discovery.value("grant_types_supported") as? [String])?.contains(Self.grantType) == true)
        }
    }

    @Test(arguments: TestStore.enabled) func everyOtherAssertionIsInvalidGrant(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        let holder = try Holder(try await harness.backend.createServiceAccountKey(for: harness.app, by: .commandLine()))
        let revoked = try Holder(try await harness.backend.createServiceAccountKey(for: harness.app, by: .commandLine()))
        try await harness.backend.revokeServiceAccountKey(revoked.file.privateKeyID, appID: harness.app.id, by: .commandLine())
        let sibling = try Holder(try await harness.backend.createServiceAccountKey(for: harness.app, by: .commandLine()))
        try await harness.run { client in
            let now = harness.clock.now()
            let seconds = Int(now.timeIntervalSince1970)
            let good = holder.claims(at: now)
            func with(_ changes: [String: Any?]) -> [String: Any] {
                var claims = good
                for (name, value) in changes { claims[name] = value }
                return claims
            }
            let forger = try _RSA.Signing.PrivateKey(keySize: .bits2048)
            let publicPEM = holder.key.publicKey.pemRepresentation
            let hmacInput = try Holder.signingInput(["alg": "HS256", "typ": "JWT", "kid": holder.file.privateKeyID], good)
            let hmac = HMAC<SHA256>.authenticationCode(for: Array(hmacInput.utf8), using: SymmetricKey(data: Array(publicPEM.utf8)))
            var withJWK = holder.header
            withJWK["jwk"] = ["kty": "RSA"]
            var otherKid = holder.header
            otherKid["kid"] = sibling.file.privateKeyID

            let refused: [(String, String)] = [
                ("signed by another key", try holder.assertion(good, signer: forger)),
                ("kid of one key, iss of another", try holder.assertion(good, header: otherKid)),
                ("revoked key", try revoked.assertion(revoked.claims(at: now))),
                ("unknown kid", try holder.assertion(good, header: ["alg": "RS256", "kid": String(repeating: "0", count: 40)])),
                ("unknown iss", try holder.assertion(with(["iss": "someone@example.com"]), header: ["alg": "RS256"])),
                ("expired", try holder.assertion(with(["iat": seconds - 4000, "exp": seconds - 400]))),
                ("longer than an hour", try holder.assertion(with(["exp": seconds + 3601]))),
                ("issued in the future", try holder.assertion(with(["iat": seconds + 600, "exp": seconds + 1200]))),
                ("no iat", try holder.assertion(with(["iat": nil]))),
                ("no exp", try holder.assertion(with(["exp": nil]))),
                ("exp as a string", try holder.assertion(with(["exp": "\(seconds + 3600)"]))),
                ("not valid yet", try holder.assertion(with(["nbf": seconds + 600]))),
                ("wrong aud", try holder.assertion(with(["aud": "https://elsewhere.example/oauth/token"]))),
                ("no aud", try holder.assertion(with(["aud": nil]))),
                ("sub of someone else", try holder.assertion(with(["sub": sibling.file.clientEmail]))),
                ("alg none", try Holder.signingInput(["alg": "none", "kid": holder.file.privateKeyID], good) + "."),
                ("HS256 keyed with the public key", hmacInput + "." + FakeIdentityProvider.base64URL(Data(hmac))),
                ("a key in the header", try holder.assertion(good, header: withJWK)),
                ("not a JWT", "abc.def"),
                ("empty", ""),
            ]
            for (reason, assertion) in refused {
                let answer = try await Self.exchange(assertion, client)
                #expect(answer.status == .badRequest, "\(reason)")
                #expect(answer.string("error") == "invalid_grant", "\(reason): \(answer.text)")
                #expect(answer.headers[.cacheControl] == "no-store", "\(reason)")
            }
            let missing = try await client.send(.post, "/oauth/token", form: ["grant_type": Self.grantType])
            #expect(missing.string("error") == "invalid_request")

            // A `jti` is accepted once while its assertion is valid; another `jti` is another assertion.
            let once = try holder.assertion(with(["jti": "assertion-1"]))
            #expect(try await Self.exchange(once, client).status == .ok)
            let replayed = try await Self.exchange(once, client)
            #expect(replayed.string("error") == "invalid_grant")
            #expect(try await Self.exchange(try holder.assertion(with(["jti": "assertion-2"])), client).status == .ok)
            #expect(try await Self.exchange(try holder.assertion(with(["jti": 7])), client).string("error") == "invalid_grant")
            // Sent ten times at once, one of them gets the token.
            let raced = try holder.assertion(with(["jti": "assertion-3"]))
            let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for _ in 0..<10 { group.addTask { try await Self.exchange(raced, client).status } }
                return try await group.reduce(into: [HTTPResponse.Status]()) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == .ok }.count == 1 && statuses.filter { $0 == .badRequest }.count == 9)
            // Revoking a key refuses its next assertion at once.
            try await harness.backend.revokeServiceAccountKey(holder.file.privateKeyID, appID: harness.app.id, by: .commandLine())
            #expect(try await Self.exchange(try holder.assertion(good), client).string("error") == "invalid_grant")
            #expect(try await Self.exchange(try sibling.assertion(sibling.claims(at: now)), client).status == .ok)
        }
    }

    @Test(arguments: TestStore.enabled) func theCLIMakesListsAndRevokesKeys(store: TestStore) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("latchkey-sa-\(UUID().uuidString)").path
        let keys = FileManager.default.temporaryDirectory.appendingPathComponent("latchkey-sa-keys-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: keys, withIntermediateDirectories: true)
        let databaseURL = store == .postgres ? try await TestStore.createDatabase() : nil
        let location = databaseURL.map { ["--database", $0] } ?? ["--data-dir", directory]
        var server: ServerProcess?
        do {
            try await runCLIChecks(location: location, directory: directory, keys: keys) { server = $0 }
        } catch {
            _ = try? await server?.stop()
            await Self.remove(directory, keys, databaseURL)
            throw error
        }
        _ = try? await server?.stop()
        await Self.remove(directory, keys, databaseURL)
    }

    private static func remove(_ directory: String, _ keys: String, _ databaseURL: String?) async {
        try? FileManager.default.removeItem(atPath: directory)
        try? FileManager.default.removeItem(atPath: keys)
        if let databaseURL { await TestStore.dropDatabase(databaseURL) }
    }

    private func runCLIChecks(
        location: [String],
        directory: String,
        keys: String,
        started: (ServerProcess) -> Void
    ) async throws {
        let clientID = try await LatchkeyBinary.createApp("Service", in: location).clientID
        let path = keys + "/key.json"
        let made = try await LatchkeyBinary.run(
            ["apps", "service-account", "create", "--app", clientID, "--out", path, "--public-url", "https://db.example.test/"] + location
        )
        #expect(made.status == 0, "\(made.stderr)")
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)
        #expect(mode.intValue & 0o777 == 0o600)
        let contents = try #require(FileManager.default.contents(atPath: path))
        let json = try #require(try JSONSerialization.jsonObject(with: contents) as? [String: Any])
        #expect(json["type"] as? String == "service_account")
        #expect(json["token_uri"] as? String == "https://db.example.test/oauth/token")
        #expect(json["project_id"] as? String == clientID && json["client_id"] as? String == clientID)
        #expect((json["private_key"] as? String)?.hasPrefix("-----BEGIN PRIVATE KEY-----\n") == true)
        #expect(json["universe_domain"] == nil)
        let holder = try Holder(try JSONDecoder().decode(ServiceAccountFile.self, from: contents))
        #expect(made.stdout.contains(holder.file.privateKeyID))
        // The key file is never overwritten.
        let again = try await LatchkeyBinary.run(["apps", "service-account", "create", "--app", clientID, "--out", path] + location)
        #expect(again.status != 0)
        #expect(FileManager.default.contents(atPath: path) == contents)
        // Without --out, the file goes to standard output.
        let printed = try await LatchkeyBinary.run(["apps", "service-account", "create", "--app", clientID] + location)
        let second = try JSONDecoder().decode(ServiceAccountFile.self, from: Data(printed.stdout.utf8))
        #expect(second.privateKeyID != holder.file.privateKeyID)

        let listed = try #require(
            try await LatchkeyBinary.json(["apps", "service-account", "list", "--app", clientID] + location) as? [[String: Any]]
        )
        #expect(listed.compactMap { $0["id"] as? String }.sorted() == [holder.file.privateKeyID, second.privateKeyID].sorted())
        #expect(listed.allSatisfy { $0["revokedAt"] == nil && $0["appId"] as? String != nil })

        let server = try await ServerProcess(dataDirectory: directory, extraArguments: location.first == "--database" ? location : [])
        started(server)
        let audience = server.baseURL + "/oauth/token"
        func exchange() async throws -> TestResponse {
            let assertion = try holder.assertion(holder.claims(at: Date(), audience: audience))
            return try await server.request(
                "POST",
                "/oauth/token",
                form: "grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Ajwt-bearer&assertion=\(assertion)"
            )
        }
        let granted = try await exchange()
        #expect(granted.status == .ok, "\(granted.text)")
        let revoke = try await LatchkeyBinary.run(["apps", "service-account", "revoke", "--app", clientID, holder.file.privateKeyID] + location)
        #expect(revoke.status == 0, "\(revoke.stderr)")
        #expect(try await exchange().string("error") == "invalid_grant")
        let twice = try await LatchkeyBinary.run(["apps", "service-account", "revoke", "--app", clientID, holder.file.privateKeyID] + location)
        #expect(twice.status != 0 && twice.stderr.contains(holder.file.privateKeyID))
        let after = try #require(
            try await LatchkeyBinary.json(["apps", "service-account", "list", "--app", clientID] + location) as? [[String: Any]]
        )
        #expect(after.first { $0["id"] as? String == holder.file.privateKeyID }?["revokedAt"] as? String != nil)
        #expect(after.first { $0["id"] as? String == second.privateKeyID }?["revokedAt"] == nil)
    }
}
