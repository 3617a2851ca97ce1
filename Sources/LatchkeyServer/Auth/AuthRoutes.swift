import Hummingbird
import LatchkeyWire

/// `/v1/auth/*`: the SDK's native sign-up, sign-in, refresh, sign-out and session endpoints.
struct AuthRoutes {
    let backend: LatchkeyBackend

    func register(on router: Router<LatchkeyRequestContext>) {
        let accounts = AccountService(backend: backend)
        let authenticator = Authenticator(backend: backend)
        let group = router.group("v1/auth")

        group.post("signup") { request, context -> Response in
            let app = try await backend.app(namedBy: request)
            let body = try await backend.body(SignUpRequest.self, of: request).value
            let response = try await accounts.signUp(body, app: app, client: backend.client(of: request, context: context))
            return try JSONResponse.make(response, status: .created)
        }

        group.post("signin") { request, context -> Response in
            let app = try await backend.app(namedBy: request)
            let body = try await backend.body(SignInRequest.self, of: request).value
            let response = try await accounts.signIn(
                username: body.username, email: body.email, password: body.password, app: app,
                client: backend.client(of: request, context: context))
            return try JSONResponse.make(response)
        }

        group.post("refresh") { request, _ -> Response in
            let app = try await backend.app(namedBy: request)
            let body = try await backend.body(RefreshRequest.self, of: request).value
            return try JSONResponse.make(try await accounts.refresh(body.refreshToken, app: app))
        }

        group.post("signout") { request, _ -> Response in
            let principal = try await authenticator.principal(for: request)
            let everywhere = request.uri.queryParameters["all"].map { $0 == "true" || $0 == "1" } ?? false
            try await accounts.signOut(sessionID: principal.sessionID, userID: principal.userID, everywhere: everywhere)
            return Response(status: .noContent)
        }

        group.get("session") { request, _ -> Response in
            let principal = try await authenticator.principal(for: request)
            guard let account = try await backend.userCache.account(id: principal.userID, appID: principal.app.id),
                let session = try await backend.sessions.find(id: principal.sessionID)
            else { throw APIError.invalidToken() }
            return try JSONResponse.make(
                CurrentSession(user: account.record, session: session.descriptor(current: principal.sessionID)))
        }
    }
}
