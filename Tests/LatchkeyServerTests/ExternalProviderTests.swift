import Foundation
import HTTPTypes
import HummingbirdTesting
import LatchkeyServer
import LatchkeyTestSupport
import Testing

/// Sign-in, linking and unlinking with external providers, against a fake provider that is a
/// real HTTP server signing real tokens.
@Suite struct ExternalProviderTests {
    /// A harness whose app knows the fake as OpenID Connect provider `google` (client `client-1`)
    /// and as Facebook provider `facebook`.
    private func makeHarness(
        _ store: TestStore,
        provider: FakeIdentityProvider,
        configure: (inout AppSettings) -> Void = { _ in }
    ) async throws -> TestHarness {
        try await TestHarness.make(store: store) { settings in
            settings.signInProviders.providers["google"] = ProviderSettings(kind: .openIDConnect, issuer: provider.issuer, clientIDs: ["client-1"])
            settings.signInProviders.providers["facebook"] = ProviderSettings(
                kind: .facebook,
                clientIDs: [FakeIdentityProvider.facebookAppID],
                clientSecret: FakeIdentityProvider.facebookSecret,
                graphURL: provider.issuer
            )
            configure(&settings)
        }
    }

    /// Runs `body` with two fake issuers that the app knows as `google` and `other`; with
    /// `linkingByVerifiedEmail`, the app links providers to accounts by verified email.
    private func withTwoIssuers(
        _ store: TestStore,
        linkingByVerifiedEmail: Bool = false,
        _ body: @Sendable (TestHarness, FakeIdentityProvider, FakeIdentityProvider, Client) async throws -> Void
    ) async throws {
        try await serving(try await FakeIdentityProvider.start()) { provider in
            try await serving(try await FakeIdentityProvider.start()) { other in
                let harness = try await makeHarness(store, provider: provider) {
                    $0.signInProviders.providers["other"] = ProviderSettings(kind: .openIDConnect, issuer: other.issuer, clientIDs: ["client-1"])
                    $0.signInProviders.linkProvidersByVerifiedEmail = linkingByVerifiedEmail
                }
                try await harness.run { client in try await body(harness, provider, other, client) }
            }
        }
    }

    @Test(arguments: TestStore.enabled) func idTokensCreateTheUserOnceAndSignInAfterwards(store: TestStore) async throws {
        try await serving(try await FakeIdentityProvider.start()) { provider in
            let harness = try await makeHarness(store, provider: provider)
            try await harness.run { client in
                let now = harness.clock.now()
                let claims = provider.claims(
                    subject: "g-123",
                    at: now,
                    extra: ["email": "ann@example.com", "email_verified": true, "name": "Ann Lee"]
                )
                let first = try await client.external("google", try provider.idToken(claims))
                #expect(first.status == .created)
                #expect(first.string("user.email") == "ann@example.com")
                #expect(first.value("user.emailVerified") as? Bool == true)
                #expect(first.string("user.displayName") == "Ann Lee")
                // The profile waits for the user to confirm what the provider gave (Profiles).
                #expect(first.value("user.profileCreated") as? Bool == false)
                #expect(first.string("session.accessToken") != nil)
                let identity = try #require((first.value("user.identities") as? [[String: Any]])?.first)
                #expect(identity["provider"] as? String == "google")
                #expect(identity["issuer"] as? String == provider.issuer)
                #expect(identity["subject"] as? String == "g-123")

                let again = try await client.external("google", try provider.idToken(claims, signer: .ec))
                #expect(again.status == .ok)
                #expect(again.string("user.id") == first.string("user.id"))
                let es256 = try await client.external(
                    "google",
                    try provider.idToken(provider.claims(subject: "g-456", audience: ["other", "client-1"], at: now), signer: .ec)
                )
                #expect(es256.status == .created)
                #expect(es256.string("user.id") != first.string("user.id"))
                #expect(try await client.send(.get, "/v1/me", token: again.string("session.accessToken")).status == .ok)
            }
        }
    }

    /// An app that requires an authenticator keeps the account a first provider sign-in makes,
    /// but starts its session only once an authenticator is enrolled.
    @Test(arguments: TestStore.enabled) func aNewAccountOfAnAppThatRequiresTOTPEnrollsFirst(store: TestStore) async throws {
        try await serving(try await FakeIdentityProvider.start()) { provider in
            let harness = try await makeHarness(store, provider: provider) { $0.secondFactor.totpRequired = true }
            try await harness.run { client in
                let claims = provider.claims(subject: "g-123", at: harness.clock.now(), extra: ["email": "ann@example.com", "email_verified": true])
                let first = try await client.external("google", try provider.idToken(claims))
                #expect(first.status == .unauthorized, "\(first.text)")
                #expect(first.string("code") == "mfa_required")
                #expect(first.value("enrollment") as? Bool == true)
                #expect(first.value("session") == nil)
                let challenge = try #require(first.string("challenge"))
                // The challenge names the account the sign-in made: it can enroll.
                let enrollment = try await client.send(.post, "/v1/auth/mfa/totp", json: ["challenge": challenge], app: client.clientID)
                #expect(enrollment.status == .created, "\(enrollment.text)")
                #expect(enrollment.string("uri")?.contains(":ann%40example.com?") == true)
            }
        }
    }

