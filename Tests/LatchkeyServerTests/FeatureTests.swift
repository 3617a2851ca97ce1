import Foundation
import HTTPTypes
import LatchkeyTestSupport
import LatchkeyWire
import Logging
import SQLKit
import Testing

@testable import LatchkeyServer

/// What the server derives from its features' declarations holds: every route is documented and
/// owned, every table has an owner, every user-data table is exported and deleted with its user,
/// and every feature that serves routes is in `hello`.
@Suite struct FeatureTests {
    @Test(arguments: TestStore.enabled) func everyServedRouteIsAnOperationOfTheDocument(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        let routes = harness.backend.routes.routes
        try await harness.run { client in
            let document = try await client.send(.get, "/openapi.json")
            let paths = try #require(document.value("paths") as? [String: [String: Any]])
            var documented: [String: String] = [:]
            for (path, operations) in paths {
                for (method, operation) in operations {
                    guard let operation = operation as? [String: Any], let id = operation["operationId"] as? String else { continue }
                    documented["\(method.uppercased()) \(path)"] = id
                }
            }
            var served: [String: String] = [:]
            for route in routes {
                #expect(!route.feature.isEmpty, "\(route.method) \(route.path) has no feature")
                served["\(route.method.rawValue) \(route.path)"] = route.operation
            }
            #expect(served == documented)
            #expect(Set(routes.map(\.feature)).isSubset(of: Set(FeatureSet.all.map { $0.id })))
        }
    }

