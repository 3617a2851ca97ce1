#if canImport(AuthenticationServices) && (os(iOS) || os(macOS) || os(visionOS))
public import AuthenticationServices
import Foundation
import LatchkeyWire

extension AuthClient {
    /// Creates a passkey for the signed-in user with the system's passkey sheet (iCloud Keychain
    /// or the user's credential manager) and registers it — ``passkeyCreationOptions()``,
    /// `ASAuthorizationPlatformPublicKeyCredentialProvider`, then ``registerPasskey(_:name:)``.
    /// The user's passkeys the server lists (`excludeCredentials`) are excluded, so the sheet does
    /// not make a second one on the same account (iOS 17.4 and macOS; earlier iOS and visionOS
    /// ignore the list).
    ///
    /// The app needs the Associated Domains entitlement `webcredentials:<RP ID>` (the server's
    /// host, or the app's `passkeyRPID`), and the app's `appleAppIDs` must list it, so the
    /// server's `/.well-known/apple-app-site-association` vouches for it. Closing the sheet, or
    /// cancelling the task (which closes it), throws ``LatchkeyError/Kind/passkeyCancelled``. The
    /// sheet is shown over `presentationAnchor`; app extensions call this one.
    @MainActor
    @discardableResult
    public func registerPasskey(name: String? = nil, presentationAnchor: ASPresentationAnchor) async throws -> PasskeyRecord {
        let options = try await passkeyCreationOptions()
        guard let challenge = Data(base64URL: options.challenge), let userID = Data(base64URL: options.user.id) else {
            throw LatchkeyError.invalidOperation("the server's passkey options are malformed")
        }
        let provider = ASAuthorizationPlatformPublicKeyCredentialProvider(relyingPartyIdentifier: options.rp.id)
        let request = provider.createCredentialRegistrationRequest(challenge: challenge, name: options.user.name, userID: userID)
        request.userVerificationPreference = options.authenticatorSelection.userVerification == "required" ? .required : .preferred
        #if os(iOS) || os(macOS)
        if #available(iOS 17.4, *) {  // macOS 13.5, below the package's minimum
            request.excludedCredentials = try Self.descriptors(options.excludeCredentials)
        }
        #endif
        guard case .registration(let credential) = try await PasskeySheet(anchor: presentationAnchor).perform(request) else {
            throw LatchkeyError.invalidOperation("the passkey sheet answered with no new passkey")
        }
        return try await registerPasskey(credential, name: name)
    }

    /// ``registerPasskey(name:presentationAnchor:)`` over `presentationAnchor` or, when nil, the
    /// app's key window. Unavailable in app extensions, which have no key window to find.
    @available(iOSApplicationExtension, unavailable)
    @available(macCatalystApplicationExtension, unavailable)
    @available(visionOSApplicationExtension, unavailable)
    @MainActor
    @discardableResult
    public func registerPasskey(name: String? = nil, presentationAnchor: ASPresentationAnchor? = nil) async throws -> PasskeyRecord {
        try await registerPasskey(name: name, presentationAnchor: try WebLoginSheet.anchor(presentationAnchor, for: "the passkey sheet"))
    }

    /// Signs in with one of the user's passkeys through the system's passkey sheet —
    /// ``passkeySignInOptions()``, `ASAuthorizationPlatformPublicKeyCredentialProvider`, then
    /// ``signIn(passkey:)``. Without a username the server allows any of the user's discoverable
    /// passkeys; the credentials it lists (`allowCredentials`) are the only ones the sheet offers.
    /// Needs the same entitlement as ``registerPasskey(name:presentationAnchor:)``; closing the
    /// sheet or cancelling the task throws ``LatchkeyError/Kind/passkeyCancelled``. The sheet is
    /// shown over `presentationAnchor`; app extensions call this one.
    @MainActor
    @discardableResult
    public func signInWithPasskey(presentationAnchor: ASPresentationAnchor) async throws -> CurrentUser {
        let options = try await passkeySignInOptions()
        guard let challenge = Data(base64URL: options.challenge) else {
            throw LatchkeyError.invalidOperation("the server's passkey options are malformed")
        }
        let provider = ASAuthorizationPlatformPublicKeyCredentialProvider(relyingPartyIdentifier: options.rpId)
        let request = provider.createCredentialAssertionRequest(challenge: challenge)
        request.userVerificationPreference = options.userVerification == "required" ? .required : .preferred
        request.allowedCredentials = try Self.descriptors(options.allowCredentials)
        guard case .assertion(let credential) = try await PasskeySheet(anchor: presentationAnchor).perform(request) else {
            throw LatchkeyError.invalidOperation("the passkey sheet answered with no passkey")
        }
        return try await signIn(passkey: credential)
    }

    /// ``signInWithPasskey(presentationAnchor:)`` over `presentationAnchor` or, when nil, the app's
    /// key window. Unavailable in app extensions, which have no key window to find.
    @available(iOSApplicationExtension, unavailable)
    @available(macCatalystApplicationExtension, unavailable)
    @available(visionOSApplicationExtension, unavailable)
    @MainActor
    @discardableResult
    public func signInWithPasskey(presentationAnchor: ASPresentationAnchor? = nil) async throws -> CurrentUser {
        try await signInWithPasskey(presentationAnchor: try WebLoginSheet.anchor(presentationAnchor, for: "the passkey sheet"))
    }

    /// The server's credential descriptors as the platform provider takes them.
    private static func descriptors(_ descriptors: [Descriptor]) throws -> [ASAuthorizationPlatformPublicKeyCredentialDescriptor] {
        try descriptors.map { descriptor in
            guard let id = Data(base64URL: descriptor.id) else {
                throw LatchkeyError.invalidOperation("the server's passkey options are malformed")
            }
            return ASAuthorizationPlatformPublicKeyCredentialDescriptor(credentialID: id)
        }
    }
}