    /// Microsoft's multi-tenant issuer `…/{tenantid}/v2.0`: a token's `iss` must be the template
    /// completed with its own `tid`, a GUID; keys come from the `common` discovery document.
    @Test(arguments: TestStore.enabled) func aMultiTenantIssuerTakesEachTokensOwnTenant(store: TestStore) async throws {
        try await serving(try await FakeIdentityProvider.start()) { provider in
            let template = provider.issuer + "/{tenantid}/v2.0"
            let harness = try await makeHarness(store, provider: provider) {
                $0.signInProviders.providers["microsoft"] = ProviderSettings(kind: .openIDConnect, issuer: template, clientIDs: ["client-1"])
            }
            try await harness.run { client in
                let now = harness.clock.now()
                let tenant = "9188040d-6c67-4c5b-b112-36a304b66dad"
                let other = "72f988bf-86f1-41af-91ab-2d7cd011db47"
                let issuedBy = { (tenant: String) in provider.issuer + "/\(tenant)/v2.0" }
                let token = { (tid: Any?, iss: String) throws -> String in
                    var extra: [String: Any] = ["iss": iss]
                    extra["tid"] = tid
                    return try provider.idToken(provider.claims(subject: "m-1", at: now, extra: extra))
                }
                let refused: [(String, String)] = [
                    ("another tenant's issuer", try token(tenant, issuedBy(other))),
                    ("the template itself", try token(tenant, template)),
                    ("no tid", try token(nil, issuedBy(tenant))),
                    ("tid not a GUID", try token("common", issuedBy("common"))),
                    ("tid with a path", try token("\(tenant)/x", issuedBy("\(tenant)/x"))),
                    ("tid a number", try token(7, issuedBy("7"))),
                ]
                for (label, bad) in refused {
                    let response = try await client.external("microsoft", bad)
                    #expect(response.status == .unauthorized && response.string("code") == "invalid_provider_token", "\(label)")
                }
                let first = try await client.external("microsoft", try token(tenant, issuedBy(tenant)))
                #expect(first.status == .created, "\(first.text)")
                let identity = try #require((first.value("user.identities") as? [[String: Any]])?.first)
                #expect(identity["issuer"] as? String == template && identity["subject"] as? String == "m-1")
                let again = try await client.external("microsoft", try token(tenant, issuedBy(tenant)))
                #expect(again.status == .ok && again.string("user.id") == first.string("user.id"))
                // An exact issuer stays exact: a tid does not turn it into a template.
                let google = try provider.idToken(provider.claims(subject: "g-9", at: now, extra: ["tid": tenant, "iss": issuedBy(tenant)]))
                #expect(try await client.external("google", google).status == .unauthorized)
            }
        }
    }

    @Test(arguments: TestStore.enabled) func everyBadIDTokenGetsTheSameAnswer(store: TestStore) async throws {
        try await serving(try await FakeIdentityProvider.start()) { provider in
            let harness = try await makeHarness(store, provider: provider)
            try await harness.run { client in
                let now = harness.clock.now()
                let good = provider.claims(subject: "s1", at: now, extra: ["nonce": "n-1"])
                let tokens: [(String, String, String?)] = [
                    ("forged", try provider.idToken(good, signer: .forged), nil),
                    ("alg none", try provider.idToken(good, signer: .none), nil),
                    ("unknown kid", try provider.idToken(good, kid: "nope"), nil),
                    ("expired", try provider.idToken(good.merging(["exp": Int(now.timeIntervalSince1970) - 61]) { $1 }), nil),
                    ("wrong audience", try provider.idToken(good.merging(["aud": "client-2"]) { $1 }), nil),
                    ("wrong issuer", try provider.idToken(good.merging(["iss": "https://evil.example"]) { $1 }), nil),
                    ("future iat", try provider.idToken(good.merging(["iat": Int(now.timeIntervalSince1970) + 600]) { $1 }), nil),
                    ("wrong nonce", try provider.idToken(good), "n-2"),
                    ("not a JWT", "garbage", nil),
                ]
                var bodies: Set<NSDictionary> = []
                for (label, token, nonce) in tokens {
                    let response = try await client.external("google", token, nonce: nonce)
                    #expect(response.status == .unauthorized, "\(label)")
                    #expect(response.string("code") == "invalid_provider_token", "\(label)")
                    var body = response.json
                    body["requestId"] = nil
                    bodies.insert(NSDictionary(dictionary: body))
                }
                #expect(bodies.count == 1)
                #expect(try await client.external("google", try provider.idToken(good), nonce: "n-1").status == .created)
            }
        }
    }

