import Foundation
import HTTPTypes
import Hummingbird
import LatchkeyWire

/// "Email me a code" on the sign-in page, for an app whose `signInMethods` has `emailCode`: the
/// address (`POST /oauth/authorize/email`) gets a code as from `POST /v1/auth/email/otp` — the
/// same answer for every address, the same throttles, an account made at the first sign-in —
/// and the code (`POST /oauth/authorize/email/verify`) signs the browser in as
/// `POST /v1/auth/email/otp/verify` does, through the second factor where the user has one.
extension HostedLoginFeature {
    /// `POST /oauth/authorize/email`: sends the code, then asks for it.
    func emailCodeStart(_ request: Request, context: LatchkeyRequestContext) async throws -> Response {
        try await step(request, context) { authz, form, language in
            let email = form["email"]?.trimmingCharacters(in: .whitespaces) ?? ""
            do {
                _ = try await emailSignIn.send(
                    EmailCodeRequest(email: email),
                    app: authz.app,
                    client: context.clientInfo,
                    language: language
                )
                return try emailCodeEntryPage(authz, request: request, language: language, email: email)
            } catch let error as APIError {
                return try emailPage(
                    "login/email",
                    title: "login.email.title",
                    authz,
                    request: request,
                    language: language,
                    email: email,
                    errors: pageErrors(error, fields: ["email"], language: language),
                    status: error.status
                )
            }
        }
    }

    /// `POST /oauth/authorize/email/verify`: the code signs the user in (making the account on
    /// first use, as the API does).
    func emailCodeVerify(_ request: Request, context: LatchkeyRequestContext) async throws -> Response {
        try await step(request, context) { authz, form, language in
            let email = form["email"] ?? ""
            let code = (form["code"] ?? "").filter { !$0.isWhitespace }
            let client = context.clientInfo
            return try await finishSignIn(authz, request: request, browserCookie: context.browserSessionCookie, client: client, language: language) {
                try await emailSignIn.verify(
                    EmailCodeVerifyRequest(email: email, code: code),
                    app: authz.app,
                    client: client,
                    language: language
                ).0
            } refused: { error in
                try emailCodeEntryPage(
                    authz,
                    request: request,
                    language: language,
                    email: email,
                    errors: pageErrors(error, fields: ["code"], typed: "code", language: language),
                    status: error.status
                )
            }
        }
    }
}
