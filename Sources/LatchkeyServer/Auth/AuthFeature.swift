import Foundation
import Hummingbird
import LatchkeyWire

/// Accounts and sessions (`/v1/auth/*`): sign-up, sign-in, refresh, sign-out and the current
/// session, over the users, identities, sessions, refresh tokens and failure counters it owns.
struct AuthFeature: Feature {
    static let id = "auth"
    let sessions: SessionStore
    let userCache: UserCache
    let requests: RequestReader

    let accounts: AccountService
    init(backend: LatchkeyBackend) {
        self.sessions = backend.sessions
        self.userCache = backend.userCache
        self.requests = backend.requests
        self.accounts = AccountService(backend: backend)
    }

    static let module: ModuleDeclaration? = ModuleDeclaration(title: "Sign-up, sign-in and sessions", access: .app)

    func routes(into table: inout RouteTable) {

        table.json(.post, "/v1/auth/signup", operation: "signUp", access: .app, body: SignUpRequest.self, status: .created) { body, _, context in
            let response = try await accounts.signUp(
                body,
                app: try context.app,
                client: context.clientInfo,
                language: context.language
            )
            return response
        }

        table.json(.post, "/v1/auth/signin", operation: "signIn", access: .app, body: SignInRequest.self) { body, _, context in
            let response = try await accounts.signIn(
                username: body.username,
                email: body.email,
                password: body.password,
                app: try context.app,
                client: context.clientInfo
            )
            return response
        }

        table.on(.post, "/v1/auth/refresh", operation: "refreshSession", access: .app) { request, context in
            let body = try await requests.body(RefreshRequest.self, of: request).value
            return JSONResponse.make(encoded: try await accounts.refresh(body.refreshToken, app: try context.app).json())
        }

        table.on(.post, "/v1/auth/signout", operation: "signOut", access: .user(.profile)) { request, context in
            let user = try context.user
            let everywhere = request.uri.queryParameters["all"].map { $0 == "true" || $0 == "1" } ?? false
            try await accounts.signOut(sessionID: user.sessionID, userID: user.userID, everywhere: everywhere)
            return Response(status: .noContent)
        }

        table.json(.get, "/v1/auth/session", operation: "getCurrentSession", access: .user(.profile)) { _, context in
            let user = try context.user
            guard let account = try await userCache.account(id: user.userID, appID: user.app.id),
                let session = try await sessions.find(id: user.sessionID)
            else { throw APIError.invalidToken() }
            return CurrentSession(user: account.record, session: session.descriptor(current: user.sessionID))
        }
    }
}