    /// An ID token that carries a nonce is refused when the request sends none (it was minted for
    /// another sign-in); an ID token is accepted once — for sign-in and linking alike — and
    /// remembered until it expires, when the janitor forgets it.
    @Test(arguments: TestStore.enabled) func anIDTokenIsAcceptedOnceAndItsNonceIsRequired(store: TestStore) async throws {
        try await serving(try await FakeIdentityProvider.start()) { provider in
            let harness = try await makeHarness(store, provider: provider)
            try await harness.run { client in
                let now = harness.clock.now()
                let withNonce = try provider.idToken(provider.claims(subject: "r1", at: now, extra: ["nonce": "n-1"]))
                let noNonce = try await client.external("google", withNonce)
                #expect(noNonce.status == .unauthorized)
                #expect(noNonce.string("code") == "invalid_provider_token")
                #expect(try await client.external("google", withNonce, nonce: "n-1").status == .created)
                let replayed = try await client.external("google", withNonce, nonce: "n-1")
                #expect(replayed.status == .unauthorized)
                #expect(replayed.string("code") == "invalid_provider_token")

                let plain = try provider.idToken(provider.claims(subject: "r2", at: now))
                let first = try await client.external("google", plain)
                #expect(first.status == .created)
                #expect(try await client.external("google", plain).status == .unauthorized)
                // Linking takes no used token either.
                let pat = try await client.signUpUser("pat")
                let linkedAgain = try await client.send(
                    .post,
                    "/v1/me/identities",
                    json: ["provider": "google", "token": plain],
                    token: pat.access
                )
                #expect(linkedAgain.status == .unauthorized)
                #expect(linkedAgain.string("code") == "invalid_provider_token")
                let fresh = try provider.idToken(provider.claims(subject: "r2", at: now))
                #expect(try await client.external("google", fresh).string("user.id") == first.string("user.id"))

                #expect(try await harness.backend.janitor.sweep()["providerTokensUsed"] == nil)
                harness.clock.advance(by: 3600 + 61)
                #expect(try await harness.backend.janitor.sweep()["providerTokensUsed"] == 3)
            }
        }
    }

    @Test(arguments: TestStore.enabled) func anUnknownKidRefetchesTheKeysAtMostEvery30Seconds(store: TestStore) async throws {
        try await serving(try await FakeIdentityProvider.start()) { provider in
            let harness = try await makeHarness(store, provider: provider)
            try await harness.run { client in
                let claims = provider.claims(subject: "s1", at: harness.clock.now())
                #expect(try await client.external("google", try provider.idToken(claims)).status == .created)
                provider.publishLateKey()
                let rotated = try provider.idToken(claims, signer: .late)
                #expect(try await client.external("google", rotated).status == .unauthorized)
                #expect(provider.jwksFetches == 1)
                harness.clock.advance(by: 31)
                #expect(try await client.external("google", rotated).status == .ok)
                #expect(provider.jwksFetches == 2)
                // A key set is trusted for six hours; then it is fetched again before use.
                harness.clock.advance(by: 6 * 3600)
                let later = provider.claims(subject: "s1", at: harness.clock.now())
                #expect(try await client.external("google", try provider.idToken(later)).status == .ok)
                #expect(provider.jwksFetches == 3)
            }
        }
    }

    @Test(arguments: TestStore.enabled) func theSameSubjectFromTwoIssuersIsTwoUsers(store: TestStore) async throws {
        try await withTwoIssuers(store) { harness, provider, other, client in
            let now = harness.clock.now()
            let fromGoogle = try await client.external("google", try provider.idToken(provider.claims(subject: "same", at: now)))
            let fromOther = try await client.external("other", try other.idToken(other.claims(subject: "same", at: now)))
            #expect(fromGoogle.status == .created)
            #expect(fromOther.status == .created)
            #expect(fromGoogle.string("user.id") != fromOther.string("user.id"))
            let crossed = try await client.external("other", try provider.idToken(provider.claims(subject: "same", at: now)))
            #expect(crossed.status == .unauthorized)
        }
    }

