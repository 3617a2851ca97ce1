import Foundation
import HTTPTypes
import HummingbirdTesting
import LatchkeyServer
import LatchkeyTestSupport
import LatchkeyWire
import Testing

/// Passkeys: registration and username-less sign-in through the API with a software
/// authenticator, every check a response must pass (each failing with its reason), single-use
/// challenges under races, counters, the upgrade of a guest in place, removal, and the
/// association files native apps need.
@Suite struct PasskeyTests {
    /// The test server's origin (its public URL); the RP ID is its host.
    static let origin = "http://latchkey.test"

    static func harness(_ store: TestStore, _ configure: @escaping (inout AppSettings) -> Void = { _ in }) async throws -> TestHarness {
        try await TestHarness.make(store: store) { settings in
            settings.auth.signInMethods.formUnion([.passkey, .anonymous])
            configure(&settings)
        }
    }

    @Test(arguments: TestStore.enabled) func passkeysAreOffUntilTheAppTurnsThemOn(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let user = try await client.signUpUser("ann")
            for response in [
                try await client.send(.post, "/v1/me/passkeys/options", token: user.access),
                try await client.send(.post, "/v1/auth/passkey/options", app: client.clientID),
            ] {
                #expect(response.status == .forbidden)
                #expect(response.string("code") == "method_disabled")
            }
        }
    }

    @Test(arguments: TestStore.enabled) func aRegisteredPasskeySignsInWithoutAUsername(store: TestStore) async throws {
        let harness = try await Self.harness(store)
        try await harness.run { client in
            let user = try await client.signUpUser("ann")
            let authenticator = SoftwareAuthenticator()
            let options = try await client.passkeyCreationOptions(user.access)
            #expect(options.rp.id == "latchkey.test")
            #expect(options.rp.name == "Test App")
            #expect(options.user.name == "ann")
            #expect(options.attestation == "none")
            #expect(options.authenticatorSelection.residentKey == "required")
            #expect(options.pubKeyCredParams.map(\.alg) == [-7, -8, -257])
            #expect(options.excludeCredentials.isEmpty)

            let registered = try await client.registerPasskey(
                try authenticator.create(options, origin: Self.origin),
                name: "Ann's phone",
                token: user.access
            )
            #expect(registered.status == .created)
            #expect(registered.string("name") == "Ann's phone")
            let credentialID = try #require(registered.string("id"))
            #expect(registered.value("backupEligible") as? Bool == false)
            #expect(registered.value("transports") as? [String] == ["internal"])

            let listed = try await client.send(.get, "/v1/me/passkeys", token: user.access)
            #expect((listed.value("passkeys") as? [[String: Any]])?.compactMap { $0["id"] as? String } == [credentialID])
            #expect(try await client.passkeyCreationOptions(user.access).excludeCredentials.map(\.id) == [credentialID])

            let request = try await client.passkeyRequestOptions()
            #expect(request.rpId == "latchkey.test")
            #expect(request.allowCredentials.isEmpty)
            let signedIn = try await client.signIn(passkey: try authenticator.get(request, origin: Self.origin))
            #expect(signedIn.status == .ok)
            let me = try await client.send(.get, "/v1/me", token: try #require(signedIn.string("session.accessToken")))
            #expect(me.string("username") == "ann")
            #expect((me.value("identities") as? [[String: Any]])?.contains { $0["provider"] as? String == "passkey" } == true)
            let afterUse = try await client.send(.get, "/v1/me/passkeys", token: user.access)
            #expect((afterUse.value("passkeys") as? [[String: Any]])?.first?["lastUsedAt"] != nil)
        }
    }

    @Test(arguments: TestStore.enabled) func everyAlgorithmAndPackedSelfAttestationVerify(store: TestStore) async throws {
        let harness = try await Self.harness(store)
        try await harness.run { client in
            let user = try await client.signUpUser("ann")
            for (algorithm, format) in [(SoftwareAuthenticator.Algorithm.es256, "packed"), (.edDSA, "none"), (.rs256, "packed")] {
                let authenticator = SoftwareAuthenticator()
                let options = try await client.passkeyCreationOptions(user.access)
                let credential = try authenticator.create(options, origin: Self.origin, algorithm: algorithm, format: format)
                #expect(try await client.registerPasskey(credential, token: user.access).status == .created, "\(algorithm)")
                let signedIn = try await client.signIn(passkey: try authenticator.get(try await client.passkeyRequestOptions(), origin: Self.origin))
                #expect(signedIn.status == .ok, "\(algorithm)")
            }
        }
    }

    @Test(arguments: TestStore.enabled) func registrationsThatDoNotVerifyAreRefusedWithTheirReason(store: TestStore) async throws {
        // A sign-in stays recent past the challenge's 5 minutes, so the expired challenge is what fails.
        let harness = try await Self.harness(store) { $0.auth.reauthenticationWindowSeconds = 3_600 }
        try await harness.run { client in
            let user = try await client.signUpUser("ann")
            let other = try await client.signUpUser("bob")
            let authenticator = SoftwareAuthenticator()
            func refusal(_ make: (PasskeyCreationOptions) throws -> PasskeyRegistrationCredential) async throws -> String? {
                let response = try await client.registerPasskey(try make(try await client.passkeyCreationOptions(user.access)), token: user.access)
                #expect(response.status == .unauthorized)
                #expect(response.string("code") == "invalid_passkey")
                return (response.value("errors") as? [[String: Any]])?.first?["reason"] as? String
            }
            #expect(try await refusal { try authenticator.create($0, origin: "https://evil.example") } == "origin")
            #expect(try await refusal { try authenticator.create($0, origin: Self.origin, rpID: "evil.example") } == "rp_id")
            #expect(try await refusal { try authenticator.create($0, origin: Self.origin, type: "webauthn.get") } == "type")
            #expect(try await refusal { try authenticator.create($0, origin: Self.origin, format: "fido-u2f") } == "attestation")
            let bobsChallenge = try await client.passkeyCreationOptions(other.access).challenge
            #expect(try await refusal { try authenticator.create($0, origin: Self.origin, challenge: bobsChallenge) } == "challenge")
            #expect(try await refusal { try authenticator.create($0, origin: Self.origin, challenge: "AAAA") } == "challenge")
            authenticator.flags.userPresent = false
            #expect(try await refusal { try authenticator.create($0, origin: Self.origin) } == "user_presence")
            authenticator.flags.userPresent = true
            #expect(
                try await refusal { options in
                    var credential = try authenticator.create(options, origin: Self.origin)
                    credential.response.attestationObject = "not-cbor"
                    return credential
                } == "attestation_object"
            )
            #expect(
                try await refusal { options in
                    var credential = try authenticator.create(options, origin: Self.origin)
                    credential.response.clientDataJSON = SoftwareAuthenticator.base64URL(Array("{}".utf8))
                    return credential
                } == "client_data"
            )

            // An expired challenge, and the same credential registered twice.
            let options = try await client.passkeyCreationOptions(user.access)
            harness.clock.advance(by: 301)
            #expect(try await refusal { _ in try authenticator.create(options, origin: Self.origin) } == "challenge")
            let token = user.access
            let credential = try authenticator.create(try await client.passkeyCreationOptions(token), origin: Self.origin)
            #expect(try await client.registerPasskey(credential, token: token).status == .created)
            let replay = try await client.registerPasskey(credential, token: token)
            #expect(replay.status == .unauthorized)
            #expect(replay.string("code") == "invalid_passkey")

            // Bad input is a typed error, never a 500.
            for body in [[:], ["credential": 1], ["credential": [:]], ["credential": ["id": "x"]]] as [[String: Any]] {
                let response = try await client.send(.post, "/v1/me/passkeys", json: body, token: token)
                #expect(response.status == .badRequest || response.status == .unprocessableContent, "\(body)")
            }
            let longName = try await client.registerPasskey(
                try authenticator.create(try await client.passkeyCreationOptions(token), origin: Self.origin),
                name: String(repeating: "n", count: 65),
                token: token
            )
            #expect(longName.fieldCodes == ["invalid_request"])
        }
    }

    @Test(arguments: TestStore.enabled) func signInsThatDoNotVerifyAreRefusedWithTheirReason(store: TestStore) async throws {
        let harness = try await Self.harness(store)
        try await harness.run { client in
            let ann = try await client.signUpUser("ann")
            let bob = try await client.signUpUser("bob")
            let annsKey = SoftwareAuthenticator()
            let bobsKey = SoftwareAuthenticator()
            _ = try await client.registerPasskey(
                try annsKey.create(try await client.passkeyCreationOptions(ann.access), origin: Self.origin),
                token: ann.access
            )
            _ = try await client.registerPasskey(
                try bobsKey.create(try await client.passkeyCreationOptions(bob.access), origin: Self.origin),
                token: bob.access
            )
            func refusal(_ make: (PasskeyRequestOptions) throws -> PasskeyAssertionCredential) async throws -> String? {
                let response = try await client.signIn(passkey: try make(try await client.passkeyRequestOptions()))
                #expect(response.status == .unauthorized)
                #expect(response.string("code") == "invalid_passkey")
                #expect(response.string("session.accessToken") == nil)
                return (response.value("errors") as? [[String: Any]])?.first?["reason"] as? String
            }
            #expect(try await refusal { try annsKey.get($0, origin: "https://evil.example") } == "origin")
            #expect(try await refusal { try annsKey.get($0, origin: Self.origin, rpID: "evil.example") } == "rp_id")
            #expect(try await refusal { try annsKey.get($0, origin: Self.origin, type: "webauthn.create") } == "type")
            #expect(try await refusal { try annsKey.get($0, origin: Self.origin, challenge: "AAAA") } == "challenge")
            #expect(
                try await refusal { try annsKey.get($0, origin: Self.origin, userHandle: .some(bobsKey.credentials[0].userHandle)) } == "user_handle"
            )
            // Ann's signature presented as Bob's credential.
            #expect(
                try await refusal { options in
                    var assertion = try annsKey.get(options, origin: Self.origin)
                    assertion.id = SoftwareAuthenticator.base64URL(bobsKey.credentials[0].id)
                    assertion.rawId = assertion.id
                    assertion.response.userHandle = nil
                    return assertion
                } == "signature"
            )
            #expect(
                try await refusal { options in
                    var assertion = try annsKey.get(options, origin: Self.origin)
                    assertion.id = SoftwareAuthenticator.base64URL(Array(repeating: 7, count: 32))
                    assertion.rawId = assertion.id
                    return assertion
                } == "unknown_credential"
            )
            annsKey.flags.userPresent = false
            #expect(try await refusal { try annsKey.get($0, origin: Self.origin) } == "user_presence")
            annsKey.flags.userPresent = true
            // A counter that does not go forward: a cloned authenticator.
            #expect(try await client.signIn(passkey: try annsKey.get(try await client.passkeyRequestOptions(), origin: Self.origin)).status == .ok)
            let clone = annsKey.credentials[0]
            #expect(try await client.signIn(passkey: try annsKey.get(try await client.passkeyRequestOptions(), origin: Self.origin)).status == .ok)
            #expect(
                try await refusal { options in
                    let copy = SoftwareAuthenticator()
                    return try copy.replaying(clone, options, origin: Self.origin)
                } == "counter"
            )
        }
    }

    @Test(arguments: TestStore.enabled) func anAppThatRequiresUserVerificationRefusesPresenceAlone(store: TestStore) async throws {
        let harness = try await Self.harness(store) { $0.passkeys.passkeyUserVerification = .required }
        try await harness.run { client in
            let user = try await client.signUpUser("ann")
            let authenticator = SoftwareAuthenticator()
            let options = try await client.passkeyCreationOptions(user.access)
            #expect(options.authenticatorSelection.userVerification == "required")
            let unverified = try await client.registerPasskey(try authenticator.create(options, origin: Self.origin), token: user.access)
            #expect(unverified.status == .unauthorized)
            authenticator.flags.userVerified = true
            #expect(
                try await client.registerPasskey(
                    try authenticator.create(try await client.passkeyCreationOptions(user.access), origin: Self.origin),
                    token: user.access
                ).status == .created
            )
            let request = try await client.passkeyRequestOptions()
            #expect(request.userVerification == "required")
            authenticator.flags.userVerified = false
            let presenceOnly = try await client.signIn(passkey: try authenticator.get(request, origin: Self.origin))
            #expect(presenceOnly.status == .unauthorized)
            authenticator.flags.userVerified = true
            #expect(
                try await client.signIn(passkey: try authenticator.get(try await client.passkeyRequestOptions(), origin: Self.origin)).status == .ok
            )
        }
    }

    /// Under the default `preferred`, a passkey without user verification is one factor: a user
    /// with an authenticator answers its code before a session starts. With UV it is two.
    @Test(arguments: TestStore.enabled) func aPasskeyWithoutUserVerificationMeetsTheEnrolledSecondFactor(store: TestStore) async throws {
        let harness = try await Self.harness(store)
        try await harness.run { client in
            let ann = try await SecondFactorTests.enroll("ann", client, harness)
            let authenticator = SoftwareAuthenticator()
            #expect(
                try await client.registerPasskey(
                    try authenticator.create(try await client.passkeyCreationOptions(ann.access), origin: Self.origin),
                    token: ann.access
                ).status == .created
            )
            let presenceOnly = try await client.signIn(passkey: try authenticator.get(try await client.passkeyRequestOptions(), origin: Self.origin))
            #expect(presenceOnly.status == .unauthorized && presenceOnly.string("code") == "mfa_required", "\(presenceOnly.text)")
            #expect(presenceOnly.value("session") == nil)
            let challenge = try #require(presenceOnly.string("challenge"))
            let done = try await client.send(.post, "/v1/auth/mfa", json: ["challenge": challenge, "code": ann.code(harness)], app: client.clientID)
            #expect(done.status == .ok && done.string("session.accessToken") != nil, "\(done.text)")

            authenticator.flags.userVerified = true
            let verified = try await client.signIn(passkey: try authenticator.get(try await client.passkeyRequestOptions(), origin: Self.origin))
            #expect(verified.status == .ok && verified.string("session.accessToken") != nil, "\(verified.text)")
        }
    }

    /// One assertion presented fifty times at once signs in once; the same one again later does not.
    @Test(arguments: TestStore.enabled) func aChallengeSignsInOnceUnderFiftyParallelUses(store: TestStore) async throws {
        let harness = try await Self.harness(store)
        try await harness.run { client in
            let user = try await client.signUpUser("ann")
            let authenticator = SoftwareAuthenticator()
            authenticator.countsSignatures = false  // synced passkeys: the counter stays zero
            _ = try await client.registerPasskey(
                try authenticator.create(try await client.passkeyCreationOptions(user.access), origin: Self.origin),
                token: user.access
            )
            let assertion = try authenticator.get(try await client.passkeyRequestOptions(), origin: Self.origin)
            let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for _ in 0..<50 { group.addTask { try await client.signIn(passkey: assertion).status } }
                return try await group.reduce(into: [HTTPResponse.Status]()) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == .ok }.count == 1)
            #expect(statuses.filter { $0 == .unauthorized }.count == 49)
            let replay = try await client.signIn(passkey: assertion)
            #expect(replay.status == .unauthorized)
            #expect((replay.value("errors") as? [[String: Any]])?.first?["reason"] as? String == "challenge")
        }
    }

    @Test(arguments: TestStore.enabled) func failedPasskeySignInsSpendTheIPsFailureBudget(store: TestStore) async throws {
        let harness = try await Self.harness(store) { $0.auth.ipFailureLimit = 3 }
        try await harness.run(.live) { client in
            let user = try await client.signUpUser("ann")
            let authenticator = SoftwareAuthenticator()
            _ = try await client.registerPasskey(
                try authenticator.create(try await client.passkeyCreationOptions(user.access), origin: Self.origin),
                token: user.access
            )
            for _ in 0..<3 {
                let bad = try authenticator.get(try await client.passkeyRequestOptions(), origin: "https://evil.example")
                #expect(try await client.signIn(passkey: bad).status == .unauthorized)
            }
            let locked = try await client.signIn(passkey: try authenticator.get(try await client.passkeyRequestOptions(), origin: Self.origin))
            #expect(locked.status == .tooManyRequests)
            #expect(locked.headers[.retryAfter] != nil)
        }
    }

    @Test(arguments: TestStore.enabled) func aGuestWhoRegistersAPasskeyIsUpgradedInPlace(store: TestStore) async throws {
        let harness = try await Self.harness(store)
        try await harness.run { client in
            let guest = try await client.send(.post, "/v1/auth/anonymous", app: client.clientID)
            let userID = try #require(guest.string("user.id"))
            let access = try #require(guest.string("session.accessToken"))
            let authenticator = SoftwareAuthenticator()
            let options = try await client.passkeyCreationOptions(access)
            #expect(options.user.name == "Passkey")
            #expect(try await client.registerPasskey(try authenticator.create(options, origin: Self.origin), token: access).status == .created)
            let me = try await client.send(.get, "/v1/me", token: access)
            #expect(me.value("isAnonymous") as? Bool == false)
            let signedIn = try await client.signIn(passkey: try authenticator.get(try await client.passkeyRequestOptions(), origin: Self.origin))
            #expect(signedIn.string("user.id") == userID)
            #expect(signedIn.value("user.isAnonymous") as? Bool == false)
            // The passkey is now the account's only way in: it cannot be removed.
            let passkeyID = SoftwareAuthenticator.base64URL(authenticator.credentials[0].id)
            let removal = try await client.send(.delete, "/v1/me/passkeys/\(passkeyID)", token: try #require(signedIn.string("session.accessToken")))
            #expect(removal.status == .conflict)
            #expect(removal.string("code") == "last_identity")
        }
    }

    @Test(arguments: TestStore.enabled) func removedPasskeysNoLongerSignIn(store: TestStore) async throws {
        let harness = try await Self.harness(store)
        try await harness.run { client in
            let ann = try await client.signUpUser("ann")
            let bob = try await client.signUpUser("bob")
            let authenticator = SoftwareAuthenticator()
            let registered = try await client.registerPasskey(
                try authenticator.create(try await client.passkeyCreationOptions(ann.access), origin: Self.origin),
                token: ann.access
            )
            let id = try #require(registered.string("id"))
            #expect(try await client.send(.delete, "/v1/me/passkeys/\(id)", token: bob.access).status == .notFound)
            #expect(try await client.send(.delete, "/v1/me/passkeys/unknown", token: ann.access).status == .notFound)
            #expect(try await client.send(.delete, "/v1/me/passkeys/\(id)", token: ann.access).status == .noContent)
            #expect((try await client.send(.get, "/v1/me/passkeys", token: ann.access).value("passkeys") as? [Any])?.isEmpty == true)
            let after = try await client.signIn(passkey: try authenticator.get(try await client.passkeyRequestOptions(), origin: Self.origin))
            #expect(after.status == .unauthorized)
            #expect((after.value("errors") as? [[String: Any]])?.first?["reason"] as? String == "unknown_credential")

            // Registering and removing need a recent sign-in, as linking a provider does.
            harness.clock.advance(by: 301)
            let stale = try await client.registerPasskey(
                try authenticator.create(try await client.passkeyCreationOptions(ann.access), origin: Self.origin),
                token: ann.access
            )
            #expect(stale.status == .forbidden)
            #expect(stale.string("code") == "reauthentication_required")
        }
    }

    @Test(arguments: TestStore.enabled) func theAssociationFilesListTheAppsAndTheirOriginsSignIn(store: TestStore) async throws {
        let fingerprint = (0..<32).map { String(format: "%02X", $0) }.joined(separator: ":")
        let harness = try await Self.harness(store) { settings in
            settings.passkeys.appleAppIDs = ["ABCDE12345.com.example.game"]
            settings.passkeys.androidApps = [AndroidApp(packageName: "com.example.game", sha256CertFingerprints: [fingerprint])]
        }
        try await harness.run { client in
            let apple = try await client.send(.get, "/.well-known/apple-app-site-association")
            #expect(apple.status == .ok)
            #expect(apple.headers[.contentType]?.hasPrefix("application/json") == true)
            #expect(apple.value("webcredentials.apps") as? [String] == ["ABCDE12345.com.example.game"])
            let details = try #require((apple.value("applinks.details") as? [[String: Any]])?.first)
            #expect(details["appIDs"] as? [String] == ["ABCDE12345.com.example.game"])
            let android = try await client.send(.get, "/.well-known/assetlinks.json")
            let statements = try #require(try JSONSerialization.jsonObject(with: android.body) as? [[String: Any]])
            #expect(statements.count == 1)
            let target = try #require(statements.first?["target"] as? [String: Any])
            #expect(target["package_name"] as? String == "com.example.game")
            #expect(target["sha256_cert_fingerprints"] as? [String] == [fingerprint])
            #expect((statements.first?["relation"] as? [String])?.contains("delegate_permission/common.get_login_creds") == true)

            // The Android app's origin is accepted; the iOS app's (https://<RP ID>) too.
            let user = try await client.signUpUser("ann")
            let androidOrigin = "android:apk-key-hash:" + SoftwareAuthenticator.base64URL((0..<32).map { UInt8($0) })
            let authenticator = SoftwareAuthenticator()
            #expect(
                try await client.registerPasskey(
                    try authenticator.create(try await client.passkeyCreationOptions(user.access), origin: androidOrigin),
                    token: user.access
                ).status == .created
            )
            #expect(
                try await client.signIn(passkey: try authenticator.get(try await client.passkeyRequestOptions(), origin: "https://latchkey.test"))
                    .status == .ok
            )
        }
    }
}