    /// A feature's fragment documents exactly the routes that feature serves, so an operation
    /// lives in the folder of the code that serves it.
    @Test func everyFragmentDocumentsExactlyItsFeaturesRoutes() async throws {
        let harness = try await TestHarness.make(store: .sqlite)
        let routes = harness.backend.routes.routes
        for feature in FeatureSet.all {
            let fragment = try #require(try JSONSerialization.jsonObject(with: Data(feature.openAPI.json.utf8)) as? [String: Any])
            let paths = fragment["paths"] as? [String: [String: Any]] ?? [:]
            let documented = Set(paths.flatMap { path, operations in operations.keys.map { "\($0.uppercased()) \(path)" } })
            let served = Set(routes.filter { $0.feature == feature.id }.map { "\($0.method.rawValue) \($0.path)" })
            #expect(
                documented == served,
                "\(feature.id) documents \(documented.subtracting(served).sorted()) it does not serve and serves \(served.subtracting(documented).sorted()) it does not document"
            )
        }
        try await harness.run { _ in }  // closes the backend
    }

    /// A user's route answers 401 without a live user token and 403 to a confidential client's
    /// (valid, but not a user's): its operation says both.
    @Test(arguments: TestStore.enabled) func everyUsersRouteDocumentsItsRefusals(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        let routes = harness.backend.routes.routes
        try await harness.run { client in
            let paths = try #require(try await client.send(.get, "/openapi.json").value("paths") as? [String: [String: Any]])
            for route in routes {
                guard case .user = route.access else { continue }
                let operation = paths[route.path]?[route.method.rawValue.lowercased()] as? [String: Any]
                let responses = try #require(operation?["responses"] as? [String: Any], "\(route.operation)")
                #expect(responses["401"] != nil && responses["403"] != nil, "\(route.operation)")
            }
        }
    }

    @Test(arguments: TestStore.enabled) func everyTableHasOneOwner(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        let driver = harness.backend.driver
        let tables = try await driver.read { db in try await SchemaCatalog(family: driver.family).tables(in: db) }
        let owned = FeatureSet.tables.map(\.table.name)
        #expect(Set(owned).count == owned.count, "a table is declared twice: \(owned)")
        #expect(Set(tables).subtracting(Migrations.bookkeeping) == Set(owned))
        let ids = FeatureSet.all.map { $0.id }
        #expect(Set(ids).count == ids.count, "two features share an id: \(ids)")
        try await harness.run { _ in }  // closes the backend
    }

    @Test(arguments: TestStore.enabled) func serverToServerRoutesAskOnlyForScopesTheirFeatureDeclares(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        for route in harness.backend.routes.routes {
            guard case .client(let scope) = route.access else { continue }
            let feature = try #require(FeatureSet.all.first { $0.id == route.feature })
            let declared = feature.clientScopes.map(\.scope)
            #expect(declared.contains(scope), "\(route.operation) asks for \(scope.rawValue), which \(route.feature) does not declare")
        }
        try await harness.run { _ in }  // closes the backend
    }

    @Test func everyErrorCodeHasOneOwner() {
        let declared = APIError.commonCodes + FeatureSet.all.flatMap { $0.errorCodes }
        #expect(Set(declared).count == declared.count, "a code is declared twice: \(declared)")
        #expect(Set(declared) == Set(ErrorCode.allCases))
    }

    @Test(arguments: TestStore.enabled) func everyFeatureThatServesRoutesIsInHello(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        let serving = Set(harness.backend.routes.routes.map(\.feature))
        try await harness.run { client in
            let hello = try await client.send(.get, "/v1/hello", app: client.clientID)
            let modules = try #require(hello.value("modules") as? [[String: Any]])
            let listed = modules.compactMap { $0["id"] as? String }
            #expect(Set(listed) == serving)
            #expect(Array(listed.prefix(3)) == ["hello", "auth", "me"])
            let access = Dictionary(
                uniqueKeysWithValues: modules.compactMap { module in
                    (module["id"] as? String).map { ($0, module["access"] as? Bool ?? false) }
                }
            )
            #expect(access["auth"] == true && access["me"] == false && access["admin"] == false)
        }
    }

    /// Signs up a user with a session, a pending email change (a code and a message), a profile,
    /// a redeemed invite code, app data and a hosted login to a third-party app, then
    /// checks each user-data table through its declaration: rows are there, the export carries
    /// their section, and after `DELETE /v1/me` none are left.
    @Test(arguments: TestStore.enabled) func everyUserDataTableIsExportedAndDeletedWithItsUser(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store) { settings in
            settings.oauth.redirectURIs = [HostedLoginTests.redirectURI]
            settings.hostedLogin.firstParty = false
            settings.auth.signInMethods.formUnion([.anonymous, .passkey])
        }
        let driver = harness.backend.driver
        try await harness.run { client in
            let tokens = try await client.signUpUser("erin")
            #expect(try await client.send(.post, "/v1/me/email", json: ["email": "erin@example.com"], token: tokens.access).status == .accepted)
            // A profile with a redeemed invite code, and an app-data value.
            let inviter = try await client.signUpUser("frank")
            let code = try #require(try await client.send(.get, "/v1/me/profile", token: inviter.access).string("inviteCode"))
            #expect(try await client.send(.put, "/v1/me/profile", json: ProfileTests.complete, token: tokens.access).status == .ok)
            #expect(try await client.send(.post, "/v1/me/profile/invite", json: ["code": code], token: tokens.access).status == .ok)
            #expect(try await client.send(.put, "/v1/me/appdata/k", raw: Data("{}".utf8), token: tokens.access).status == .created)
            let passkey = try SoftwareAuthenticator().create(try await client.passkeyCreationOptions(tokens.access), origin: PasskeyTests.origin)
            #expect(try await client.registerPasskey(passkey, token: tokens.access).status == .created)
            let me = try await client.send(.get, "/v1/me", token: tokens.access)
            let userID = try #require(me.string("id"))
            // A hosted login to a third-party app: a browser session, a consent and a code.
            var browser = LoginBrowser(client)
            let login = LoginRequest(clientID: harness.app.clientID, redirectURI: HostedLoginTests.redirectURI)
            let consent = try await browser.signIn(login.query, as: "erin")
            let allowed = try await browser.post(
                "/oauth/authorize/consent",
                form: ["csrf_token": LoginBrowser.csrfToken(in: consent) ?? "", "request": login.query, "decision": "allow"]
            )
            #expect(allowed.status == .seeOther)
            let wallet = try await harness.clientToken(client, scope: "wallet:write")
            let award: [String: any Sendable] = ["currency": "kredits", "amount": 5, "idempotencyKey": "fixture"]
            #expect(try await client.send(.post, "/v1/wallet/users/\(userID)/transactions", json: award, token: wallet).status == .created)
            let device: [String: any Sendable] = ["token": PushDeviceTests.apnsToken, "platform": "ios", "topics": ["news"]]
            #expect(try await client.send(.post, "/v1/me/devices", json: device, token: tokens.access).status == .created)
            let sessions = try await client.send(.get, "/v1/me/sessions", token: tokens.access)
            let sessionIDs = try #require(sessions.value("sessions") as? [[String: Any]]).compactMap { $0["id"] as? String }
            // A child awaiting parental consent, for the tables only children have rows in.
            let child = try await client.signUp([
                "username": "erinkid", "password": "correct horse battery", "dateOfBirth": "2016-05-01", "country": "US",
                "parentEmail": "erins-parent@example.com",
            ])
            let childID = try #require(child.string("user.id"))
            let childAccess = try #require(child.string("session.accessToken"))
            // A guest, for the table only guests have rows in.
            let guest = try await client.send(.post, "/v1/auth/anonymous", app: client.clientID)
            let guestID = try #require(guest.string("user.id"))
            let guestAccess = try #require(guest.string("session.accessToken"))
            let keys = [userID, "erin@example.com", childID, guestID] + sessionIDs
            let boards = try await LeaderboardTests.Board.make(client, harness)
            try await boards.define("fixture", ["allowUserSubmits": true])
            #expect(
                try await client.send(
                    .post,
                    "/v1/leaderboards/fixture/scores",
                    json: ["score": 1, "idempotencyKey": "fixture-1"],
                    token: tokens.access
                ).status == .ok
            )

            // A second factor with a challenge that checked a code: the authenticator, its recovery
            // codes and the challenge's row.
            _ = try await SecondFactorTests.enroll(access: tokens.access, client, harness)
            let challenge = try await SecondFactorTests.challenge("erin", client)
            #expect(
                try await client.send(.post, "/v1/auth/mfa", json: ["challenge": challenge, "code": "12345x"], app: client.clientID).status
                    == .unauthorized
            )

            // An import line naming the user by id (an export re-imported) records its external id.
            let line = #"{"externalId": "\#(userID)", "username": "erin"}"#
            let imported = try await harness.backend.admin.importUsers(line, format: .jsonl, dryRun: false, appID: harness.app.id, by: .commandLine())
            #expect(imported.updated == 1)

            let export = try await client.send(.get, "/v1/me/export", token: tokens.access)
            #expect(export.status == .ok)
            let childExport = try await client.send(.get, "/v1/me/export", token: childAccess)
            let guestExport = try await client.send(.get, "/v1/me/export", token: guestAccess)
            for (feature, table) in FeatureSet.tables {
                guard let (column, section) = table.userDataColumn else { continue }
                let rows = try await count(table.name, column, keys, driver)
                #expect(rows > 0, "\(feature).\(table.name): the test made no rows; teach it to")
                if let section {
                    #expect(
                        [export, childExport, guestExport].contains { $0.value(section) != nil },
                        "export lacks \(section) for \(table.name)"
                    )
                }
            }

            #expect(try await client.send(.delete, "/v1/me", token: tokens.access).status == .noContent)
            #expect(try await client.send(.delete, "/v1/me", token: childAccess).status == .noContent)
            #expect(try await client.send(.delete, "/v1/me", token: guestAccess).status == .noContent)
            for (feature, table) in FeatureSet.tables {
                guard let (column, _) = table.userDataColumn else { continue }
                #expect(try await count(table.name, column, keys, driver) == 0, "\(feature).\(table.name) kept rows of a deleted user")
            }
        }
    }

    /// A guest's data never vanishes in a merge by oversight: every table of user data says
    /// whether its feature merges it or why the guest's rows may go with the guest.
    @Test func everyUserDataTableDeclaresWhatAMergeDoesWithIt() {
        for (feature, table) in FeatureSet.tables where table.userDataColumn != nil {
            #expect(table.merge != nil, "\(feature).\(table.name) holds user data but declares no merge rule")
            if case .dropped(let why) = table.merge { #expect(!why.isEmpty, "\(feature).\(table.name) drops a guest's rows without saying why") }
        }
    }

    /// A guest with rows in every table declared ``OwnedTable/MergeRule/merged`` is merged into a
    /// fresh account: each such table then holds more rows of the account than before — so a
    /// feature that declares a merge and does nothing fails here.
    @Test(arguments: TestStore.enabled) func everyMergedTableMovesTheGuestsRowsToTheAccount(store: TestStore) async throws {
        let harness = try await GuestSignInTests.harness(store)
        let driver = harness.backend.driver
        try await harness.run { client in
            let inviter = try await client.signUpUser("frank")
            let code = try #require(try await client.send(.get, "/v1/me/profile", token: inviter.access).string("inviteCode"))
            let guest = try await client.signIn(deviceID: GuestSignInTests.deviceID)
            let guestID = try #require(guest.string("user.id"))
            let guestAccess = try #require(guest.string("session.accessToken"))
            #expect(try await client.send(.patch, "/v1/me/profile", json: ["firstName": "Gus"], token: guestAccess).status == .ok)
            #expect(try await client.send(.post, "/v1/me/profile/invite", json: ["code": code], token: guestAccess).status == .ok)
            #expect(try await client.send(.put, "/v1/me/appdata/k", raw: Data("{}".utf8), token: guestAccess).status == .created)
            let wallet = try await harness.clientToken(client, scope: "wallet:write")
            let award: [String: any Sendable] = ["currency": "kredits", "amount": 5, "idempotencyKey": "fixture"]
            #expect(try await client.send(.post, "/v1/wallet/users/\(guestID)/transactions", json: award, token: wallet).status == .created)
            let device: [String: any Sendable] = ["token": PushDeviceTests.apnsToken, "platform": "ios", "topics": ["news"]]
            #expect(try await client.send(.post, "/v1/me/devices", json: device, token: guestAccess).status == .created)
            let boards = try await LeaderboardTests.Board.make(client, harness)
            try await boards.define("fixture", ["allowUserSubmits": true])
            #expect(try await client.send(.post, "/v1/leaderboards/fixture/scores", json: ["score": 1], token: guestAccess).status == .ok)

            let account = try await client.signUp(["username": "erin", "password": "correct horse battery"])
            let accountID = try #require(account.string("user.id"))
            let merged = FeatureSet.tables.filter { if case .merged = $0.table.merge { true } else { false } }
            var before: [String: Int] = [:]
            for (feature, table) in merged {
                let column = try #require(table.userDataColumn?.column)
                #expect(
                    try await count(table.name, column, [guestID], driver) > 0,
                    "\(feature).\(table.name): the test made no guest rows; teach it to"
                )
                before[table.name] = try await count(table.name, column, [accountID], driver)
            }
            let answer = try await client.merge(
                guest: try #require(guest.string("session.refreshToken")),
                into: try #require(account.string("session.accessToken"))
            )
            #expect(answer.status == .ok)
            for (feature, table) in merged {
                let column = try #require(table.userDataColumn?.column)
                let after = try await count(table.name, column, [accountID], driver)
                #expect(after > before[table.name] ?? 0, "\(feature).\(table.name) declares a merge but moved no row of the guest")
            }
        }
    }

    /// An installation the installation-wide runner left — the schema of versions 1 and 2 (the
    /// migrations with a baseline), recorded in `schema_migrations` — gets exactly the migrations
    /// written since, and keeps its rows. Built in a fresh database: the harness's has every
    /// later migration applied already.
    @Test(arguments: TestStore.enabled) func installationsFromBeforeFeatureMigrationsKeepTheirData(store: TestStore) async throws {
        let logger = Logger(label: "old-installation")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("latchkey-old-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let databaseURL = store == .postgres ? try await TestStore.createDatabase() : nil
        let queued = LatchkeyConfiguration().maximumQueuedWrites
        let driver: any StoreDriver =
            if let databaseURL {
                try PostgresStoreDriver.open(
                    url: databaseURL,
                    maximumConnections: 2,
                    logger: logger,
                    acquireTimeout: .seconds(30),
                    maximumQueuedWrites: queued
                )
            } else {
                try await SQLiteStoreDriver.open(
                    path: directory.appendingPathComponent("old.sqlite").path,
                    maximumQueuedWrites: queued,
                    logger: logger
                )
            }
        do {
            try await driver.write { db in
                for feature in FeatureSet.all {
                    for migration in feature.migrations where migration.baseline != nil {
                        for statement in migration.statements(for: driver.family) { try await db.raw("\(unsafeRaw: statement)").run() }
                    }
                }
                try await db.raw("CREATE TABLE schema_migrations (version BIGINT PRIMARY KEY, applied_at BIGINT NOT NULL)").run()
                try await db.raw("INSERT INTO schema_migrations (version, applied_at) VALUES (1, 0), (2, 0)").run()
                try await db.raw("INSERT INTO throttles (key, window_start, failures) VALUES ('old', 1, 3)").run()
            }
            // Only the migrations written since, which have no installation-wide version, run.
            let since = FeatureSet.all.flatMap { feature in
                feature.migrations.filter { $0.baseline == nil }.map { "\(feature.id).\($0.version)" }
            }
            #expect(try await Migrations.apply(to: driver, logger: logger) == since)
            let recorded = try await driver.read { db in try await db.raw("SELECT feature FROM feature_migrations").all().count }
            #expect(recorded == FeatureSet.all.reduce(0) { $0 + $1.migrations.count })
            let kept = try await driver.read { db in
                try await db.raw("SELECT failures FROM throttles WHERE key = 'old'").first()?.decode(column: "failures", as: Int.self)
            }
            #expect(kept == 3)
        } catch {
            Issue.record(error)
        }
        await driver.shutdown()
        if let databaseURL { await TestStore.dropDatabase(databaseURL) }
    }

    private func count(_ table: String, _ column: String, _ keys: [String], _ driver: any StoreDriver) async throws -> Int {
        try await driver.read { db in
            try await db.raw("SELECT COUNT(*) AS n FROM \(unsafeRaw: table) WHERE \(unsafeRaw: column) IN (\(binds: keys))")
                .first()?.decode(column: "n", as: Int.self) ?? 0
        }
    }
}