    /// A provider sign-up fills the profile with what the provider gave — Facebook's
    /// `first_name`, `birthday` and `gender`, OpenID Connect's `given_name`, `birthdate` and
    /// `gender` — and leaves `profileCreated` false until the user confirms it.
    @Test(arguments: TestStore.enabled) func providerSignUpsFillTheProfile(store: TestStore) async throws {
        try await serving(try await FakeIdentityProvider.start()) { provider in
            let harness = try await makeHarness(store, provider: provider)
            provider.register(
                facebookToken: "fb-kim",
                .init(userID: "20001", name: "Kim Lee", firstName: "Kim", birthday: "03/05/1990", gender: "female")
            )
            provider.register(facebookToken: "fb-partial", .init(userID: "20002", firstName: "Sam", birthday: "03/05", gender: "custom"))
            try await harness.run { client in
                let kim = try #require(try await client.external("facebook", "fb-kim").string("session.accessToken"))
                let profile = try await client.send(.get, "/v1/me/profile", token: kim)
                #expect(profile.string("firstName") == "Kim" && profile.string("gender") == "female")
                #expect(profile.string("dateOfBirth") == "1990-03-05" && profile.string("displayName") == "Kim Lee")
                #expect(profile.value("profileCreated") as? Bool == false)
                let confirmed = try await client.send(.patch, "/v1/me/profile", json: [String: String](), token: kim)
                #expect(confirmed.value("profileCreated") as? Bool == true)

                // A birthday without a year is no date of birth; an unlisted gender is `other`.
                let sam = try #require(try await client.external("facebook", "fb-partial").string("session.accessToken"))
                let partial = try await client.send(.get, "/v1/me/profile", token: sam)
                #expect(partial.string("firstName") == "Sam" && partial.string("gender") == "other" && partial.value("dateOfBirth") == nil)

                let claims = provider.claims(
                    subject: "g-77",
                    at: harness.clock.now(),
                    extra: ["given_name": "Ada", "birthdate": "1985-12-10", "gender": "male"]
                )
                let ada = try #require(try await client.external("google", try provider.idToken(claims)).string("session.accessToken"))
                let fromIDToken = try await client.send(.get, "/v1/me/profile", token: ada)
                #expect(fromIDToken.string("firstName") == "Ada" && fromIDToken.string("dateOfBirth") == "1985-12-10")
                #expect(fromIDToken.string("gender") == "male" && fromIDToken.value("profileCreated") as? Bool == false)
            }
        }
    }

    /// A provider's birthday under the consent age is left out of the account (a provider
    /// sign-up has no parent to ask): the account is no child's until the user gives the date
    /// with a parent email (`PATCH /v1/me`), which starts consent and ends its sessions.
    @Test(arguments: TestStore.enabled) func aProviderBirthdayUnderTheConsentAgeIsLeftOut(store: TestStore) async throws {
        try await serving(try await FakeIdentityProvider.start()) { provider in
            let harness = try await makeHarness(store, provider: provider)
            provider.register(facebookToken: "fb-kid", .init(userID: "30001", firstName: "Kit", birthday: "05/01/2016", gender: "male"))
            try await harness.run { client in
                let kid = try await client.external("facebook", "fb-kid")
                #expect(kid.status == .created && kid.value("user.dateOfBirth") == nil && kid.value("user.consent") == nil)
                let access = try #require(kid.string("session.accessToken"))
                let profile = try await client.send(.get, "/v1/me/profile", token: access)
                #expect(profile.string("firstName") == "Kit" && profile.value("dateOfBirth") == nil)

                let claims = provider.claims(
                    subject: "g-kid",
                    at: harness.clock.now(),
                    extra: ["given_name": "Ivy", "birthdate": "2016-05-01"]
                )
                let oidc = try await client.external("google", try provider.idToken(claims))
                #expect(oidc.status == .created && oidc.value("user.dateOfBirth") == nil)

                let parent = "parent@example.com"
                _ = try await harness.message(to: parent) {
                    let started = try await client.send(
                        .patch,
                        "/v1/me",
                        json: ["dateOfBirth": "2016-05-01", "parentEmail": parent],
                        token: access
                    )
                    #expect(started.status == .ok && started.string("consent.status") == "pending", "\(started.text)")
                }
                #expect(try await client.send(.get, "/v1/me", token: access).status == .unauthorized)
                let again = try await client.external("facebook", "fb-kid")
                #expect(again.status == .ok && again.string("session.scope") == "openid profile")
            }
        }
    }

    @Test(arguments: TestStore.enabled) func facebookTokensAreCheckedWithTheGraphAPI(store: TestStore) async throws {
        try await serving(try await FakeIdentityProvider.start()) { provider in
            let harness = try await makeHarness(store, provider: provider)
            let expiry = Int(harness.clock.now().timeIntervalSince1970)
            provider.register(facebookToken: "fb-good", .init(userID: "10001", expiresAt: expiry + 3600, name: "Kim", email: "kim@example.com"))
            provider.register(facebookToken: "fb-invalid", .init(userID: "10002", isValid: false))
            provider.register(facebookToken: "fb-other-app", .init(userID: "10003", appID: "someone-else"))
            provider.register(facebookToken: "fb-expired", .init(userID: "10004", expiresAt: expiry - 10))
            try await harness.run { client in
                let created = try await client.external("facebook", "fb-good")
                #expect(created.status == .created)
                #expect(created.string("user.displayName") == "Kim")
                // Facebook does not say it verified the email: it stays on the identity, not the user.
                #expect(created.string("user.email") == nil)
                #expect(((created.value("user.identities") as? [[String: Any]])?.first?["email"] as? String) == "kim@example.com")
                #expect(created.value("user.profileCreated") as? Bool == false)
                #expect(created.string("user.uid")?.hasPrefix("facebook:") == true)
                #expect(try await client.external("facebook", "fb-good").string("user.id") == created.string("user.id"))
                for token in ["fb-invalid", "fb-other-app", "fb-expired", "fb-unknown"] {
                    let refused = try await client.external("facebook", token)
                    #expect(refused.status == .unauthorized, "\(token)")
                    #expect(refused.string("code") == "invalid_provider_token", "\(token)")
                }
            }
        }
    }

