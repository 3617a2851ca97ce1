import Foundation
import Hummingbird
import LatchkeyWire
import SQLKit

/// Children's accounts and parental consent (KWS). A sign-up younger than the consent age of its
/// country (``ConsentAge``) needs `parentEmail` and starts `pending`: the child signs in, but with
/// the restricted scope `openid profile` (no `public`) until the parent grants consent through the
/// signed link emailed to them (``ParentConsent``, ``ConsentPage``). The parent can deny, review
/// the child's export, revoke and delete; a child cannot change `dateOfBirth` or `parentEmail`;
/// accounts left without consent past `pendingConsentDays` are purged whole by the janitor.
///
/// What a pending (restricted) account may do, feature by feature: everything about its own
/// account and data (`/v1/me…`, sign-in, refresh, export, deletion), nothing others can see or
/// that reaches it from outside (routes declaring `.user(.public)` answer `403`
/// `insufficient_scope`; routes that differ read ``UserPrincipal/isRestricted``).
struct KidsFeature: Feature {
    static let id = "kids"
    let requests: RequestReader
    let consent: ParentConsent
    let pages: PageRenderer
    let csrf: CSRFProtection

    init(backend: LatchkeyBackend) {
        self.requests = backend.requests
        self.consent = ParentConsent(backend: backend)
        self.pages = backend.pages
        self.csrf = backend.csrf
    }

    static let module: ModuleDeclaration? = ModuleDeclaration(title: "Parental consent for children's accounts", access: .user(.profile))

    static let errorCodes: [ErrorCode] = [.parentEmailRequired, .fieldLocked, .consentNotPending]

    func routes(into table: inout RouteTable) {
        table.on(.post, "/v1/me/consent/request", operation: "resendConsentRequest", access: .user(.profile)) { request, context in
            try await consent.resend(principal: try context.user, language: context.language)
            return Response(status: .accepted)
        }

        table.on(.post, "/v1/consent/links", operation: "requestConsentLinks", access: .app) { request, context in
            let body = try await requests.body(ConsentLinksRequest.self, of: request).value
            try await consent.sendManageLinks(
                parentEmail: body.parentEmail,
                app: try context.app,
                client: context.clientInfo,
                language: context.language
            )
            return Response(status: .accepted)
        }

        ConsentPage(consent: consent, pages: pages, csrf: csrf).routes(into: &table)
    }

    static let migrations = [
        Migration(
            1,
            [
                """
                CREATE TABLE consents (
                    user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
                    app_id TEXT NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
                    parent_email TEXT NOT NULL,
                    status TEXT NOT NULL,
                    requested_at BIGINT NOT NULL,
                    decided_at BIGINT,
                    purge_at BIGINT
                )
                """,
                "CREATE INDEX consents_parent ON consents(app_id, parent_email)",
                "CREATE INDEX consents_purge ON consents(purge_at)",
                """
                CREATE TABLE consent_records (
                    id TEXT PRIMARY KEY,
                    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    action TEXT NOT NULL,
                    parent_email TEXT NOT NULL,
                    method TEXT NOT NULL,
                    permissions TEXT NOT NULL,
                    recorded_at BIGINT NOT NULL
                )
                """,
                "CREATE INDEX consent_records_user ON consent_records(user_id, recorded_at)",
            ]
        )
    ]

    /// Both go with the child (foreign keys): nothing of a deleted child survives, not even the
    /// record of the deletion — the server log notes the action and the app, nothing personal.
    static let tables: [OwnedTable] = [
        OwnedTable(
            name: "consents",
            userData: .owned(column: "user_id", section: "consent"),
            merge: .dropped(why: "a parent's consent is for one child's account; guests sign up without one")
        ),
        OwnedTable(
            name: "consent_records",
            userData: .owned(column: "user_id", section: "consent"),
            merge: .dropped(why: "a parent's consent is for one child's account; guests sign up without one")
        ),
    ]

    /// Children whose parent did not grant consent within the app's `pendingConsentDays`, a
    /// hundred per sweep.
    static let purges = [
        UserPurge(name: "pendingConsent") { now in
            "SELECT user_id, app_id FROM consents WHERE purge_at < \(bind: now) ORDER BY purge_at LIMIT 100"
        }
    ]

    /// The child's daily consent-email counter. The parent address's counter stays (the janitor
    /// sweeps it once stale, like every counter): it is the parent's, shared by their children,
    /// and dropping it with a child let sign-up-and-delete send a parent any number of emails.
    static func delete(_ user: UserAccount, in db: any SQLDatabase) async throws {
        guard user.consent != nil else { return }
        try await db.raw("DELETE FROM throttles WHERE key = \(bind: ParentConsent.childKey(user.id, appID: user.appID))").run()
    }

    /// The consent state and every record of it.
    static func export(of user: UserPrincipal, from sources: ExportSources) async throws -> [String: any Encodable & Sendable] {
        let store = ConsentStore()
        let (state, records) = try await sources.driver.read { db in
            (try await store.state(userID: user.userID, in: db), try await store.records(userID: user.userID, in: db))
        }
        guard let state else { return [:] }
        return ["consent": ConsentExport(state: state, records: records)]
    }
}

/// The `consent` section of a child's export.
struct ConsentExport: Encodable, Sendable {
    var state: ConsentState
    var records: [ConsentStore.Record]
}
