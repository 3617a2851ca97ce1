import Foundation
import Hummingbird
import LatchkeyWire
import SQLKit

/// Guests: `POST /v1/auth/anonymous` (Firebase and Supabase anonymous sign-in),
/// `POST /v1/auth/device` (Nakama device authentication), `POST /v1/me/upgrade`, which turns a
/// guest into a password account in place, and `POST /v1/me/merge`, which moves a guest's data
/// into an existing account (``GuestMerge``). Both sign-ins are off until the app adds `anonymous` or
/// `device` to its `signInMethods`, as Firebase and Supabase ship them; new guests count against
/// the IP's sign-up budget and the app's `guestLimit`, and guests idle past `guestIdleDays` are
/// purged whole by the janitor.
struct GuestsFeature: Feature {
    static let id = "guests"
    let requests: RequestReader
    let guests: GuestSignIn
    let upgrade: GuestUpgrade
    let merger: GuestMerge

    init(backend: LatchkeyBackend) {
        self.requests = backend.requests
        self.guests = GuestSignIn(backend: backend)
        self.upgrade = GuestUpgrade(backend: backend)
        self.merger = GuestMerge(backend: backend)
    }

    static let errorCodes: [ErrorCode] = [
        .invalidDeviceID, .guestLimitReached, .notAnonymous, .accountConflict, .invalidGuestToken, .mergeIntoSelf,
    ]

    static let settingsSection: SettingSection? = .signIn

    static let settings: [AppSetting] = [
        .integer(
            "guestLimit",
            \GuestsSettings.guestLimit,
            flag: "guest-limit",
            help: "Guests (anonymous and device accounts) the app may hold.",
            unit: .count,
            range: 0...Int.max,
            rule: "guest limit must be 0 or positive"
        ),
        .integer(
            "guestIdleDays",
            \GuestsSettings.guestIdleDays,
            flag: "guest-idle-days",
            help: "Days without a sign-in after which a guest is deleted.",
            unit: .days,
            range: 1...3_650,
            rule: "guest idle days must be 1 to 3650"
        ),
    ]

    static let module: ModuleDeclaration? = ModuleDeclaration(title: "Guest and device sign-in", access: .app)

    static let migrations = [
        Migration(
            1,
            [
                """
                CREATE TABLE guests (
                    user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
                    app_id TEXT NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
                    purge_at BIGINT NOT NULL
                )
                """,
                "CREATE INDEX guests_app ON guests(app_id)",
                "CREATE INDEX guests_purge ON guests(purge_at)",
            ]
        ),
        // How long the guest may stay idle, so a session kept alive by refreshes also keeps it.
        Migration(2, ["ALTER TABLE guests ADD COLUMN idle_seconds BIGINT NOT NULL DEFAULT 2592000"]),
    ]

    static let tables: [OwnedTable] = [
        OwnedTable(name: "guests", userData: .owned(column: "user_id", section: "guest"), merge: .dropped(why: "the account is no guest"))
    ]

    /// Guests idle past their app's `guestIdleDays` — no sign-in, and no session of theirs used
    /// (refreshed) within that time — a hundred per sweep; a guest who linked a credential since
    /// is no guest any more and never a candidate.
    static let purges = [
        UserPurge(name: "idleGuests") { now in
            """
            SELECT user_id, app_id FROM guests WHERE purge_at < \(bind: now) AND \(unsafeRaw: GuestStore.stillGuest)
                AND NOT EXISTS (SELECT 1 FROM sessions WHERE sessions.user_id = guests.user_id AND sessions.revoked_at IS NULL
                    AND sessions.last_used_at + guests.idle_seconds > \(bind: now))
            ORDER BY purge_at LIMIT 100
            """
        }
    ]

    /// Drops the guest rows of users who linked a credential some other way (a provider, a phone).
    static let sweeps = [
        JanitorSweep(name: "upgradedGuests") { _ in
            "DELETE FROM guests WHERE NOT \(unsafeRaw: GuestStore.stillGuest) RETURNING user_id"
        }
    ]

    static func export(of user: UserPrincipal, from sources: ExportSources) async throws -> [String: any Encodable & Sendable] {
        let purgeAt = try await sources.driver.read { db in try await GuestStore().purgeAt(userID: user.userID, in: db) }
        return purgeAt.map { ["guest": GuestExport(purgeAt: $0)] } ?? [:]
    }

    func routes(into table: inout RouteTable) {
        table.json(.post, "/v1/auth/anonymous", operation: "signInAnonymously", access: .app, status: .created) { _, context in
            let answer = try await guests.signIn(.anonymous, app: try context.app, client: context.clientInfo)
            return answer.response
        }

        table.on(.post, "/v1/auth/device", operation: "signInWithDevice", access: .app) { request, context in
            let body = try await requests.body(DeviceSignInRequest.self, of: request).value
            let answer = try await guests.signIn(
                .device(body.deviceId),
                app: try context.app,
                client: context.clientInfo
            )
            return try JSONResponse.make(answer.response, status: answer.created ? .created : .ok)
        }

        table.json(.post, "/v1/me/upgrade", operation: "upgradeGuest", access: .user(.profile), body: GuestUpgradeRequest.self) { body, _, context in
            let account = try await upgrade.upgrade(
                body,
                principal: try context.user,
                client: context.clientInfo,
                language: context.language
            )
            return account.record
        }

        table.json(.post, "/v1/me/merge", operation: "mergeGuest", access: .user(.public), body: GuestMergeRequest.self) { body, _, context in
            try await merger.merge(body, principal: try context.user)
        }
    }
}

/// The `guest` section of a guest's export: when the account goes if it stays idle.
struct GuestExport: Encodable, Sendable {
    var purgeAt: Date
}