    @Test(arguments: TestStore.enabled) func anEmailOfAnotherAccountLinksOnlyWhenAllowedAndVerifiedOnBothSides(store: TestStore) async throws {
        try await withTwoIssuers(store) { harness, provider, other, client in
            let now = harness.clock.now()
            _ = try await client.signUp(["email": "pat@example.com", "password": "correct horse battery"])
            let verified: [String: Any] = ["email": "Pat@example.com", "email_verified": true]
            let collision = try await client.external("google", try provider.idToken(provider.claims(subject: "p1", at: now, extra: verified)))
            #expect(collision.status == .conflict)
            #expect(collision.string("code") == "account_exists")

            let first = try await client.external(
                "google",
                try provider.idToken(provider.claims(subject: "q1", at: now, extra: ["email": "q@example.com", "email_verified": true]))
            )
            #expect(first.status == .created)
            let policyOff = try await client.external(
                "other",
                try other.idToken(other.claims(subject: "q2", at: now, extra: ["email": "q@example.com", "email_verified": "true"]))
            )
            #expect(policyOff.string("code") == "account_exists")
            // An unverified email matches nothing and claims nothing: a separate user without an email.
            let unverified = try await client.external(
                "other",
                try other.idToken(other.claims(subject: "q2", at: now, extra: ["email": "q@example.com"]))
            )
            #expect(unverified.status == .created)
            #expect(unverified.string("user.id") != first.string("user.id"))
            #expect(unverified.string("user.email") == nil)
        }
    }

    @Test(arguments: TestStore.enabled) func withThePolicyOnAVerifiedEmailLinksToTheVerifiedAccount(store: TestStore) async throws {
        try await withTwoIssuers(store, linkingByVerifiedEmail: true) { harness, provider, other, client in
            let now = harness.clock.now()
            _ = try await client.signUp(["email": "pat@example.com", "password": "correct horse battery"])
            let unverifiedAccount = try await client.external(
                "google",
                try provider.idToken(provider.claims(subject: "p1", at: now, extra: ["email": "pat@example.com", "email_verified": true]))
            )
            #expect(unverifiedAccount.string("code") == "account_exists")

            let verified: [String: Any] = ["email": "q@example.com", "email_verified": true]
            let first = try await client.external("google", try provider.idToken(provider.claims(subject: "q1", at: now, extra: verified)))
            let linked = try await client.external("other", try other.idToken(other.claims(subject: "q2", at: now, extra: verified)))
            #expect(linked.status == .ok)
            #expect(linked.string("user.id") == first.string("user.id"))
            #expect((linked.value("user.identities") as? [Any])?.count == 2)
        }
    }

