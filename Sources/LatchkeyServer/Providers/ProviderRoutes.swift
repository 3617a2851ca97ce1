import Hummingbird
import LatchkeyWire

/// `POST /v1/auth/external` (sign in with a provider token) and `/v1/me/identities` (link and
/// unlink providers of the signed-in user).
struct ProviderRoutes {
    let backend: LatchkeyBackend

    func register(on router: Router<LatchkeyRequestContext>) {
        let accounts = ExternalAccountService(backend: backend)
        let authenticator = Authenticator(backend: backend)

        router.post("v1/auth/external") { request, context -> Response in
            let app = try await backend.app(namedBy: request)
            let body = try await backend.body(ExternalSignInRequest.self, of: request).value
            let (response, created) = try await accounts.signIn(body, app: app, client: backend.client(of: request, context: context))
            return try JSONResponse.make(response, status: created ? .created : .ok)
        }

        router.post("v1/me/identities") { request, context -> Response in
            let principal = try await authenticator.principal(for: request)
            let body = try await backend.body(ExternalSignInRequest.self, of: request).value
            let account = try await accounts.link(body, principal: principal, client: backend.client(of: request, context: context))
            return try JSONResponse.make(account.record)
        }

        router.delete("v1/me/identities/:provider") { request, context -> Response in
            let principal = try await authenticator.principal(for: request)
            let account = try await accounts.unlink(name: try context.parameters.require("provider"), principal: principal)
            return try JSONResponse.make(account.record)
        }
    }
}