extension Latchkey {
    /// ``AuthClient/registerPasskey(name:presentationAnchor:)`` over the given window; app
    /// extensions call this one.
    @MainActor
    @discardableResult
    @available(*, deprecated, message: "use auth.registerPasskey")
    public func registerPasskey(name: String? = nil, presentationAnchor: ASPresentationAnchor) async throws -> PasskeyRecord {
        try await auth.registerPasskey(name: name, presentationAnchor: presentationAnchor)
    }

    /// ``AuthClient/registerPasskey(name:presentationAnchor:)`` over the given window or the app's
    /// key window; unavailable in app extensions.
    @available(iOSApplicationExtension, unavailable)
    @available(macCatalystApplicationExtension, unavailable)
    @available(visionOSApplicationExtension, unavailable)
    @MainActor
    @discardableResult
    @available(*, deprecated, message: "use auth.registerPasskey")
    public func registerPasskey(name: String? = nil, presentationAnchor: ASPresentationAnchor? = nil) async throws -> PasskeyRecord {
        try await auth.registerPasskey(name: name, presentationAnchor: presentationAnchor)
    }

    /// ``AuthClient/signInWithPasskey(presentationAnchor:)`` over the given window; app extensions
    /// call this one.
    @MainActor
    @discardableResult
    @available(*, deprecated, message: "use auth.signInWithPasskey")
    public func signInWithPasskey(presentationAnchor: ASPresentationAnchor) async throws -> CurrentUser {
        try await auth.signInWithPasskey(presentationAnchor: presentationAnchor)
    }

    /// ``AuthClient/signInWithPasskey(presentationAnchor:)`` over the given window or the app's
    /// key window; unavailable in app extensions.
    @available(iOSApplicationExtension, unavailable)
    @available(macCatalystApplicationExtension, unavailable)
    @available(visionOSApplicationExtension, unavailable)
    @MainActor
    @discardableResult
    @available(*, deprecated, message: "use auth.signInWithPasskey")
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
    /// Resumes ``perform(_:)``, once: the delegate may still answer after a cancelled task did.
    private var answer: (@Sendable (Result<PasskeyCeremonyResult, any Error>) -> Void)?

    init(anchor: ASPresentationAnchor) {
        self.anchor = anchor
    }

    /// Performs `request`; a cancelled task cancels the controller, which closes the sheet.
    func perform(_ request: ASAuthorizationRequest) async throws -> PasskeyCeremonyResult {
        defer {
            controller = nil
            answer = nil
        }
        let dismiss: @MainActor @Sendable () -> Void = { self.controller?.cancel() }
        return try await awaitSystemSheet(cancelled: .passkeyCancelled, dismiss: dismiss) { answer in
            self.answer = answer
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
                            clientDataJSON: registration.rawClientDataJSON.base64URL,
                            attestationObject: attestation.base64URL,
                            transports: ["internal", "hybrid"]
                        ),
                        authenticatorAttachment: "platform"
                    )
                )
            )
        } else if let assertion = authorization.credential as? ASAuthorizationPlatformPublicKeyCredentialAssertion {
            result = .success(
                .assertion(
                    PasskeyAssertionCredential(
                        id: assertion.credentialID.base64URL,
                        response: .init(
                            clientDataJSON: assertion.rawClientDataJSON.base64URL,
                            authenticatorData: assertion.rawAuthenticatorData.base64URL,
                            signature: assertion.signature.base64URL,
                            userHandle: assertion.userID.base64URL
                        ),
                        authenticatorAttachment: "platform"
                    )
                )
            )
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
        answer?(result)
        answer = nil
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