extension OwnedTable {
    /// The column that names a user's rows, and the export section that carries them.
    fileprivate var userDataColumn: (column: String, section: String?)? {
        switch userData {
        case .none: nil
        case .owned(let column, let section): (column, section)
        case .addressed(let column, let section): (column, section)
        }
    }
}

/// Every stored setting is declared once by a feature, so it decodes, validates and has a flag.
@Suite struct AppSettingDeclarationTests {
    @Test func everyStoredSettingIsDeclaredOnce() throws {
        var settings = AppSettings()
        settings.email.emailActionURL = "https://app.example/action"
        settings.brand.logoURL = "https://app.example/logo.png"
        settings.brand.fromName = "Example"
        settings.brand.fromAddress = "hello@app.example"
        settings.brand.replyTo = "help@app.example"
        settings.brand.supportURL = "https://app.example/help"
        settings.brand.backgroundColor = "#f4f1ea"
        settings.passkeys.passkeyRPID = "app.example"
        settings.database.databaseHost = "db.app.example"
        let stored = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(settings)) as? [String: Any])
        let declared = AppSettings.declarations.map(\.key).filter { !$0.isEmpty }
        #expect(Set(declared).count == declared.count, "a setting is declared twice")
        #expect(Set(declared) == Set(stored.keys))
        let flags = AppSettings.declarations.compactMap(\.flag)
        #expect(Set(flags).count == flags.count, "two settings share a flag")
    }

    /// A settings member without a declaration would never be stored, and a declaration without a
    /// member would not compile against a key path but could name another feature's type: each
    /// feature declares exactly the members of one settings type of its own.
    @Test func eachFeatureDeclaresTheMembersOfItsOwnSettings() {
        var owners: [ObjectIdentifier: String] = [:]
        for feature in FeatureSet.all where !feature.settings.isEmpty {
            let types = Set(feature.settings.map { ObjectIdentifier($0.owner) })
            #expect(types.count == 1, "\(feature.id) declares settings of several types")
            guard let owner = feature.settings.first?.owner else { continue }
            #expect(owners.updateValue(feature.id, forKey: ObjectIdentifier(owner)) == nil, "\(owner) is declared by two features")
            let members = Set(Mirror(reflecting: owner.init()).children.compactMap(\.label))
            let declared = Set(feature.settings.map(\.key).filter { !$0.isEmpty })
            #expect(members.subtracting(declared).isEmpty, "\(owner) members without a declaration in \(feature.id)")
            #expect(declared.subtracting(members).isEmpty, "\(feature.id) declares members \(owner) does not have")
        }
    }

    @Test func storedSettingsDecodeWithDefaultsForMissingMembers() throws {
        let decoded = try JSONDecoder().decode(AppSettings.self, from: Data(#"{"sessionTTL": 7200, "unknownLater": 1}"#.utf8))
        var expected = AppSettings()
        expected.auth.sessionTTL = 7200
        #expect(decoded == expected)
        #expect(decoded != AppSettings())
        #expect(throws: InvalidAppSetting.self) { try AppSettings().applying(["--access-token-ttl", "90000"]) }
        #expect(try AppSettings().applying(["--access-token-ttl=600"]).auth.accessTokenTTL == 600)
    }

    /// Settings stored before features owned their settings (one flat object, members of every
    /// feature side by side) read as they were written and write back the same members.
    @Test func storedFlatSettingsKeepTheirForm() throws {
        let stored = #"""
            {
                "sessionTTL": 7200,
                "signInMethods": ["email"],
                "walletCurrencies": ["gems", "coins"],
                "walletSelfSpend": true,
                "consentAgeByCountry": {"DE": 16},
                "guestLimit": 5,
                "passkeyRPID": "app.example",
                "passkeyUserVerification": "required",
                "providers": {"google": {"kind": "oidc", "issuer": "https://accounts.google.com", "clientIDs": ["client-1"]}},
                "databaseHost": "db.app.example",
                "unknownLater": 1
            }
            """#
        let settings = try JSONDecoder().decode(AppSettings.self, from: Data(stored.utf8))
        #expect(settings.auth.sessionTTL == 7200)
        #expect(settings.auth.accessTokenTTL == 3_600)
        #expect(settings.auth.signInMethods == [.email])
        #expect(settings.wallet.walletCurrencies == ["gems", "coins"])
        #expect(settings.wallet.walletSelfSpend)
        #expect(settings.kids.consentAgeByCountry == ["DE": 16])
        #expect(settings.kids.consentAge == 13)
        #expect(settings.guests.guestLimit == 5)
        #expect(settings.passkeys.passkeyRPID == "app.example")
        #expect(settings.passkeys.passkeyUserVerification == .required)
        #expect(settings.signInProviders.providers["google"]?.issuer == "https://accounts.google.com")
        #expect(settings.database.databaseHost == "db.app.example")
        #expect(settings.email.emailActionURL == nil)

        let written = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(settings)) as? [String: Any])
        let given = try #require(try JSONSerialization.jsonObject(with: Data(stored.utf8)) as? [String: Any])
        let declared = Set(AppSettings.declarations.map(\.key).filter { !$0.isEmpty })
        #expect(
            Set(written.keys)
                == declared.subtracting(["emailActionURL", "logoURL", "fromName", "fromAddress", "replyTo", "supportURL", "backgroundColor"]),
            "absent optionals stay absent"
        )
        for (key, value) in given where key != "unknownLater" && key != "providers" {
            #expect((written[key] as? NSObject)?.isEqual(value) == true, "\(key) is written back as it was stored")
        }
        #expect(try JSONDecoder().decode(AppSettings.self, from: JSONEncoder().encode(settings)) == settings)
    }
}
