import Foundation
import Hummingbird
import LatchkeyWire

/// `/v1/me/*`: the signed-in user's own account, sessions and data export.
struct MeFeature: Feature {
    static let id = "me"
    let sessions: SessionStore
    let time: any TimeSource
    let userCache: UserCache
    let administration: UserAdministration
    let requests: RequestReader
    let exportSources: ExportSources
    let recentAuthentication: RecentAuthentication

    let accounts: AccountService
    let reauthentication: Reauthentication
    init(backend: LatchkeyBackend) {
        self.sessions = backend.sessions
        self.time = backend.time
        self.userCache = backend.userCache
        self.administration = backend.administration
        self.requests = backend.requests
        self.exportSources = ExportSources(backend: backend)
        self.recentAuthentication = RecentAuthentication(sessions: backend.sessions, time: backend.time)
        self.accounts = AccountService(backend: backend)
        self.reauthentication = Reauthentication(backend: backend)
    }

    static let module: ModuleDeclaration? = ModuleDeclaration(title: "The signed-in user's account", access: .user(.profile))

    func routes(into table: inout RouteTable) {
        let me = Access.user(.profile)

        table.on(.get, "/v1/me", operation: "getMe", access: me) { _, context in
            let user = try context.user
            guard let record = try await userCache.recordJSON(id: user.userID, appID: user.app.id) else {
                throw APIError.invalidToken()
            }
            return JSONResponse.make(encoded: record)
        }

        table.json(.patch, "/v1/me", operation: "updateMe", access: me) { request, context in
            let (update, present) = try await requests.body(UpdateUserRequest.self, of: request)
            return try await updated(update, present: present, principal: try context.user, language: context.language).record
        }

        table.on(.delete, "/v1/me", operation: "deleteMe", access: me) { _, context in
            let user = try context.user
            try await recentAuthentication.require(user)
            try await administration.deleteUser(userID: user.userID, appID: user.app.id)
            return Response(status: .noContent)
        }

        table.command(.post, "/v1/me/password", operation: "changePassword", access: me, body: ChangePasswordRequest.self) { body, _, context in
            try await accounts.changePassword(body, principal: try context.user, client: context.clientInfo)
        }

        table.command(.post, "/v1/me/reauthenticate", operation: "reauthenticate", access: me, body: ReauthenticationRequest.self) {
            body,
            _,
            context in
            try await reauthentication.reauthenticate(
                body,
                principal: try context.user,
                client: context.clientInfo
            )
        }

        table.json(.get, "/v1/me/sessions", operation: "listSessions", access: me) { _, context in
            let user = try context.user
            let sessions = try await sessions.list(userID: user.userID, at: time.now())
            return SessionList(sessions: sessions.map { $0.descriptor(current: user.sessionID) })
        }

        table.on(.delete, "/v1/me/sessions/{id}", operation: "endMySession", access: me) { _, context in
            let user = try context.user
            let id = try context.parameters.require("id")
            guard let session = try await sessions.find(id: id), session.userID == user.userID else {
                throw APIError(.notFound, .notFound)
            }
            try await accounts.signOut(sessionID: session.id, userID: user.userID, everywhere: false)
            return Response(status: .noContent)
        }

        table.on(.get, "/v1/me/export", operation: "exportAccount", access: me) { _, context in
            let export = try await AccountExportDocument.make(of: try context.user, from: exportSources, at: time.now())
            return try JSONResponse.make(
                export,
                headers: [.contentDisposition: #"attachment; filename="latchkey-export.json""#]
            )
        }
    }

    /// Stores a profile change and answers the account as it is now.
    private func updated(
        _ update: UpdateUserRequest,
        present: Set<String>,
        principal: UserPrincipal,
        language: Language
    ) async throws -> UserAccount {
        try await accounts.updateProfile(update, present: present, principal: principal, language: language)
        return try await account(of: principal)
    }

    private func account(of principal: UserPrincipal) async throws -> UserAccount {
        guard let account = try await userCache.account(id: principal.userID, appID: principal.app.id) else {
            throw APIError.invalidToken()
        }
        return account
    }
}