    /// A guest who links a provider keeps its user id and stops being anonymous; a guest linking
    /// another account's identity gets the typed `account_conflict` and stays a guest.
    @Test(arguments: TestStore.enabled) func aGuestLinkingAProviderUpgradesInPlaceOrGetsAConflict(store: TestStore) async throws {
        try await serving(try await FakeIdentityProvider.start()) { provider in
            let harness = try await makeHarness(store, provider: provider) { $0.auth.signInMethods.insert(.anonymous) }
            try await harness.run { client in
                let now = harness.clock.now()
                let owner = try await client.external("google", try provider.idToken(provider.claims(subject: "g1", at: now)))
                let guest = try await client.send(.post, "/v1/auth/anonymous", app: client.clientID)
                let access = try #require(guest.string("session.accessToken"))
                let conflict = try await client.send(
                    .post,
                    "/v1/me/identities",
                    json: ["provider": "google", "token": try provider.idToken(provider.claims(subject: "g1", at: now))],
                    token: access
                )
                #expect(conflict.status == .conflict)
                #expect(conflict.string("code") == "account_conflict")
                #expect(((conflict.value("errors") as? [[String: Any]])?.first?["field"] as? String) == "provider")
                #expect(try await client.send(.get, "/v1/me", token: access).value("isAnonymous") as? Bool == true)
                #expect(
                    try await client.external("google", try provider.idToken(provider.claims(subject: "g1", at: now))).string("user.id")
                        == owner.string("user.id")
                )

                let linked = try await client.send(
                    .post,
                    "/v1/me/identities",
                    json: ["provider": "google", "token": try provider.idToken(provider.claims(subject: "g2", at: now))],
                    token: access
                )
                #expect(linked.status == .ok)
                #expect(linked.string("id") == guest.string("user.id"))
                #expect(linked.value("isAnonymous") as? Bool == false)
            }
        }
    }

    @Test(arguments: TestStore.enabled) func linkAndUnlinkWhileSignedIn(store: TestStore) async throws {
        try await serving(try await FakeIdentityProvider.start()) { provider in
            let harness = try await makeHarness(store, provider: provider)
            try await harness.run { client in
                let now = harness.clock.now()
                // Each use needs its own token: an ID token is accepted once.
                let token = { try provider.idToken(provider.claims(subject: "l1", at: now)) }
                let pat = try await client.signUpUser("pat")
                let linked = try await client.send(.post, "/v1/me/identities", json: ["provider": "google", "token": try token()], token: pat.access)
                #expect(linked.status == .ok)
                let providers = (linked.value("identities") as? [[String: Any]])?.compactMap { $0["provider"] as? String }
                #expect(Set(providers ?? []) == ["password", "google"])
                let again = try await client.send(.post, "/v1/me/identities", json: ["provider": "google", "token": try token()], token: pat.access)
                #expect(again.status == .ok)
                #expect((again.value("identities") as? [Any])?.count == 2)
                #expect(try await client.external("google", try token()).string("user.id") == linked.string("id"))

                let sam = try await client.signUpUser("sam")
                let stolen = try await client.send(.post, "/v1/me/identities", json: ["provider": "google", "token": try token()], token: sam.access)
                #expect(stolen.status == .conflict)
                #expect(stolen.string("code") == "identity_in_use")

                let unlinked = try await client.send(.delete, "/v1/me/identities/google", token: pat.access)
                #expect(unlinked.status == .ok)
                #expect((unlinked.value("identities") as? [Any])?.count == 1)
                #expect(try await client.send(.delete, "/v1/me/identities/google", token: pat.access).status == .notFound)
                let unknown = try await client.send(.delete, "/v1/me/identities/myspace", token: pat.access)
                #expect(unknown.status == .notFound)
                #expect(unknown.string("code") == "unknown_provider")

                let providerOnly = try await client.external("google", try provider.idToken(provider.claims(subject: "l2", at: now)))
                let last = try await client.send(.delete, "/v1/me/identities/google", token: providerOnly.string("session.accessToken"))
                #expect(last.status == .conflict)
                #expect(last.string("code") == "last_identity")
            }
        }
    }

    /// Linking a provider needs a recent sign-in; a provider token of an identity the user holds
    /// re-authenticates (once), a token of anyone else's identity does not.
    @Test(arguments: TestStore.enabled) func linkingNeedsARecentSignInAndAProviderTokenReauthenticates(store: TestStore) async throws {
        try await serving(try await FakeIdentityProvider.start()) { provider in
            let harness = try await makeHarness(store, provider: provider)
            try await harness.run { client in
                let token = { (subject: String) in try provider.idToken(provider.claims(subject: subject, at: harness.clock.now())) }
                let pat = try await client.signUpUser("pat")
                harness.clock.advance(by: 301)
                let late = try await client.send(
                    .post,
                    "/v1/me/identities",
                    json: ["provider": "google", "token": try token("p1")],
                    token: pat.access
                )
                #expect(late.status == .forbidden)
                #expect(late.string("code") == "reauthentication_required")

                let signedIn = try await client.external("google", try token("g1"))
                let access = try #require(signedIn.string("session.accessToken"))
                _ = try await client.external("google", try token("g2"))
                harness.clock.advance(by: 301)
                #expect(try await client.send(.delete, "/v1/me", token: access).string("code") == "reauthentication_required")
                let reauthenticate = { (body: [String: String]) in
                    try await client.send(.post, "/v1/me/reauthenticate", json: body, token: access)
                }
                let someoneElse = try await reauthenticate(["provider": "google", "token": try token("g2")])
                #expect(someoneElse.status == .unauthorized)
                #expect(someoneElse.string("code") == "invalid_provider_token")
                let own = try token("g1")
                #expect(try await reauthenticate(["provider": "google", "token": own]).status == .noContent)
                #expect(try await reauthenticate(["provider": "google", "token": own]).string("code") == "invalid_provider_token")
                #expect(try await client.send(.delete, "/v1/me", token: access).status == .noContent)
            }
        }
    }

    @Test(arguments: TestStore.enabled) func badRequestsAndDisabledUsersGetTypedErrors(store: TestStore) async throws {
        try await serving(try await FakeIdentityProvider.start()) { provider in
            let harness = try await makeHarness(store, provider: provider)
            try await harness.run { client in
                let token = try provider.idToken(provider.claims(subject: "d1", at: harness.clock.now()))
                let unknown = try await client.external("myspace", token)
                #expect(unknown.status == .badRequest)
                #expect(unknown.string("code") == "unknown_provider")
                let extra = try await client.send(
                    .post,
                    "/v1/auth/external",
                    json: ["provider": "google", "token": token, "emailVerified": true],
                    app: client.clientID
                )
                #expect(extra.string("code") == "unknown_field")
                let missing = try await client.send(.post, "/v1/auth/external", json: ["provider": "google"], app: client.clientID)
                #expect(missing.status == .badRequest)

                let created = try await client.external("google", token)
                let id = try #require(created.string("user.id"))
                try await harness.backend.setUserDisabled(true, userID: id, appID: harness.app.id)
                let disabled = try await client.external("google", try provider.idToken(provider.claims(subject: "d1", at: harness.clock.now())))
                #expect(disabled.status == .forbidden)
                #expect(disabled.string("code") == "account_disabled")
            }
        }
    }

    @Test(arguments: TestStore.enabled) func failedExternalSignInsAreThrottledPerIP(store: TestStore) async throws {
        try await serving(try await FakeIdentityProvider.start()) { provider in
            let harness = try await makeHarness(store, provider: provider) { $0.auth.ipFailureLimit = 3 }
            try await harness.run(.live) { client in
                for _ in 0..<3 { #expect(try await client.external("google", "not-a-token").status == .unauthorized) }
                let throttled = try await client.external("google", try provider.idToken(provider.claims(subject: "t1", at: harness.clock.now())))
                #expect(throttled.status == .tooManyRequests)
                #expect(throttled.headers[.retryAfter] != nil)
            }
        }
    }

    @Test func providersCommands() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("latchkey-proc-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let id = try await LatchkeyBinary.createApp("Kuggle", in: ["--data-dir", directory]).id
        let google = try #require(
            try await LatchkeyBinary.json([
                "apps", "providers", "set", id, "--name", "google", "--kind", "oidc", "--issuer", "https://accounts.google.com",
                "--client-id", "web", "--client-id", "ios", "--data-dir", directory,
            ]) as? [String: [String: Any]]
        )
        #expect(google["google"]?["clientIDs"] as? [String] == ["web", "ios"])
        let facebook = try await LatchkeyBinary.run(
            [
                "apps", "providers", "set", id, "--name", "facebook", "--kind", "facebook", "--client-id", "123",
                "--client-secret", "-", "--data-dir", directory,
            ],
            input: "very-secret-value\n"
        )
        #expect(facebook.status == 0, "\(facebook.stderr)")
        let listed = try await LatchkeyBinary.run(["apps", "providers", "list", id, "--json", "--data-dir", directory])
        #expect(listed.status == 0)
        #expect(!listed.stdout.contains("very-secret-value"))
        let providers = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [String: [String: Any]])
        #expect(providers["facebook"]?["hasClientSecret"] as? Bool == true)
        #expect(Set(providers.keys) == ["google", "facebook"])
        #expect(!(try await LatchkeyBinary.run(["apps", "providers", "list", id, "--data-dir", directory]).stdout.contains("very-secret-value")))
        for command in [["apps", "show", id, "--json"], ["apps", "list", "--json"], ["apps", "update", id, "--json"]] {
            #expect(!(try await LatchkeyBinary.run(command + ["--data-dir", directory]).stdout.contains("very-secret-value")), "\(command)")
        }

        let noSecret = try await LatchkeyBinary.run([
            "apps", "providers", "set", id, "--name", "fb2", "--kind", "facebook", "--client-id", "1", "--data-dir", directory,
        ])
        #expect(noSecret.status != 0)
        let removed = try #require(
            try await LatchkeyBinary.json(["apps", "providers", "remove", id, "--name", "google", "--data-dir", directory]) as? [String: Any]
        )
        #expect(Set(removed.keys) == ["facebook"])
        #expect(try await LatchkeyBinary.run(["apps", "providers", "remove", id, "--name", "google", "--data-dir", directory]).status != 0)
    }
}