extension SoftwareAuthenticator {
    /// An assertion by a copy of `credential` as it was (its counter included).
    func replaying(_ credential: Credential, _ options: PasskeyRequestOptions, origin: String) throws -> PasskeyAssertionCredential {
        adopt(credential)
        return try get(options, origin: origin)
    }
}

extension Client {
    func passkeyCreationOptions(_ token: String) async throws -> PasskeyCreationOptions {
        let response = try await send(.post, "/v1/me/passkeys/options", token: token)
        return try JSONDecoder().decode(PasskeyCreationOptions.self, from: response.body)
    }

    func passkeyRequestOptions() async throws -> PasskeyRequestOptions {
        let response = try await send(.post, "/v1/auth/passkey/options", app: clientID)
        return try JSONDecoder().decode(PasskeyRequestOptions.self, from: response.body)
    }

    func registerPasskey(_ credential: PasskeyRegistrationCredential, name: String? = nil, token: String) async throws -> TestResponse {
        try await send(
            .post,
            "/v1/me/passkeys",
            raw: try JSONEncoder().encode(PasskeyRegistrationRequest(credential: credential, name: name)),
            token: token
        )
    }

    func signIn(passkey: PasskeyAssertionCredential) async throws -> TestResponse {
        try await send(.post, "/v1/auth/passkey", raw: try JSONEncoder().encode(PasskeySignInRequest(credential: passkey)), app: clientID)
    }
}

