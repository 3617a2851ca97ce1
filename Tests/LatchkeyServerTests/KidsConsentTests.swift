import Foundation
import HTTPTypes
import LatchkeyTestSupport
import Testing

@testable import LatchkeyServer

/// Children's accounts and parental consent (KWS): the consent age by country, the pending
/// account's restricted scope, the parent's signed links and pages, the locked fields, the
/// throttles and the purge. The harness's clock stands at 2027-01-15.
@Suite struct KidsConsentTests {
    static let parent = "parent@example.com"
    /// Ten years old on the harness's clock.
    static let childBirth = "2016-05-01"

    /// Consent ages: the built-in table by country, the app's `consentAge` elsewhere, and the
    /// app's own value for a country over the table.
    @Test func consentAgesFollowTheCountryTableAndTheAppsOverride() throws {
        let today = Date(timeIntervalSince1970: 1_800_000_000)
        var settings = AppSettings()
        #expect(ConsentAge.age(country: "de", settings: settings) == 16)
        #expect(ConsentAge.age(country: "FR", settings: settings) == 15)
        #expect(ConsentAge.age(country: "ES", settings: settings) == 14)
        #expect(ConsentAge.age(country: "KR", settings: settings) == 14)
        #expect(ConsentAge.age(country: "US", settings: settings) == 13)
        #expect(ConsentAge.age(country: "JP", settings: settings) == 13)
        #expect(ConsentAge.age(country: nil, settings: settings) == 13)
        #expect(ConsentAge.needsConsent(dateOfBirth: "2012-03-01", country: "DE", settings: settings, today: today))
        #expect(!ConsentAge.needsConsent(dateOfBirth: "2012-03-01", country: "GB", settings: settings, today: today))
        // Thirteen on the day: no consent needed; thirteen tomorrow: needed.
        #expect(!ConsentAge.needsConsent(dateOfBirth: "2014-01-15", country: "US", settings: settings, today: today))
        #expect(ConsentAge.needsConsent(dateOfBirth: "2014-01-16", country: "US", settings: settings, today: today))
        #expect(!ConsentAge.needsConsent(dateOfBirth: nil, country: "DE", settings: settings, today: today))
        settings.kids.consentAgeByCountry = ["DE": 14]
        settings.kids.consentAge = 16
        #expect(!ConsentAge.needsConsent(dateOfBirth: "2012-03-01", country: "DE", settings: settings, today: today))
        #expect(ConsentAge.age(country: "JP", settings: settings) == 16)
        #expect(throws: InvalidAppSetting.self) { try AppSettings().applying(["--consent-age-by-country", "XX=14"]) }
        #expect(throws: InvalidAppSetting.self) { try AppSettings().applying(["--consent-age-by-country", "DE=30"]) }
        #expect(
            try AppSettings().applying(["--consent-age-by-country", "de=14", "--consent-age-by-country", "FR=13"]).kids.consentAgeByCountry == [
                "DE": 14, "FR": 13,
            ]
        )
    }

    /// A sign-up under its country's consent age without `parentEmail` is refused with a field
    /// error; the app's override moves the line.
    @Test(arguments: TestStore.enabled) func aChildsSignUpNeedsAParentEmail(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let teen = ["username": "teende", "password": "correct horse battery", "dateOfBirth": "2012-03-01", "country": "DE"]
            let refused = try await client.signUp(teen)
            #expect(refused.status == .unprocessableContent)
            #expect(refused.fieldCodes == ["parent_email_required"])
            #expect((refused.value("errors") as? [[String: Any]])?.first?["field"] as? String == "parentEmail")
            // The parent's address cannot be the child's own, not even a `+tag` alias of it.
            for (email, parent) in [("kid@example.com", "KID@example.com"), ("kid+game@example.com", "kid+mum@example.com")] {
                var own = teen
                own["email"] = email
                own["parentEmail"] = parent
                let selfConsent = try await client.signUp(own)
                #expect(selfConsent.status == .unprocessableContent && selfConsent.fieldCodes == ["invalid_parent_email"], "\(selfConsent.text)")
            }
            var british = teen
            british["country"] = "GB"
            british["username"] = "teengb"
            let adult = try await client.signUp(british)
            #expect(adult.status == .created)
            #expect(adult.value("user.consent") == nil)
            #expect(adult.string("session.scope") == "openid profile public")

            var app = harness.app
            app.settings.kids.consentAgeByCountry = ["DE": 14]
            try await harness.backend.apps.update(app)
            harness.clock.advance(by: 10)  // let the app cache expire
            #expect(try await client.signUp(teen).status == .created)
        }
    }

    /// A pending child signs in with tokens without `public`, on sign-up, sign-in, refresh and
    /// the OAuth token endpoint (and its introspection); `GET /v1/me` shows the consent.
    @Test(arguments: TestStore.enabled) func aPendingChildGetsRestrictedTokens(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let signUp = try await Self.signUpChild("kidpending", client: client)
            #expect(signUp.string("user.consent.status") == "pending")
            #expect(signUp.string("session.scope") == "openid profile")
            let access = try #require(signUp.string("session.accessToken"))
            #expect(try Self.scope(of: access) == "openid profile")

            let me = try await client.send(.get, "/v1/me", token: access)
            #expect(me.status == .ok)
            #expect(me.string("consent.status") == "pending")
            #expect(me.string("consent.requestedAt") != nil)

            let signIn = try await client.signIn("kidpending")
            #expect(signIn.string("session.scope") == "openid profile")
            let refreshed = try await client.refresh(try #require(signIn.string("session.refreshToken")))
            #expect(refreshed.string("session.scope") == "openid profile")
            #expect(try Self.scope(of: try #require(refreshed.string("session.accessToken"))) == "openid profile")

            let oauth = try await client.send(
                .post,
                "/oauth/token",
                form: [
                    "grant_type": "refresh_token", "refresh_token": try #require(refreshed.string("session.refreshToken")),
                    "client_id": client.clientID,
                ]
            )
            #expect(oauth.status == .ok)
            #expect(oauth.string("scope") == "openid profile")
            #expect(try Self.scope(of: try #require(oauth.string("access_token"))) == "openid profile")
            let introspection = try await client.send(
                .post,
                "/oauth/introspect",
                form: ["token": try #require(oauth.string("refresh_token")), "client_id": client.clientID, "client_secret": harness.clientSecret]
            )
            #expect(introspection.string("scope") == "openid profile")
        }
    }

    /// A child cannot change the date of birth or the parent email (`PATCH /v1/me`); the same
    /// value is no change, and other fields change as usual.
    @Test(arguments: TestStore.enabled) func aChildCannotChangeTheDateOfBirthOrParentEmail(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let access = try #require(try await Self.signUpChild("kidlocked", client: client).string("session.accessToken"))
            let dateOfBirth = try await client.send(.patch, "/v1/me", json: ["dateOfBirth": "2000-01-01"], token: access)
            #expect(dateOfBirth.status == .unprocessableContent)
            #expect(dateOfBirth.fieldCodes == ["field_locked"])
            let both = try await client.send(
                .patch,
                "/v1/me",
                json: ["dateOfBirth": NSNull(), "parentEmail": "other@example.com"],
                token: access
            )
            #expect(both.status == .unprocessableContent)
            #expect(Set(both.fieldCodes) == ["field_locked"] && both.fieldCodes.count == 2)
            let same = try await client.send(
                .patch,
                "/v1/me",
                json: ["dateOfBirth": Self.childBirth, "parentEmail": Self.parent, "country": "FR"],
                token: access
            )
            #expect(same.status == .ok)
            #expect(same.string("country") == "FR")
            #expect(same.string("dateOfBirth") == Self.childBirth)
            #expect(same.string("parentEmail") == Self.parent)
        }
    }

    /// An account signed up without a date of birth that later gives a child's (`PATCH /v1/me`)
    /// goes under consent as a child's sign-up does: without a parent email `422
    /// parent_email_required` and nothing changes; with one the consent is pending, the parent is
    /// asked, every session ends and the next sign-in is restricted; the date is then locked.
    @Test(arguments: TestStore.enabled) func aChildsDateOfBirthGivenLaterNeedsConsent(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let (access, refresh) = try await client.signUpUser("latekid")
            let refused = try await client.send(.patch, "/v1/me", json: ["dateOfBirth": Self.childBirth, "country": "US"], token: access)
            #expect(refused.status == .unprocessableContent && refused.fieldCodes == ["parent_email_required"], "\(refused.text)")
            let unchanged = try await client.send(.get, "/v1/me", token: access)
            #expect(unchanged.value("dateOfBirth") == nil && unchanged.value("country") == nil && unchanged.value("consent") == nil)

            _ = try await harness.message(to: Self.parent) {
                let started = try await client.send(
                    .patch,
                    "/v1/me",
                    json: ["dateOfBirth": Self.childBirth, "country": "US", "parentEmail": Self.parent],
                    token: access
                )
                #expect(started.status == .ok, "\(started.text)")
                #expect(started.string("consent.status") == "pending" && started.string("dateOfBirth") == Self.childBirth)
            }
            // The account's sessions ended: its tokens no longer carry `public` anywhere.
            #expect(try await client.send(.get, "/v1/me", token: access).status == .unauthorized)
            #expect(try await client.refresh(refresh).status == .unauthorized)
            let signIn = try await client.signIn("latekid")
            #expect(signIn.string("session.scope") == "openid profile")
            let restricted = try #require(signIn.string("session.accessToken"))
            #expect(try Self.scope(of: restricted) == "openid profile")
            let locked = try await client.send(.patch, "/v1/me", json: ["dateOfBirth": "2000-01-01"], token: restricted)
            #expect(locked.status == .unprocessableContent && locked.fieldCodes == ["field_locked"])

            // The parent grants as for a child's sign-up.
            try await Self.parentActs("grant", on: "latekid", harness: harness, client: client)
            #expect(try await client.signIn("latekid").string("session.scope") == "openid profile public")
        }
    }

    /// The profile's date of birth (`PUT /v1/me/profile`) follows the same rule, with the parent
    /// email stored on the account; a country with a higher consent age makes a stored date of
    /// birth a child's too; an adult's date of birth changes nothing else.
    @Test(arguments: TestStore.enabled) func aChildsDateOfBirthThroughTheProfileNeedsConsent(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let (access, _) = try await client.signUpUser("profilekid")
            let profile = ["firstName": "Robin", "dateOfBirth": Self.childBirth, "gender": "other"]
            let refused = try await client.send(.put, "/v1/me/profile", json: profile, token: access)
            #expect(refused.status == .unprocessableContent && refused.fieldCodes == ["parent_email_required"], "\(refused.text)")
            let untouched = try await client.send(.get, "/v1/me/profile", token: access)
            #expect(untouched.value("dateOfBirth") == nil && untouched.value("firstName") == nil)

            let parentSet = try await client.send(.patch, "/v1/me", json: ["parentEmail": Self.parent], token: access)
            #expect(parentSet.status == .ok && parentSet.value("consent") == nil)
            _ = try await harness.message(to: Self.parent) {
                let saved = try await client.send(.put, "/v1/me/profile", json: profile, token: access)
                #expect(saved.status == .ok && saved.string("dateOfBirth") == Self.childBirth, "\(saved.text)")
            }
            #expect(try await client.send(.get, "/v1/me", token: access).status == .unauthorized)
            let signIn = try await client.signIn("profilekid")
            #expect(signIn.string("session.scope") == "openid profile")
            #expect(signIn.string("user.consent.status") == "pending")

            // An adult's date of birth works as before; a country whose consent age is higher
            // makes a fifteen-year-old a child, which needs a parent email.
            let (adult, adultRefresh) = try await client.signUpUser("grownup")
            let grown = try await client.send(.patch, "/v1/me", json: ["dateOfBirth": "1990-01-01", "country": "US"], token: adult)
            #expect(grown.status == .ok && grown.value("consent") == nil)
            let teen = try await client.send(.patch, "/v1/me", json: ["dateOfBirth": "2011-06-01"], token: adult)
            #expect(teen.status == .ok && teen.value("consent") == nil)
            let german = try await client.send(.patch, "/v1/me", json: ["country": "DE"], token: adult)
            #expect(german.status == .unprocessableContent && german.fieldCodes == ["parent_email_required"])
            let refreshed = try await client.refresh(adultRefresh)
            #expect(refreshed.string("session.scope") == "openid profile public")
            #expect(refreshed.string("user.country") == "US")
        }
    }

    /// Consent emails count per child (the sign-up's and each resend) and per parent address;
    /// past either daily limit the answer is `429`. A decided consent cannot be re-requested.
    @Test(arguments: TestStore.enabled) func parentEmailsAreThrottledPerChildAndPerParent(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store) { settings in
            settings.kids.consentRequestLimit = 3
            settings.kids.parentEmailLimit = 4
        }
        try await harness.run { client in
            let access = try #require(try await Self.signUpChild("kidthrottle", client: client).string("session.accessToken"))
            #expect(try await client.send(.post, "/v1/me/consent/request", token: access).status == .accepted)
            #expect(try await client.send(.post, "/v1/me/consent/request", token: access).status == .accepted)
            let limited = try await client.send(.post, "/v1/me/consent/request", token: access)
            #expect(limited.status == .tooManyRequests)
            #expect(limited.headers[.retryAfter] != nil)

            // The parent's address has had three emails; one more child is its fourth and last.
            #expect(try await Self.signUpChild("kidsibling", client: client).status == .created)
            let another = try await Self.signUpChild("kidthird", client: client)
            #expect(another.status == .tooManyRequests)
            // Deleting a child leaves the parent's count: else signing up and deleting children
            // would send the parent's inbox any number of emails.
            let sibling = try #require(try await client.signIn("kidsibling").string("session.accessToken"))
            #expect(try await client.send(.delete, "/v1/me", token: sibling).status == .noContent)
            #expect(try await Self.signUpChild("kidfourth", client: client).status == .tooManyRequests)
            #expect(
                try await client.send(.post, "/v1/consent/links", json: ["parentEmail": Self.parent], app: client.clientID).status == .tooManyRequests
            )

            harness.clock.advance(by: 86_401)
            let child = try #require(try await client.signIn("kidthrottle").string("session.accessToken"))
            #expect(try await client.send(.post, "/v1/me/consent/request", token: child).status == .accepted)
            try await Self.parentActs("grant", on: "kidthrottle", harness: harness, client: client)
            let decided = try await client.send(.post, "/v1/me/consent/request", token: child)
            #expect(decided.status == .conflict)
            #expect(decided.string("code") == "consent_not_pending")
        }
    }

    /// Twenty parallel child sign-ups naming one parent: exactly the parent's daily limit of them
    /// get in, the others `429` — the email is counted inside each sign-up's transaction, not
    /// only checked before it (which let every parallel sign-up through).
    @Test(arguments: TestStore.enabled) func parallelSignUpsNamingOneParentStayWithinItsLimit(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store) { settings in
            settings.kids.parentEmailLimit = 3
            settings.auth.ipSignUpLimit = 1_000
        }
        try await harness.run { client in
            let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for index in 0..<20 { group.addTask { try await Self.signUpChild("kidburst\(index)", client: client).status } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == .created }.count == 3, "\(statuses)")
            #expect(statuses.filter { $0 == .tooManyRequests }.count == 17, "\(statuses)")
        }
    }

    /// In an app that hides taken emails, a child's email sign-up starts pending whether the
    /// address is taken or free, and the parent is asked only once the address is verified —
    /// which a taken one never is — so the parent's inbox tells nothing about the address.
    @Test(arguments: TestStore.enabled) func aChildsEmailSignUpAsksTheParentOnceTheAddressIsVerified(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            _ = try await client.signUp(["username": "owner", "email": "taken@example.com", "password": "correct horse battery"])
            for (email, parent) in [("taken@example.com", "parent-a@example.com"), ("free@example.com", "parent-b@example.com")] {
                let signUp = try await client.signUp([
                    "username": "kid" + parent.prefix(8).filter(\.isLetter), "email": email, "password": "correct horse battery",
                    "dateOfBirth": Self.childBirth, "country": "US", "parentEmail": parent,
                ])
                #expect(signUp.status == .created)
                #expect(signUp.string("user.consent.status") == "pending")
                #expect(signUp.value("session") == nil)
            }
            let verification = try await harness.latestLinkToken(to: "free@example.com")
            let request = try await harness.message(to: "parent-b@example.com") {
                let verified = try await client.send(.post, "/v1/auth/email/verify", json: ["token": verification])
                #expect(verified.status == .noContent)
            }
            let page = try await client.send(.get, "/v1/consent?token=\(try TestHarness.linkToken(in: request))")
            #expect(page.status == .ok)
            #expect(page.text.contains(#"value="grant""#))
            #expect(try await harness.backend.outbox.list(recipient: "parent-a@example.com", limit: 1).isEmpty)
        }
    }

    /// The consent request follows the sign-up's language (en, zh-Hans, ja).
    @Test(arguments: TestStore.enabled) func theConsentEmailIsLocalized(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            for (language, username, subject) in [
                ("en", "kiden", "kiden asks for your consent to use Test App"),
                ("zh-CN", "kidzh", "kidzh 请求您同意其使用 Test App"),
                ("ja", "kidja", "kidja さんが Test App の利用への同意を求めています"),
            ] {
                let parent = "\(username)-parent@example.com"
                let message = try await harness.message(to: parent) {
                    _ = try await Self.signUpChild(username, parent: parent, client: client, headers: [.acceptLanguage: language])
                }
                #expect(message.subject == subject)
                #expect(message.body.contains("http://latchkey.test/v1/consent?token=lkc_"))
            }
        }
    }

    /// The pages: opening a link changes nothing and shows the child with a button per action,
    /// without script, in the app's brand; a used, unknown or missing token gets the expired
    /// page, in the hosted pages' own look; a manage link shows the child's export.
    @Test(arguments: TestStore.enabled) func theParentsPagesActOnlyThroughLiveLinks(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store) { settings in
            settings.brand.accentColor = "#0b7285"
            settings.brand.backgroundColor = "#0b1f3a"
            settings.brand.appearance = .light
            settings.brand.logoURL = "https://cdn.example/logo.png"
        }
        let brand = #"<link rel="stylesheet" href="/assets/brand-0b7285-0b1f3a-light.css">"#
        try await harness.run { client in
            _ = try await Self.signUpChild("kidpages", client: client, headers: [.acceptLanguage: "ja"])
            let token = try await harness.latestLinkToken(to: Self.parent)
            for _ in 0..<2 {
                let page = try await client.send(.get, "/v1/consent?token=\(token)", headers: [.acceptLanguage: "ja"])
                #expect(page.status == .ok)
                #expect(page.headers[.contentType] == "text/html; charset=utf-8")
                #expect(page.headers[.contentSecurityPolicy]?.contains("default-src 'none'") == true)
                #expect(!page.text.contains("<script"))
                #expect(page.text.contains("kidpages"))
                #expect(page.text.contains("同意する") && page.text.contains("同意しない"))
                #expect(page.text.contains(#"value="grant""#) && page.text.contains(#"value="deny""#) && !page.text.contains(#"value="revoke""#))
                #expect(page.text.contains(brand) && page.text.contains(#"<img class="logo" src="https://cdn.example/logo.png" alt="Test App">"#))
            }
            let unknown = try await client.send(.get, "/v1/consent?token=lkc_unknown")
            #expect(unknown.text.contains("/assets/brand-") && !unknown.text.contains(brand) && !unknown.text.contains("Test App"))
            #expect(try await client.send(.get, "/v1/consent?token=lkc_unknown").status == .badRequest)
            #expect(try await client.send(.get, "/v1/consent").status == .badRequest)
            // Only the page's own form acts: without its token nothing happens.
            let form = try PageForm(of: try await client.send(.get, "/v1/consent?token=\(token)"))
            #expect(try await client.send(.post, "/v1/consent", form: ["token": token, "action": "deny"]).status == .forbidden)
            // A link cannot do what it is not for: a request link does not revoke.
            #expect(try await client.submit(["token": token, "action": "revoke"], to: "/v1/consent", with: form).status == .badRequest)
            let denied = try await client.submit(["token": token, "action": "deny"], to: "/v1/consent", with: form)
            #expect(denied.status == .ok)
            #expect(denied.text.contains("Consent refused") && denied.text.contains(brand))
            #expect(denied.text.contains(#"value="newLink""#))
            #expect(try await client.submit(["token": token, "action": "grant"], to: "/v1/consent", with: form).status == .badRequest)
            let spent = try await client.send(.get, "/v1/consent?token=\(token)")
            #expect(spent.status == .badRequest)
            #expect(spent.text.contains(#"value="newLink""#))
            #expect(try await client.send(.get, "/v1/consent?token=lkc_unknown").text.contains("newLink") == false)
            #expect(try await client.submit(["token": "lkc_unknown", "action": "newLink"], to: "/v1/consent", with: form).status == .badRequest)

            // The spent link's page sends a fresh manage link to the parent.
            let renewed = try await harness.message(to: Self.parent) {
                let page = try await client.submit(["token": token, "action": "newLink"], to: "/v1/consent", from: "/v1/consent?token=\(token)")
                #expect(page.status == .ok)
                #expect(page.text.contains("Check your email"))
            }
            let fresh = try TestHarness.linkToken(in: renewed)
            #expect(try await client.send(.get, "/v1/consent?token=\(fresh)").text.contains(#"value="delete""#))

            let access = try #require(try await client.signIn("kidpages").string("session.accessToken"))
            #expect(try await client.send(.get, "/v1/me", token: access).string("consent.status") == "denied")
            let manage = try await Self.manageLink(harness: harness, client: client)
            let review = try await client.send(.get, "/v1/consent?token=\(manage)")
            #expect(review.status == .ok)
            #expect(review.text.contains("&quot;username&quot; : &quot;kidpages&quot;"))
            #expect(review.text.contains("&quot;action&quot; : &quot;denied&quot;"))
            #expect(review.text.contains(#"value="grant""#) && review.text.contains(#"value="delete""#))
        }
    }

    /// Children whose parent did not grant within `pendingConsentDays` (pending or denied) are
    /// deleted whole by the janitor; granted children and adults stay.
    @Test(arguments: TestStore.enabled) func accountsWithoutConsentArePurgedAfterTheAppsDays(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store) { $0.kids.pendingConsentDays = 10 }
        try await harness.run { client in
            _ = try await Self.signUpChild("kidwaits", client: client)
            _ = try await Self.signUpChild("kidgranted", parent: "other-parent@example.com", client: client)
            try await Self.parentActs("grant", on: "kidgranted", parent: "other-parent@example.com", harness: harness, client: client)
            _ = try await client.signUpUser("grownup")

            harness.clock.advance(by: 9 * 86_400)
            #expect(try await harness.backend.janitor.sweep()["pendingConsent"] == nil)
            harness.clock.advance(by: 86_401)
            #expect(try await harness.backend.janitor.sweep()["pendingConsent"] == 1)
            #expect(try await client.signIn("kidwaits").status == .unauthorized)
            #expect(try await client.signIn("kidgranted").status == .ok)
            #expect(try await client.signIn("grownup").status == .ok)
        }
    }

    /// Every consent state has its purge rule and its own words on the parent's page: a pending
    /// or denied child goes `pendingConsentDays` after the request, a revoked one that long after
    /// the revocation, a granted one never; only a child without consent is "restricted until you
    /// agree".
    @Test(arguments: TestStore.enabled) func everyConsentStateHasItsPurgeRuleAndItsOwnText(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store) { $0.kids.pendingConsentDays = 10 }
        try await harness.run { client in
            _ = try await Self.signUpChild("kidrevoked", client: client)
            let requestLink = try await harness.latestLinkToken(to: Self.parent)
            let request = try await client.send(.get, "/v1/consent?token=\(requestLink)")
            #expect(request.text.contains("Until you agree, the account is restricted"))
            try await Self.parentActs("grant", on: "kidrevoked", harness: harness, client: client)
            _ = try await Self.signUpChild("kidgranted", parent: "other-parent@example.com", client: client)
            try await Self.parentActs("grant", on: "kidgranted", parent: "other-parent@example.com", harness: harness, client: client)

            harness.clock.advance(by: 5 * 86_400)
            let manage = try await Self.manageLink(harness: harness, client: client)
            let granted = try await client.send(.get, "/v1/consent?token=\(manage)")
            #expect(granted.status == .ok && granted.text.contains("You agreed") && !granted.text.contains("Until you agree"), "\(granted.text)")
            #expect(try await client.submit(["token": manage, "action": "revoke"], to: "/v1/consent", with: try PageForm(of: granted)).status == .ok)
            let again = try await Self.manageLink(harness: harness, client: client)
            let revoked = try await client.send(.get, "/v1/consent?token=\(again)")
            #expect(revoked.text.contains("You withdrew your consent") && !revoked.text.contains("Until you agree"), "\(revoked.text)")

            // Revoked on day 5: purged on day 15, not at the request's day 10.
            harness.clock.advance(by: 9 * 86_400)
            #expect(try await harness.backend.janitor.sweep()["pendingConsent"] == nil)
            harness.clock.advance(by: 86_401)
            #expect(try await harness.backend.janitor.sweep()["pendingConsent"] == 1)
            #expect(try await client.signIn("kidrevoked").status == .unauthorized)
            #expect(try await client.signIn("kidgranted").status == .ok)
        }
    }

    /// THE cycle: sign-up → pending (restricted token) → the parent grants on the page → the next
    /// refresh has the full scope → the parent revokes → the child's sessions end and the account
    /// is restricted again → the parent deletes on the page → nothing of the child is left in any
    /// table (the change log names the id until the janitor sweeps it, as for every deletion).
    @Test(arguments: TestStore.enabled) func aKidsFullConsentCycle(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let signUp = try await Self.signUpChild("kidcycle", client: client)
            #expect(signUp.status == .created)
            let userID = try #require(signUp.string("user.id"))
            #expect(signUp.string("user.consent.status") == "pending")
            #expect(try Self.scope(of: try #require(signUp.string("session.accessToken"))) == "openid profile")
            let refreshToken = try #require(signUp.string("session.refreshToken"))

            // The parent opens the request link and grants.
            let request = try await harness.latestLinkToken(to: Self.parent)
            let granted = try await client.submit(["token": request, "action": "grant"], to: "/v1/consent", from: "/v1/consent?token=\(request)")
            #expect(granted.status == .ok)
            #expect(granted.text.contains("Consent given"))

            let full = try await client.refresh(refreshToken)
            #expect(full.status == .ok)
            #expect(full.string("session.scope") == "openid profile public")
            let fullAccess = try #require(full.string("session.accessToken"))
            #expect(try Self.scope(of: fullAccess) == "openid profile public")
            let me = try await client.send(.get, "/v1/me", token: fullAccess)
            #expect(me.string("consent.status") == "granted")
            #expect(me.string("consent.decidedAt") != nil)

            // The parent asks for a manage link, reviews and revokes.
            let manage = try await Self.manageLink(harness: harness, client: client)
            let review = try await client.send(.get, "/v1/consent?token=\(manage)")
            #expect(review.text.contains("&quot;action&quot; : &quot;granted&quot;"))
            #expect(review.text.contains(#"value="revoke""#))
            #expect(try await client.submit(["token": manage, "action": "revoke"], to: "/v1/consent", with: try PageForm(of: review)).status == .ok)
            #expect(try await client.send(.get, "/v1/me", token: fullAccess).status == .unauthorized)
            #expect(try await client.refresh(try #require(full.string("session.refreshToken"))).status == .unauthorized)
            let again = try await client.signIn("kidcycle")
            #expect(again.status == .ok)
            #expect(again.string("session.scope") == "openid profile")
            let restricted = try #require(again.string("session.accessToken"))
            #expect(try await client.send(.get, "/v1/me", token: restricted).string("consent.status") == "revoked")
            let export = try await client.send(.get, "/v1/me/export", token: restricted)
            let actions = (export.value("consent.records") as? [[String: Any]])?.compactMap { $0["action"] as? String }
            #expect(actions == ["requested", "granted", "revoked"])
            #expect(
                (export.value("consent.records") as? [[String: Any]])?.allSatisfy {
                    $0["method"] as? String != nil && $0["parentEmail"] as? String == Self.parent
                } == true
            )

            // The parent deletes the account through a fresh link.
            let delete = try await Self.manageLink(harness: harness, client: client)
            let deleted = try await client.submit(["token": delete, "action": "delete"], to: "/v1/consent", from: "/v1/consent?token=\(delete)")
            #expect(deleted.status == .ok)
            #expect(deleted.text.contains("Account deleted"))
            #expect(try await client.send(.get, "/v1/me", token: restricted).status == .unauthorized)
            #expect(try await client.signIn("kidcycle").status == .unauthorized)

            let needles = [userID, "kidcycle", Self.parent, Digest.sha256Hex(userID), Digest.sha256Hex(Self.parent)]
            let found = try await DeletionTests.rows(containing: needles, store: store, driver: harness.backend.driver)
            // Left: the change feed's subject, and the parent address's consent-email counter,
            // which is the parent's (shared by their children) and swept by the janitor once stale.
            let parentCounter = ParentConsent.parentKey(Self.parent, appID: harness.app.id)
            let left = found.filter {
                !($0.table == "change_events" && $0.column == "subject" && $0.value == userID)
                    && !($0.table == "throttles" && $0.value == parentCounter)
            }
            #expect(left.isEmpty, "\(left)")
        }
    }

    /// The parent's grant, the parent's request for manage links and the child's request for a
    /// new link, racing the child's own deletion, each either happen or find the child gone —
    /// never a `500`: on PostgreSQL each locks the child's row first, as the deletion does before
    /// the links and consent rows it cascades to (no deadlock, no failed foreign key).
    @Test(arguments: TestStore.enabled) func consentActionsRacingTheChildsDeletionNeverFail(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store) { settings in
            settings.auth.ipSignUpLimit = 1_000
            settings.delivery.ipSendLimit = 1_000
            settings.delivery.recipientSendLimit = 1_000
            settings.kids.parentEmailLimit = 1_000
            settings.kids.consentRequestLimit = 1_000
        }
        try await harness.run { client in
            for round in 0..<10 {
                let parent = "parent\(round)@example.com"
                let signUp = try await Self.signUpChild("kidrace\(round)", parent: parent, client: client)
                let access = try #require(signUp.string("session.accessToken"))
                let token = try await harness.latestLinkToken(to: parent)
                let form = try PageForm(of: try await client.send(.get, "/v1/consent?token=\(token)"))
                let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                    group.addTask { try await client.send(.delete, "/v1/me", token: access).status }
                    group.addTask { try await client.submit(["token": token, "action": "grant"], to: "/v1/consent", with: form).status }
                    group.addTask {
                        try await client.send(.post, "/v1/consent/links", json: ["parentEmail": parent], app: client.clientID).status
                    }
                    group.addTask { try await client.send(.post, "/v1/me/consent/request", token: access).status }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
                #expect(!statuses.contains { $0.code >= 500 }, "round \(round): \(statuses)")
            }
        }
    }

    // MARK: Helpers

    /// Signs up a ten-year-old with `parent`'s email.
    static func signUpChild(
        _ username: String,
        parent: String = parent,
        client: Client,
        headers: HTTPFields = [:]
    ) async throws -> TestResponse {
        try await client.send(
            .post,
            "/v1/auth/signup",
            json: ["username": username, "password": "correct horse battery", "dateOfBirth": childBirth, "country": "US", "parentEmail": parent],
            app: client.clientID,
            headers: headers
        )
    }

    /// The parent opens the newest link sent to them for `child` and takes `action`.
    static func parentActs(
        _ action: String,
        on child: String,
        parent: String = parent,
        harness: TestHarness,
        client: Client
    ) async throws {
        let token = try await harness.latestLinkToken(to: parent)
        let done = try await client.submit(["token": token, "action": action], to: "/v1/consent", from: "/v1/consent?token=\(token)")
        #expect(done.status == .ok, "\(child): \(done.text)")
    }

    /// Asks for a manage link for the parent and returns its token.
    static func manageLink(harness: TestHarness, client: Client) async throws -> String {
        let message = try await harness.message(to: parent) {
            let asked = try await client.send(.post, "/v1/consent/links", json: ["parentEmail": parent], app: client.clientID)
            #expect(asked.status == .accepted)
        }
        return try TestHarness.linkToken(in: message)
    }

    /// The `scope` claim of an access token (read, not verified).
    static func scope(of token: String) throws -> String? {
        let parts = token.split(separator: ".")
        var base64 = String(parts[1]).replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        let claims = try JSONSerialization.jsonObject(with: try #require(Data(base64Encoded: base64))) as? [String: Any]
        return claims?["scope"] as? String
    }
}
