import Foundation
import HTTPTypes
import Testing

@testable import LatchkeyServer

/// Accounts the app's servers and operators create directly, and the single-use links they ask
/// for to send themselves: `POST /v1/admin/users`, `POST /v1/admin/users/{id}/links`, the
/// operators' routes and the console's form. A created account signs in like any other; its
/// fields are held to sign-up's rules; nothing is sent; each creation and link is audited.
@Suite struct AdminUserCreationTests {
    typealias Browser = ConsolePagesTests.Browser

    /// The `token` parameter of a link.
    static func token(of link: String) throws -> String {
        let items = try #require(URLComponents(string: link)?.queryItems)
        return try #require(items.first { $0.name == "token" }?.value)
    }

    @Test(arguments: TestStore.enabled) func theAppsServersCreateUsersThatSignInLikeAnyOther(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let writer = try await harness.clientToken(client, scope: "users:write")
            let create = { (body: [String: Any]) in try await client.send(.post, "/v1/admin/users", json: body, token: writer) }

            let ada = try await create(["username": "ada", "password": "correct horse battery", "displayName": "Ada"])
            #expect(ada.status == .created && ada.string("user.username") == "ada" && ada.value("disabled") as? Bool == false, "\(ada.text)")
            let signedIn = try await client.signIn("ada")
            #expect(signedIn.status == .ok && signedIn.string("user.id") == ada.string("user.id"))

            let bea = try await create(["email": "bea@example.com", "emailVerified": true])
            #expect(bea.status == .created && bea.value("user.emailVerified") as? Bool == true, "\(bea.text)")
            // Known by the number alone, as a phone sign-up makes them: a PIN signs them in.
            let cal = try await create(["phone": "+1 415 555 0177"])
            #expect(cal.status == .created && cal.string("user.phone") == "+14155550177", "\(cal.text)")
            let started = try await client.startPhone("+14155550177")
            let pin = try await harness.latestPIN(to: "+14155550177")
            let byPhone = try await client.verifyPhone(try #require(started.string("requestId")), pin: pin, phone: "+14155550177")
            #expect(byPhone.status == .ok && byPhone.string("user.id") == cal.string("user.id"), "\(byPhone.text)")
            #expect(try await create([:]).status == .created, "an account with no credential, for the app's servers to link up")

            // Taken names, addresses and numbers; every bad field at once.
            #expect(try await create(["username": "ADA"]).status == .conflict)
            #expect(try await create(["email": "bea@example.com"]).status == .conflict)
            let number = try await create(["phone": "+14155550177"])
            #expect(number.status == .conflict && number.string("code") == "identity_in_use")
            let bad = try await create(["username": "a b!", "email": "nope", "phone": "555", "password": "short", "displayName": ""])
            let fields = (bad.value("errors") as? [[String: Any]] ?? []).compactMap { $0["field"] as? String }
            #expect(bad.status == .unprocessableContent && Set(fields) == ["username", "email", "phone", "password", "displayName"], "\(bad.text)")
            let loose = try await create(["phone": "+14155550188", "password": "correct horse battery"])
            #expect(loose.status == .unprocessableContent && loose.text.contains("password"), "a password needs a name to sign in with")
            #expect(try await create(["username": "dee", "isAdmin": true]).status == .badRequest)
            // Reading is not writing, and a user's token is no server's.
            let reader = try await harness.clientToken(client, scope: "users:read")
            #expect(try await client.send(.post, "/v1/admin/users", json: ["username": "eve"], token: reader).status == .forbidden)
            let user = try #require(signedIn.string("session.accessToken"))
            #expect(try await client.send(.post, "/v1/admin/users", json: ["username": "eve"], token: user).status == .forbidden)

            // Nothing was sent to the new addresses; each creation is audited, the password redacted.
            #expect(try await harness.backend.outbox.list(recipient: "bea@example.com").isEmpty)
            let created = try await harness.backend.admin.auditLog(by: .commandLine()).filter { $0.action == "user.create" }
            #expect(created.count == 4 && created.allSatisfy { $0.actor == "client:\(client.clientID)" }, "\(created)")
            let first = try #require(created.first { $0.target == ada.string("user.id") })
            #expect(first.changes.contains(AuditChange(field: "password", before: nil, after: "changed")))
            #expect(!first.changes.contains { $0.after == "correct horse battery" })
        }
    }

