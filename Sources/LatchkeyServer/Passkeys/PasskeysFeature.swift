import Foundation
import Hummingbird
import LatchkeyWire
import SQLKit

/// Passkeys (WebAuthn Level 3): a signed-in user registers passkeys (`/v1/me/passkeys`), lists
/// and removes them, and signs in with one and no username (`/v1/auth/passkey`). Off until the
/// app adds `passkey` to its `signInMethods`. The server also serves the association files
/// Apple's and Google's platforms read before native apps may use the domain's passkeys.
struct PasskeysFeature: Feature {
    static let id = "passkeys"
    let requests: RequestReader
    let registration: PasskeyRegistration
    let signIn: PasskeySignIn
    let associations: AppAssociationFiles

    init(backend: LatchkeyBackend) {
        requests = backend.requests
        registration = PasskeyRegistration(backend: backend)
        signIn = PasskeySignIn(backend: backend)
        associations = AppAssociationFiles(apps: backend.apps)
    }

    static let errorCodes: [ErrorCode] = [.invalidPasskey]

    static let settingsSection: SettingSection? = .passkeys

    static let settings: [AppSetting] = [
        .custom(
            "passkeyRPID",
            \PasskeysSettings.passkeyRPID,
            flag: "passkey-rp-id",
            help: "The WebAuthn RP ID of the app's passkeys (empty: the server's host).",
            format: { [$0 ?? ""] },
            parse: { values in values.last.flatMap { $0.isEmpty ? nil : $0.lowercased() } },
            problem: { id in id.map { isDomain($0) ? nil : "the passkey RP ID is a domain name, such as example.com" } ?? nil }
        ),
        .list(
            "passkeyOrigins",
            \PasskeysSettings.passkeyOrigins,
            flag: "passkey-origin",
            help: "Another origin allowed to use the app's passkeys (repeatable; replaces the list)."
        ),
        .rule("Passkey origins are https://host[:port], http://localhost[:port] or android:apk-key-hash:…", over: PasskeysSettings.self) { settings in
            settings.passkeyOrigins.allSatisfy(isOrigin)
                ? nil : "a passkey origin is https://host[:port], http://localhost[:port] or android:apk-key-hash:…"
        },
        .custom(
            "passkeyUserVerification",
            \PasskeysSettings.passkeyUserVerification,
            flag: "passkey-user-verification",
            help: "preferred or required: whether passkeys must verify the user.",
            control: .choice(PasskeyUserVerification.allCases.map(\.rawValue)),
            format: { [$0.rawValue] },
            parse: { values in
                guard let value = values.last.flatMap(PasskeyUserVerification.init(rawValue:)) else {
                    throw InvalidAppSetting(description: "--passkey-user-verification takes preferred or required")
                }
                return value
            }
        ),
        .list(
            "appleAppIDs",
            \PasskeysSettings.appleAppIDs,
            flag: "apple-app-id",
            help: "An iOS app as TEAMID.bundle.id, for passkeys and universal links (repeatable; replaces the list)."
        ),
        .rule("Apple app ids are TEAMID.bundle.id", over: PasskeysSettings.self) { settings in
            settings.appleAppIDs.allSatisfy(isAppleAppID) ? nil : "an Apple app id is the 10-character team id, a dot and the bundle id"
        },
        .custom(
            "androidApps",
            \PasskeysSettings.androidApps,
            flag: "android-app",
            help: "An Android app as package=SHA256_FINGERPRINT, for passkeys and app links (repeatable; replaces the list).",
            isList: true,
            format: { apps in apps.flatMap { app in app.sha256CertFingerprints.map { app.packageName + "=" + $0 } } },
            parse: AndroidApp.parse,
            problem: AndroidApp.problem
        ),
    ]

    /// Whether `value` is a DNS name of letters, digits and hyphens (an RP ID is never an IP address).
    static func isDomain(_ value: String) -> Bool {
        let labels = value.split(separator: ".", omittingEmptySubsequences: false)
        return value.utf8.count <= 253 && labels.last.map { $0.contains { !$0.isNumber } } == true
            && labels.allSatisfy { label in
                (1...63).contains(label.utf8.count) && !label.hasPrefix("-") && !label.hasSuffix("-")
                    && label.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
            }
    }

    /// Whether `value` is an origin a passkey response may carry.
    static func isOrigin(_ value: String) -> Bool {
        if value.hasPrefix("android:apk-key-hash:") { return Base64URL.decode(value.dropFirst(21))?.count == 32 }
        guard let url = URLComponents(string: value), let host = url.host, url.path.isEmpty, url.query == nil, url.fragment == nil,
            url.user == nil
        else { return false }
        return url.scheme == "https" || (url.scheme == "http" && host == "localhost")
    }