/// The hosted login's passkey button: the page carries fresh request options, and the answer
/// posted back signs the browser in and sends it to the client with a code.
@Suite struct HostedPasskeyTests {
    @Test(arguments: TestStore.enabled) func thePasskeyOnTheSignInPageEndsAtTheClientWithACode(store: TestStore) async throws {
        let harness = try await PasskeyTests.harness(store) { $0.oauth.redirectURIs = [HostedLoginTests.redirectURI] }
        try await harness.run { client in
            let user = try await client.signUpUser("ann")
            let authenticator = SoftwareAuthenticator()
            _ = try await client.registerPasskey(
                try authenticator.create(try await client.passkeyCreationOptions(user.access), origin: PasskeyTests.origin),
                token: user.access
            )
            var browser = LoginBrowser(client)
            let login = LoginRequest(clientID: harness.app.clientID, redirectURI: HostedLoginTests.redirectURI)
            let page = try await browser.get("/oauth/authorize?" + login.query)
            let options = try #require(Self.passkeyOptions(in: page))
            #expect(options.rpId == "latchkey.test")
            let csrf = LoginBrowser.csrfToken(in: page) ?? ""

            // A broken answer shows the page again with the error; a good one ends at the client.
            let broken = try await browser.post("/oauth/authorize/passkey", form: ["csrf_token": csrf, "request": login.query, "credential": "{"])
            #expect(broken.status == .badRequest)
            #expect(broken.text.contains("error-summary"))
            let assertion = try authenticator.get(options, origin: PasskeyTests.origin)
            let json = String(decoding: try JSONEncoder().encode(assertion), as: UTF8.self)
            let signedIn = try await browser.post("/oauth/authorize/passkey", form: ["csrf_token": csrf, "request": login.query, "credential": json])
            #expect(signedIn.status == .seeOther)
            #expect(LoginBrowser.redirectParameters(signedIn)["code"] != nil)
            #expect(browser.cookies["lk_session"] != nil)
            // The same answer again: its challenge is spent.
            let replay = try await browser.post("/oauth/authorize/passkey", form: ["csrf_token": csrf, "request": login.query, "credential": json])
            #expect(replay.status == .unauthorized)
        }
    }

    @Test(arguments: TestStore.enabled) func aSignInPageWithoutPasskeysHasNoPasskeyForm(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store) { $0.oauth.redirectURIs = [HostedLoginTests.redirectURI] }
        try await harness.run { client in
            var browser = LoginBrowser(client)
            let page = try await browser.get(
                "/oauth/authorize?" + LoginRequest(clientID: harness.app.clientID, redirectURI: HostedLoginTests.redirectURI).query
            )
            #expect(page.status == .ok)
            #expect(!page.text.contains("passkey-form"))
        }
    }

    /// The request options in the page's passkey form.
    static func passkeyOptions(in page: TestResponse) -> PasskeyRequestOptions? {
        guard let range = page.text.range(of: #"data-options="[^"]+""#, options: .regularExpression) else { return nil }
        let escaped = page.text[range].dropFirst(#"data-options=""#.count).dropLast()
        let json = escaped.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#34;", with: "\"")
            .replacingOccurrences(of: "&amp;", with: "&")
        return try? JSONDecoder().decode(PasskeyRequestOptions.self, from: Data(json.utf8))
    }
}
