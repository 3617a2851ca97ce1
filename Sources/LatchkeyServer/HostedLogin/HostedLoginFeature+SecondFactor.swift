import Foundation
import HTTPTypes
import Hummingbird
import LatchkeyWire

/// The hosted login's second step: a sign-in that answered `mfa_required` shows the code page
/// (with a new authenticator's QR code where the app requires one the user lacks), whose form
/// (`POST /oauth/authorize/mfa`) completes the sign-in through ``MFASignIn`` — its attempt
/// limits, throttles and single use — and the flow goes on as after any sign-in; a sign-in that
/// enrolled the user's first authenticator shows their recovery codes once before it goes on. A
/// user may have the browser remembered for 30 days (``RememberedBrowsers``).
extension HostedLoginFeature {
    /// The code page for an `mfa_required` answer — or, in a browser that remembers the user's
    /// authenticator (``RememberedBrowsers``), the sign-in completed without it.
    func askForSecondFactor(
        _ error: APIError,
        authz: AuthorizationRequest,
        request: Request,
        browserCookie: String?,
        client: ClientInfo,
        language: Language
    ) async throws -> Response {
        if let challenge = error.challenge, !challenge.enrollment,
            let remembered = rememberedBrowsers.remembered(by: request, app: authz.app, at: time.now()),
            let answer = try await mfa.completeRemembered(challenge: challenge.token, remembered: remembered, app: authz.app, client: client)
        {
            return try await adopt(answer, authz: authz, request: request, browserCookie: browserCookie, language: language)
        }
        let prompt = try await SecondFactorPrompt.start(error, app: authz.app, factors: secondFactor)
        return try secondFactorPage(authz, request: request, language: language, prompt: prompt)
    }

    /// `POST /oauth/authorize/mfa`: six digits are an authenticator code, anything else a
    /// recovery code; `remember=1` remembers the browser for the user's authenticator. A
    /// challenge that can no longer be used sends the user back to signing in.
    func completeSecondFactor(_ request: Request, context: LatchkeyRequestContext) async throws -> Response {
        try await step(request, context) { authz, form, language in
            let challenge = form["challenge"] ?? ""
            do {
                let answer = try await mfa.complete(
                    MFASignIn.completion(challenge: challenge, typed: form["code"] ?? ""),
                    app: authz.app,
                    client: context.clientInfo
                )
                var response: Response
                if let recoveryCodes = answer.recoveryCodes {
                    guard
                        case let (_, cookie)? = try await browser.adopt(
                            answer,
                            app: authz.app,
                            replacing: context.browserSessionCookie,
                            at: time.now()
                        )
                    else {
                        return try signInPage(authz, request: request, language: language)
                    }
                    response = try recoveryCodesPage(authz, request: request, language: language, codes: recoveryCodes, cookie: cookie)
                } else {
                    response = try await adopt(
                        answer,
                        authz: authz,
                        request: request,
                        browserCookie: context.browserSessionCookie,
                        language: language
                    )
                }
                if form["remember"] == "1", let remembered = try await mfa.remembered(userID: answer.user.id) {
                    response.setCookie(rememberedBrowsers.cookie(remembered, app: authz.app, at: time.now()))
                }
                return response
            } catch let error as APIError where error.code == .mfaChallengeExpired {
                return try signInPage(
                    authz,
                    request: request,
                    language: language,
                    errors: [PageError(field: "", message: Messages.text(for: error.code, in: language).title)],
                    status: error.status
                )
            } catch let error as APIError {
                return try secondFactorPage(
                    authz,
                    request: request,
                    language: language,
                    prompt: SecondFactorPrompt(challenge: challenge),
                    errors: pageErrors(error, fields: ["code"], typed: "code", language: language),
                    status: error.status
                )
            }
        }
    }

    /// `POST /oauth/authorize/continue`: the flow after the recovery codes page, for the
    /// browser session that the second step just started — one older than a challenge's
    /// lifetime signs in again, so this form cannot stand in for a `prompt=login` later.
    func continueAfterSecondFactor(_ request: Request, context: LatchkeyRequestContext) async throws -> Response {
        try await step(request, context) { authz, _, language in
            let now = time.now()
            guard let session = try await browser.find(cookie: context.browserSessionCookie, app: authz.app, at: now),
                now.timeIntervalSince(session.authenticatedAt) <= TimeInterval(MFAChallenge.lifetime)
            else { return try signInPage(authz, request: request, language: language) }
            return try await signedIn(authz, session: session, request: request, language: language, cookie: nil)
        }
    }
}
