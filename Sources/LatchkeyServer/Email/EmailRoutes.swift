import Hummingbird
import LatchkeyWire

/// Email verification, password reset and email change: `/v1/me/email*` for the signed-in user,
/// `/v1/auth/email/verify` and `/v1/auth/password/reset*` for link holders.
struct EmailRoutes {
    let backend: LatchkeyBackend

    func register(on router: Router<LatchkeyRequestContext>) {
        let links = EmailLinks(backend: backend)
        let authenticator = Authenticator(backend: backend)

        router.post("v1/me/email/verification") { request, context -> Response in
            let principal = try await authenticator.principal(for: request)
            try await links.sendVerification(
                principal: principal, client: backend.client(of: request, context: context), language: Language(of: request))
            return Response(status: .accepted)
        }

        router.post("v1/me/email") { request, context -> Response in
            let principal = try await authenticator.principal(for: request)
            let body = try await backend.body(EmailChangeRequest.self, of: request).value
            try await links.requestChange(
                to: body.email, principal: principal, client: backend.client(of: request, context: context),
                language: Language(of: request))
            return Response(status: .accepted)
        }

        router.post("v1/auth/email/verify") { request, _ -> Response in
            let body = try await backend.body(EmailTokenRequest.self, of: request).value
            try await links.verify(token: body.token)
            return Response(status: .noContent)
        }

        router.post("v1/auth/password/reset") { request, context -> Response in
            let app = try await backend.app(namedBy: request)
            let body = try await backend.body(PasswordResetRequest.self, of: request).value
            try await links.requestReset(
                email: body.email, app: app, client: backend.client(of: request, context: context), language: Language(of: request))
            return Response(status: .accepted)
        }

        router.post("v1/auth/password/reset/confirm") { request, _ -> Response in
            let body = try await backend.body(PasswordResetConfirmation.self, of: request).value
            try await links.confirmReset(token: body.token, password: body.password)
            return Response(status: .noContent)
        }
    }
}