extension ExternalProviderTests {
    @Test(arguments: TestStore.enabled) func providerRedirectsAreNotFollowed(store: TestStore) async throws {
        try await serving(try await FakeIdentityProvider.start()) { provider in
            let discovery = try await MessageReceiver.start(
                statuses: [.found],
                headers: [.location: provider.issuer + "/.well-known/openid-configuration"]
            )
            let keys = try await MessageReceiver.start(statuses: [.movedPermanently], headers: [.location: provider.issuer + "/jwks"])
            try await serving(discovery) { discovery in
                try await serving(keys) { keys in
                    let harness = try await TestHarness.make(store: store) {
                        $0.signInProviders.providers["corp"] = ProviderSettings(kind: .openIDConnect, issuer: discovery.url, clientIDs: ["client-1"])
                        $0.signInProviders.providers["keys"] = ProviderSettings(
                            kind: .openIDConnect,
                            issuer: provider.issuer,
                            clientIDs: ["client-1"],
                            jwksURL: keys.url + "/jwks"
                        )
                    }
                    try await harness.run { client in
                        let now = harness.clock.now()
                        // Followed, each redirect would lead to the provider's real discovery document or keys.
                        let viaDiscovery = try provider.idToken(provider.claims(subject: "c-1", at: now, extra: ["iss": discovery.url]))
                        let discovered = try await client.external("corp", viaDiscovery)
                        #expect(discovered.status == .serviceUnavailable)
                        #expect(discovered.string("code") == "service_unavailable")
                        let viaKeys = try await client.external("keys", try provider.idToken(provider.claims(subject: "c-2", at: now)))
                        #expect(viaKeys.status == .serviceUnavailable)
                        #expect(!discovery.requests.isEmpty)
                        #expect(!keys.requests.isEmpty)
                    }
                }
            }
        }
    }

