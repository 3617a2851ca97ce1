#if canImport(AuthenticationServices) && (os(iOS) || os(macOS) || os(visionOS))
public import AuthenticationServices
import Foundation
import LatchkeyWire

extension AuthClient {
    /// Creates a passkey for the signed-in user with the system's passkey sheet (iCloud Keychain
    /// or the user's credential manager) and registers it — ``passkeyCreationOptions()``,
    /// `ASAuthorizationPlatformPublicKeyCredentialProvider`, then ``registerPasskey(_:name:)``.
    ///
    /// The app needs the Associated Domains entitlement `webcredentials:<RP ID>` (the server's
    /// host, or the app's `passkeyRPID`), and the app's `appleAppIDs` must list it, so the
    /// server's `/.well-known/apple-app-site-association` vouches for it. Closing the sheet throws
    /// ``LatchkeyError/Kind/passkeyCancelled``.
    @MainActor
    @discardableResult
    public func registerPasskey(name: String? = nil, presentationAnchor: ASPresentationAnchor? = nil) async throws -> PasskeyRecord {
        let options = try await passkeyCreationOptions()
        guard let challenge = Data(base64URL: options.challenge), let userID = Data(base64URL: options.user.id) else {
            throw LatchkeyError.invalidOperation("the server's passkey options are malformed")
        }
        let provider = ASAuthorizationPlatformPublicKeyCredentialProvider(relyingPartyIdentifier: options.rp.id)
        let request = provider.createCredentialRegistrationRequest(challenge: challenge, name: options.user.name, userID: userID)
        request.userVerificationPreference = options.authenticatorSelection.userVerification == "required" ? .required : .preferred
        guard case .registration(let credential) = try await PasskeySheet(anchor: try Self.anchor(presentationAnchor)).perform(request) else {
            throw LatchkeyError.invalidOperation("the passkey sheet answered with no new passkey")
        }
        return try await registerPasskey(credential, name: name)
    }

    /// Signs in with one of the user's passkeys through the system's passkey sheet, without a
    /// username — ``passkeySignInOptions()``, `ASAuthorizationPlatformPublicKeyCredentialProvider`,
    /// then ``signIn(passkey:)``. Needs the same entitlement as ``registerPasskey(name:presentationAnchor:)``.
    @MainActor
    @discardableResult
    public func signInWithPasskey(presentationAnchor: ASPresentationAnchor? = nil) async throws -> CurrentUser {
        let options = try await passkeySignInOptions()
        guard let challenge = Data(base64URL: options.challenge) else {
            throw LatchkeyError.invalidOperation("the server's passkey options are malformed")
        }
        let provider = ASAuthorizationPlatformPublicKeyCredentialProvider(relyingPartyIdentifier: options.rpId)
        let request = provider.createCredentialAssertionRequest(challenge: challenge)
        request.userVerificationPreference = options.userVerification == "required" ? .required : .preferred
        guard case .assertion(let credential) = try await PasskeySheet(anchor: try Self.anchor(presentationAnchor)).perform(request) else {
            throw LatchkeyError.invalidOperation("the passkey sheet answered with no passkey")
        }
        return try await signIn(passkey: credential)
    }

    @MainActor
    private static func anchor(_ given: ASPresentationAnchor?) throws -> ASPresentationAnchor {
        guard let anchor = given ?? WebLoginSheet.keyWindow else { throw LatchkeyError.invalidOperation("no window to show the passkey sheet over") }
        return anchor
    }
}

extension Latchkey {
    /// ``AuthClient/registerPasskey(name:presentationAnchor:)``.
    @MainActor
    @discardableResult
    public func registerPasskey(name: String? = nil, presentationAnchor: ASPresentationAnchor? = nil) async throws -> PasskeyRecord {
        try await auth.registerPasskey(name: name, presentationAnchor: presentationAnchor)
    }

