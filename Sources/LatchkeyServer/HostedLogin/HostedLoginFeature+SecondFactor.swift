import Foundation
import HTTPTypes
import Hummingbird
import LatchkeyWire

/// The hosted login's second step: a password or PIN sign-in that answered `mfa_required` shows
/// the code page, whose form (`POST /oauth/authorize/mfa`) completes the sign-in through
/// ``MFASignIn`` — its attempt limits, throttles and single use — and the flow goes on as after
/// any sign-in.
extension HostedLoginFeature {
    /// The code page for an `mfa_required` answer; where the app requires an authenticator the
    /// user lacks, a new one is started and its secret shown above the code field.
    func askForSecondFactor(_ error: APIError, authz: AuthorizationRequest, request: Request, language: Language) async throws -> Response {
        guard let challenge = error.challenge else { throw error }
        let enrollment = challenge.enrollment ? try await secondFactor.enroll(challenge: challenge.token, app: authz.app) : nil
        return try secondFactorPage(authz, request: request, language: language, challenge: challenge.token, enrollment: enrollment)
    }

    /// `POST /oauth/authorize/mfa`: six digits are an authenticator code, anything else a
    /// recovery code. A challenge that can no longer be used sends the user back to signing in.
    func completeSecondFactor(_ request: Request, context: LatchkeyRequestContext) async throws -> Response {
        try await step(request, fields: ["challenge", "code"]) { authz, form, language in
            let challenge = form["challenge"] ?? ""
            let code = (form["code"] ?? "").filter { !$0.isWhitespace }
            let isTOTP = code.count == TOTP.digits && code.allSatisfy { $0.isASCII && $0.isNumber }
            do {
                let answer = try await mfa.complete(
                    MFACompletionRequest(challenge: challenge, code: isTOTP ? code : nil, recoveryCode: isTOTP ? nil : code), app: authz.app,
                    client: requests.client(of: request, context: context))
                return try await adopt(answer, authz: authz, request: request, language: language)
            } catch let error as APIError where error.code == .mfaChallengeExpired {
                return try signInPage(
                    authz, request: request, language: language,
                    errors: [PageError(field: "", message: Messages.text(for: error.code, in: language).title)], status: error.status)
            } catch let error as APIError {
                return try secondFactorPage(
                    authz, request: request, language: language, challenge: challenge,
                    errors: pageErrors(error, fields: ["code"], language: language), status: error.status)
            }
        }
    }
}