    @Test func providerSecretsAreNeverTakenFromTheCommandLine() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("latchkey-proc-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let id = try await LatchkeyBinary.createApp("Kuggle", in: ["--data-dir", directory]).id
        func setFacebook(_ secret: String, input: String = "", environment: [String: String] = [:]) async throws -> (status: Int32, stderr: String) {
            let result = try await LatchkeyBinary.run(
                [
                    "apps", "providers", "set", id, "--name", "facebook", "--kind", "facebook", "--client-id", "123",
                    "--client-secret", secret, "--data-dir", directory,
                ],
                input: input,
                environment: environment
            )
            return (result.status, result.stderr)
        }
        let plain = try await setFacebook("very-secret-value")
        #expect(plain.status != 0)
        #expect(plain.stderr.contains("does not take the secret itself"))
        #expect(try await setFacebook("-", input: "from-stdin\n").status == 0)
        let file = directory + "-secret"
        try Data("from-a-file\n".utf8).write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        #expect(try await setFacebook("@" + file).status == 0)
        #expect(try await setFacebook("env:FB_SECRET", environment: ["FB_SECRET": "from-the-environment"]).status == 0)
        #expect(try await setFacebook("env:NOT_SET_ANYWHERE").status != 0)
        #expect(try await setFacebook("-", input: "").status != 0)
        let shown = try await LatchkeyBinary.run(["apps", "show", id, "--json", "--data-dir", directory]).stdout
        #expect(!shown.contains("from-the-environment"))
    }

    @Test func configuredURLsMustBeHTTPSExceptLoopback() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("latchkey-proc-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let id = try await LatchkeyBinary.createApp("Kuggle", in: ["--data-dir", directory]).id
        func oidc(_ extra: [String]) async throws -> (status: Int32, stderr: String) {
            let result = try await LatchkeyBinary.run(
                ["apps", "providers", "set", id, "--name", "corp", "--kind", "oidc", "--client-id", "web", "--data-dir", directory] + extra
            )
            return (result.status, result.stderr)
        }
        for refused in [
            ["--issuer", "http://accounts.example.com"], ["--issuer", "ftp://accounts.example.com"], ["--issuer", "accounts.example.com"],
            ["--issuer", "https://accounts.example.com", "--jwks-url", "http://keys.example.com/jwks"],
            ["--issuer", "http://127.0.0.1.nip.io"], ["--issuer", "http://localhost.example.com"],
        ] {
            let result = try await oidc(refused)
            #expect(result.status != 0, "\(refused)")
            #expect(result.stderr.contains("must use https") || result.stderr.contains("absolute https URL"), "\(refused): \(result.stderr)")
        }
        for accepted in [
            ["--issuer", "https://accounts.example.com"], ["--issuer", "http://127.0.0.1:9999"], ["--issuer", "http://localhost:8080/"],
            ["--issuer", "http://[::1]:8080"], ["--issuer", "https://a.example", "--jwks-url", "http://127.8.9.10/jwks"],
        ] {
            #expect(try await oidc(accepted).status == 0, "\(accepted)")
        }
        let facebook = try await LatchkeyBinary.run(
            [
                "apps", "providers", "set", id, "--name", "facebook", "--kind", "facebook", "--client-id", "1", "--client-secret", "env:S",
                "--graph-url", "http://graph.example.com", "--data-dir", directory,
            ],
            environment: ["S": "secret"]
        )
        #expect(facebook.status != 0)
        #expect(facebook.stderr.contains("Graph API URL must use https"))
        let action = try await LatchkeyBinary.run(["apps", "update", id, "--email-action-url", "http://app.example/action", "--data-dir", directory])
        #expect(action.status != 0)
        #expect(action.stderr.contains("email action URL must use https"))
        #expect(
            try await LatchkeyBinary.run(["apps", "update", id, "--email-action-url", "https://app.example/action", "--data-dir", directory]).status
                == 0
        )
        let webhook = try await LatchkeyBinary.run(
            ["serve", "--data-dir", directory, "--port", "0", "--email-sender", "webhook", "--webhook-url", "http://hooks.example.com/in"],
            environment: ["LATCHKEY_WEBHOOK_SECRET": "whsec"]
        )
        #expect(webhook.status != 0)
        #expect((webhook.stdout + webhook.stderr).contains("webhook URL must use https"))
    }
}

extension Client {
    /// `POST /v1/auth/external` for this client's app.
    func external(_ provider: String, _ token: String, nonce: String? = nil) async throws -> TestResponse {
        var body = ["provider": provider, "token": token]
        body["nonce"] = nonce
        return try await send(.post, "/v1/auth/external", json: body, app: clientID)
    }
}