    /// Whether `value` is `TEAMID.bundle.id`: ten uppercase letters or digits, a dot, a bundle id.
    static func isAppleAppID(_ value: String) -> Bool {
        let parts = value.split(separator: ".", maxSplits: 1)
        return parts.count == 2 && parts[0].count == 10
            && parts[0].unicodeScalars.allSatisfy { ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
            && parts[1].count <= 155
            && parts[1].unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "." || $0 == "-") }
    }

    static let module: ModuleDeclaration? = ModuleDeclaration(title: "Passkeys", access: .app)

    static let migrations = [
        Migration(
            1,
            [
                """
                CREATE TABLE passkeys (
                    app_id TEXT NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
                    credential_id TEXT NOT NULL,
                    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    name TEXT NOT NULL,
                    public_key TEXT NOT NULL,
                    sign_count BIGINT NOT NULL,
                    backup_eligible BIGINT NOT NULL,
                    backed_up BIGINT NOT NULL,
                    transports TEXT NOT NULL,
                    aaguid TEXT NOT NULL,
                    created_at BIGINT NOT NULL,
                    last_used_at BIGINT,
                    PRIMARY KEY (app_id, credential_id)
                )
                """,
                "CREATE INDEX passkeys_user ON passkeys(user_id)",
                """
                CREATE TABLE passkey_used_challenges (
                    digest TEXT PRIMARY KEY,
                    expires_at BIGINT NOT NULL
                )
                """,
                "CREATE INDEX passkey_used_challenges_expiry ON passkey_used_challenges(expires_at)",
            ]
        )
    ]

    static let tables: [OwnedTable] = [
        OwnedTable(
            name: "passkeys",
            userData: .owned(column: "user_id", section: "passkeys"),
            merge: .dropped(why: "a passkey is an identity: its user is no guest, and only guests merge")
        ),
        OwnedTable(name: "passkey_used_challenges", userData: .none(why: "digests of used WebAuthn challenges, kept until they expire")),
    ]

    /// A used challenge is kept only while it could still be presented.
    static let sweeps = [
        JanitorSweep(name: "usedPasskeyChallenges") { now in
            "DELETE FROM passkey_used_challenges WHERE expires_at < \(bind: now) RETURNING digest"
        }
    ]

    static func export(of user: UserPrincipal, from sources: ExportSources) async throws -> [String: any Encodable & Sendable] {
        let passkeys = try await sources.driver.read { db in
            try await PasskeyStore().list(userID: user.userID, appID: user.app.id, in: db)
        }
        return ["passkeys": passkeys.map(\.record)]
    }

    func routes(into table: inout RouteTable) {
        table.json(.post, "/v1/me/passkeys/options", operation: "passkeyCreationOptions", access: .user(.profile)) { _, context in
            try await registration.options(for: try context.user)
        }

        table.json(
            .post,
            "/v1/me/passkeys",
            operation: "registerPasskey",
            access: .user(.profile),
            body: PasskeyRegistrationRequest.self,
            status: .created
        ) { body, _, context in
            try await registration.register(body, principal: try context.user)
        }

        table.json(.get, "/v1/me/passkeys", operation: "listPasskeys", access: .user(.profile)) { _, context in
            PasskeyList(passkeys: try await registration.list(principal: try context.user))
        }

        table.on(.delete, "/v1/me/passkeys/{id}", operation: "deletePasskey", access: .user(.profile)) { _, context in
            try await registration.remove(id: try context.parameters.require("id"), principal: try context.user)
            return Response(status: .noContent)
        }

        table.json(.post, "/v1/auth/passkey/options", operation: "passkeyRequestOptions", access: .app) { _, context in
            try signIn.options(app: try context.app)
        }

        table.json(.post, "/v1/auth/passkey", operation: "signInWithPasskey", access: .app, body: PasskeySignInRequest.self) { body, _, context in
            try await signIn.signIn(body.credential, app: try context.app, client: context.clientInfo)
        }

        table.on(.get, "/.well-known/apple-app-site-association", operation: "getAppleAppSiteAssociation", access: .anyone) { _, _ in
            try JSONResponse.make(object: try await associations.appleAppSiteAssociation(), headers: [.cacheControl: "public, max-age=300"])
        }

        table.on(.get, "/.well-known/assetlinks.json", operation: "getAssetLinks", access: .anyone) { _, _ in
            let statements = try await associations.assetLinks()
            return try JSONResponse.make(statements, headers: [.cacheControl: "public, max-age=300"])
        }
    }
}