    @Test(arguments: TestStore.enabled) func linksAreMadeNotSentAndWorkAsTheEmailedOnes(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let writer = try await harness.clientToken(client, scope: "users:write")
            let created = try await client.send(
                .post,
                "/v1/admin/users",
                json: ["email": "fay@example.com", "password": "correct horse battery"],
                token: writer
            )
            let id = try #require(created.string("user.id"))
            let link = { (type: String) in try await client.send(.post, "/v1/admin/users/\(id)/links", json: ["type": type], token: writer) }

            let verify = try await link("verifyEmail")
            #expect(verify.status == .ok && verify.headers[.cacheControl] == "no-store" && verify.string("type") == "verifyEmail", "\(verify.text)")
            #expect(try #require(verify.string("link")).contains("mode=verifyEmail"))
            let verifyToken = try Self.token(of: try #require(verify.string("link")))
            #expect(try await client.send(.post, "/v1/auth/email/verify", json: ["token": verifyToken]).status.code < 300)
            let read = try await harness.clientToken(client, scope: "users:read")
            #expect(try await client.send(.get, "/v1/admin/users/\(id)", token: read).value("user.emailVerified") as? Bool == true)

            // A reset link sets a new password; the old one stops working.
            let reset = try Self.token(of: try #require(try await link("resetPassword").string("link")))
            let confirmed = try await client.send(
                .post,
                "/v1/auth/password/reset/confirm",
                json: ["token": reset, "password": "a brand new passphrase"]
            )
            #expect(confirmed.status.code < 300, "\(confirmed.text)")
            let signIn = { (password: String) in
                try await client.send(.post, "/v1/auth/signin", json: ["email": "fay@example.com", "password": password], app: client.clientID)
            }
            #expect(try await signIn("a brand new passphrase").status == .ok)
            #expect(try await signIn("correct horse battery").status == .unauthorized)

            // A sign-in link needs the app's email sign-in; then it signs the user in, once.
            let refused = try await link("signIn")
            #expect(refused.status == .forbidden && refused.string("code") == "method_disabled")
            var app = harness.app
            app.settings.auth.signInMethods.insert(.emailCode)
            try await harness.backend.apps.update(app)
            harness.clock.advance(by: 10)  // past the app cache's lifetime
            let signInToken = try Self.token(of: try #require(try await link("signIn").string("link")))
            let byLink = try await client.send(.post, "/v1/auth/email/link", json: ["token": signInToken], app: client.clientID)
            #expect(byLink.status == .ok && byLink.string("user.id") == id, "\(byLink.text)")
            #expect(try await client.send(.post, "/v1/auth/email/link", json: ["token": signInToken], app: client.clientID).status.code >= 400)

            let unknown = try await link("unlock")
            #expect(unknown.status == .unprocessableContent, "\(unknown.status) \(unknown.text)")
            #expect(try await client.send(.post, "/v1/admin/users/nobody/links", json: ["type": "verifyEmail"], token: writer).status == .notFound)
            let bare = try await client.send(.post, "/v1/admin/users", json: ["username": "gus"], token: writer)
            let noEmail = try await client.send(
                .post,
                "/v1/admin/users/\(try #require(bare.string("user.id")))/links",
                json: ["type": "resetPassword"],
                token: writer
            )
            #expect(noEmail.status == .unprocessableContent)

            // Nothing went out; the audit log has each link's type, never the link.
            #expect(try await harness.backend.outbox.list(recipient: "fay@example.com").isEmpty)
            let rows = try await harness.backend.admin.auditLog(by: .commandLine()).filter { $0.action == "user.link.create" }
            #expect(rows.compactMap { $0.changes.first?.after }.sorted() == ["resetPassword", "signIn", "verifyEmail"], "\(rows)")
            #expect(!rows.contains { $0.changes.contains { $0.after?.contains("lke_") == true } })
        }
    }

    @Test(arguments: TestStore.enabled) func operatorsCreateUsersAndLinksThroughTheAPIAndTheConsole(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        let admin = try await harness.makeOperator("adam", role: .admin)
        let viewer = try await harness.makeOperator("vera", role: .viewer)
        try await harness.run { client in
            let adamToken = try await harness.operatorToken(client, admin)
            let path = "/v1/operator/apps/\(harness.app.id)/users"
            let made = try await client.send(.post, path, json: ["username": "hal", "email": "hal@example.com"], token: adamToken)
            #expect(made.status == .created, "\(made.text)")
            let halID = try #require(made.string("user.id"))
            let link = try await client.send(.post, "\(path)/\(halID)/links", json: ["type": "verifyEmail"], token: adamToken)
            #expect(link.status == .ok && link.headers[.cacheControl] == "no-store")
            let veraToken = try await harness.operatorToken(client, viewer)
            #expect(try await client.send(.post, path, json: ["username": "ivy"], token: veraToken).status == .forbidden)

            var adam = Browser()
            try await adam.signIn(client, harness, admin)
            let users = try await adam.get(client, "/console/users?app=\(harness.app.id)")
            #expect(users.text.contains(#"href="/console/apps/\#(harness.app.id)/users/new" id="new-user-link""#))
            #expect(try await adam.get(client, "/console/apps/\(harness.app.id)/users/new").status == .ok)
            let form = [
                "username": "ivy", "email": "", "phone": "", "password": "correct horse battery", "display_name": "Ivy", "email_verified": "",
            ]
            let posted = try await adam.post(client, "/console/apps/\(harness.app.id)/users", form)
            let location = try #require(posted.headers[.location], "\(posted.text)")
            #expect(posted.status == .seeOther && location.hasSuffix("?created=1"))
            let page = try await adam.get(client, location)
            #expect(page.text.contains(#"id="user-created""#) && page.text.contains(#"id="link-form""#))
            #expect(try await client.signIn("ivy").status == .ok)
            // A refused field comes back beside the field, with what was typed (never the password).
            let invalid = try await adam.post(
                client,
                "/console/apps/\(harness.app.id)/users",
                form.merging(["username": "joy", "email": "not an address"]) { $1 }
            )
            #expect(invalid.status == .unprocessableContent && invalid.text.contains(#"id="email-error""#), "\(invalid.text)")
            #expect(invalid.text.contains(#"value="not an address""#) && !invalid.text.contains("correct horse battery"))
            let taken = try await adam.post(client, "/console/apps/\(harness.app.id)/users", form)
            #expect(taken.status == .unprocessableContent && taken.text.contains(#"id="username-error""#), "\(taken.text)")

            let ivyID = try #require(location.split(separator: "/").last?.split(separator: "?").first.map(String.init))
            let noEmail = try await adam.post(client, "/console/apps/\(harness.app.id)/users/\(ivyID)/links", ["type": "resetPassword"])
            #expect(noEmail.status == .unprocessableContent)
            let shown = try await adam.post(client, "/console/apps/\(harness.app.id)/users/\(halID)/links", ["type": "verifyEmail"])
            #expect(shown.status == .ok && shown.headers[.cacheControl] == "no-store" && shown.text.contains("mode=verifyEmail"), "\(shown.text)")

            var vera = Browser()
            try await vera.signIn(client, harness, viewer)
            #expect(try await vera.get(client, "/console/apps/\(harness.app.id)/users/new").status == .forbidden)
            #expect(!(try await vera.get(client, "/console/users?app=\(harness.app.id)").text.contains("new-user-link")))

            let rows = try await harness.backend.admin.auditLog(by: .commandLine()).filter {
                $0.action.hasPrefix("user.") && $0.action != "user.read"
            }
            #expect(rows.map(\.action).sorted() == ["user.create", "user.create", "user.link.create", "user.link.create"], "\(rows.map(\.action))")
            #expect(rows.allSatisfy { $0.actor == "adam" })
        }
    }
}
