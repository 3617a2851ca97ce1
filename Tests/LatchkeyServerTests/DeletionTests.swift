import Foundation
import HTTPTypes
import LatchkeyTestSupport
import SQLKit
import Testing

@testable import LatchkeyServer

/// Deleting a user leaves no row that names them, in any table the database has (not only those
/// the features declare): read straight from the database, every text column of every row.
@Suite struct DeletionTests {
    /// A password user who touches every feature — sessions, failed sign-ins by name and by email,
    /// a verification link, a reset link, an email change (with its undo notice to the old
    /// address) and a pending one, a linked provider identity — and a phone user with PINs right
    /// and wrong, are deleted; then no text column anywhere holds their ids, usernames, emails
    /// (past and pending), phone number, or the digests that throttle counters key them by.
    /// The one exception: the change log names a deleted user's id, so that every node drops
    /// them from its caches; the janitor removes those rows a day later.
    @Test(arguments: TestStore.enabled) func deletingAUserLeavesNoRowThatNamesThem(store: TestStore) async throws {
        try await serving(try await FakeIdentityProvider.start()) { provider in
            let harness = try await TestHarness.make(store: store) { settings in
                settings.auth.revealTakenEmails = true
                settings.signInProviders.providers["google"] = ProviderSettings(
                    kind: .openIDConnect,
                    issuer: provider.issuer,
                    clientIDs: ["client-1"]
                )
            }
            try await harness.run { client in
                let password = "correct horse battery"
                let signUp = try await client.signUp(["username": "zeddeletion42", "email": "zed@example.com", "password": password])
                let userID = try #require(signUp.string("user.id"))
                let access = try #require(try await client.signIn("zeddeletion42").string("session.accessToken"))
                _ = try await client.send(.post, "/v1/me/email/verification", token: access)
                _ = try await harness.resetLinkToken(for: "zed@example.com", client: client)
                _ = try await client.send(.post, "/v1/me/email", json: ["email": "zed2@example.com"], token: access)
                let change = try await harness.latestLinkToken(to: "zed2@example.com")
                #expect(try await client.send(.post, "/v1/auth/email/verify", json: ["token": change]).status == .noContent)
                _ = try await harness.message(to: "zed3@example.com") {
                    _ = try await client.send(.post, "/v1/me/email", json: ["email": "zed3@example.com"], token: access)
                }
                let idToken = try provider.idToken(
                    provider.claims(subject: "zed-google", at: harness.clock.now(), extra: ["email": "zed@example.com", "name": "Zed Z"])
                )
                #expect(
                    try await client.send(.post, "/v1/me/identities", json: ["provider": "google", "token": idToken], token: access).status == .ok
                )
                _ = try await client.signIn("zeddeletion42", password: "a wrong password")
                _ = try await client.send(
                    .post,
                    "/v1/auth/signin",
                    json: ["email": "zed2@example.com", "password": "a wrong password"],
                    app: client.clientID
                )
                // A profile, app data, and a user who redeemed zed's invite code (whose row must not name zed after).
                #expect(try await client.send(.put, "/v1/me/profile", json: ProfileTests.complete, token: access).status == .ok)
                let code = try #require(try await client.send(.get, "/v1/me/profile", token: access).string("inviteCode"))
                let witness = try await client.signUpUser("witness")
                #expect(try await client.send(.post, "/v1/me/profile/invite", json: ["code": code], token: witness.access).status == .ok)
                let notes = Data(#"{"owner": "zeddeletion42"}"#.utf8)
                #expect(try await client.send(.put, "/v1/me/appdata/notes", raw: notes, token: access).status == .created)
                #expect(try await client.send(.delete, "/v1/me", token: access).status == .noContent)
                #expect(try await client.send(.get, "/v1/me/profile", token: witness.access).value("inviteRedeemed") as? Bool == true)

                let phone = "+14155550177"
                let first = try #require(try await client.startPhone(phone).string("requestId"))
                let pin = try await harness.latestPIN(to: phone)
                let phoneUser = try await client.verifyPhone(first, pin: pin, phone: phone)
                let phoneAccess = try #require(phoneUser.string("session.accessToken"))
                let phoneUserID = try #require(phoneUser.string("user.id"))
                let second = try #require(try await client.startPhone(phone).string("requestId"))
                _ = try await client.verifyPhone(second, pin: pin == "000000" ? "111111" : "000000", phone: phone)
                #expect(try await client.send(.delete, "/v1/me", token: phoneAccess).status == .noContent)

                let names = [userID, "zeddeletion42", "zed@example.com", "zed2@example.com", "zed3@example.com", phoneUserID, phone, code]
                let needles = names + names.map { Digest.sha256Hex(Canonical.username($0)) }
                let found = try await Self.rows(containing: needles, store: store, driver: harness.backend.driver)
                let allowed = found.filter { $0.table == "change_events" && $0.column == "subject" && [userID, phoneUserID].contains($0.value) }
                #expect(Set(found.map(\.description)).subtracting(allowed.map(\.description)).isEmpty, "\(found)")
                #expect(!allowed.isEmpty, "the change log should name the deleted users until the janitor sweeps it")
            }
        }
    }

    /// A text value of a row that contains one of the needles.
    struct Finding: CustomStringConvertible {
        var table: String
        var column: String
        var value: String
        var description: String { "\(table).\(column) = \(value)" }
    }

    /// Every text value, in every column of every table of the database, that contains a needle.
    static func rows(containing needles: [String], store: TestStore, driver: any StoreDriver) async throws -> [Finding] {
        try await driver.read { db in
            let catalog: SQLQueryString =
                store == .postgres
                ? "SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema()"
                : "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            let tables = try await db.raw(catalog).all().map { try $0.decode(column: "name", as: String.self) }
            #expect(tables.contains("users") && tables.contains("outbox") && tables.contains("throttles"))
            var findings: [Finding] = []
            for table in tables {
                for row in try await db.raw("SELECT * FROM \(ident: table)").all() {
                    for column in row.allColumns {
                        guard let value = try? row.decode(column: column, as: String?.self) else { continue }
                        let lowered = value.lowercased()
                        if needles.contains(where: { lowered.contains($0.lowercased()) }) {
                            findings.append(Finding(table: table, column: column, value: value))
                        }
                    }
                }
            }
            return findings
        }
    }
}