    /// ``AuthClient/signInWithPasskey(presentationAnchor:)``.
    @MainActor
    @discardableResult
    public func signInWithPasskey(presentationAnchor: ASPresentationAnchor? = nil) async throws -> CurrentUser {
        try await auth.signInWithPasskey(presentationAnchor: presentationAnchor)
    }
}

/// What the passkey sheet answered, as the ceremony JSON the server takes.
private enum PasskeyCeremonyResult: Sendable {
    case registration(PasskeyRegistrationCredential)
    case assertion(PasskeyAssertionCredential)
}

/// One `ASAuthorizationController` request over a window, kept until its delegate is called.
@MainActor
private final class PasskeySheet: NSObject, ASAuthorizationControllerDelegate, ASAuthorizationControllerPresentationContextProviding {
    let anchor: ASPresentationAnchor
    private var controller: ASAuthorizationController?
    private var continuation: CheckedContinuation<PasskeyCeremonyResult, any Error>?

    init(anchor: ASPresentationAnchor) {
        self.anchor = anchor
    }

    func perform(_ request: ASAuthorizationRequest) async throws -> PasskeyCeremonyResult {
        defer { controller = nil }
        return try await withCheckedThrowingContinuation { continuation in
            self.continuation = continuation
            let controller = ASAuthorizationController(authorizationRequests: [request])
            controller.delegate = self
            controller.presentationContextProvider = self
            self.controller = controller
            controller.performRequests()
        }
    }

    nonisolated func presentationAnchor(for controller: ASAuthorizationController) -> ASPresentationAnchor {
        MainActor.assumeIsolated { anchor }
    }

    nonisolated func authorizationController(controller: ASAuthorizationController, didCompleteWithAuthorization authorization: ASAuthorization) {
        let result: Result<PasskeyCeremonyResult, any Error>
        if let registration = authorization.credential as? ASAuthorizationPlatformPublicKeyCredentialRegistration,
            let attestation = registration.rawAttestationObject
        {
            result = .success(
                .registration(
                    PasskeyRegistrationCredential(
                        id: registration.credentialID.base64URL,
                        response: .init(
                            clientDataJSON: registration.rawClientDataJSON.base64URL, attestationObject: attestation.base64URL,
                            transports: ["internal", "hybrid"]),
                        authenticatorAttachment: "platform")))
        } else if let assertion = authorization.credential as? ASAuthorizationPlatformPublicKeyCredentialAssertion {
            result = .success(
                .assertion(
                    PasskeyAssertionCredential(
                        id: assertion.credentialID.base64URL,
                        response: .init(
                            clientDataJSON: assertion.rawClientDataJSON.base64URL, authenticatorData: assertion.rawAuthenticatorData.base64URL,
                            signature: assertion.signature.base64URL, userHandle: assertion.userID.base64URL),
                        authenticatorAttachment: "platform")))
        } else {
            result = .failure(LatchkeyError.invalidOperation("the passkey sheet answered with another kind of credential"))
        }
        MainActor.assumeIsolated { finish(result) }
    }

    nonisolated func authorizationController(controller: ASAuthorizationController, didCompleteWithError error: any Error) {
        let cancelled = (error as? ASAuthorizationError)?.code == .canceled
        let failure: any Error = cancelled ? LatchkeyError.passkeyCancelled : LatchkeyError.invalidOperation("the passkey request failed: \(error)")
        MainActor.assumeIsolated { finish(.failure(failure)) }
    }

    private func finish(_ result: Result<PasskeyCeremonyResult, any Error>) {
        continuation?.resume(with: result)
        continuation = nil
    }
}

extension Data {
    /// The data of a base64url string without padding.
    fileprivate init?(base64URL string: String) {
        var base64 = string.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        self.init(base64Encoded: base64)
    }

    /// The data as base64url without padding.
    fileprivate var base64URL: String { PKCE.base64URL(Array(self)) }
}
#endif
