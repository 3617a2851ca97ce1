// The AuthenticationServices declarations the SDK uses, with the names, types and availability of
// Apple's Swift interface (iOS 17.4 / macOS 14.4 SDKs and Apple's documentation). Differences Linux
// forces: Objective-C `optional` protocol requirements are requirements with default
// implementations; error codes are plain Swift structs instead of bridged `NSError`s; Linux does not
// enforce `@available` for Apple platforms, so the attributes document but do not check. The
// framework's clang module re-exports UIKit (AppKit on macOS), as `@_exported` does here. Bodies are
// never run.
public import Foundation

#if canImport(UIKit)
@_exported public import UIKit
/// The window a sheet is shown over.
public typealias ASPresentationAnchor = UIWindow
#elseif canImport(AppKit)
@_exported public import AppKit
/// The window a sheet is shown over.
public typealias ASPresentationAnchor = NSWindow
#endif

// MARK: ASWebAuthenticationSession

@available(iOS 13.0, macOS 10.15, *)
public protocol ASWebAuthenticationPresentationContextProviding: NSObjectProtocol {
    func presentationAnchor(for session: ASWebAuthenticationSession) -> ASPresentationAnchor
}

@available(iOS 12.0, macOS 10.15, *)
open class ASWebAuthenticationSession: NSObject {
    public typealias CompletionHandler = (URL?, (any Error)?) -> Void

    @available(iOS 17.4, macOS 14.4, macCatalyst 17.4, tvOS 17.4, visionOS 1.1, watchOS 10.4, *)
    open class Callback: NSObject {
        open class func customScheme(_ customScheme: String) -> Self { fatalError("stub") }
        open class func https(host: String, path: String) -> Self { fatalError("stub") }
    }

    public init(url URL: URL, callbackURLScheme: String?, completionHandler: @escaping CompletionHandler) { fatalError("stub") }

    @available(iOS 17.4, macOS 14.4, macCatalyst 17.4, tvOS 17.4, visionOS 1.1, watchOS 10.4, *)
    public init(url URL: URL, callback: Callback, completionHandler: @escaping CompletionHandler) { fatalError("stub") }

    @available(iOS 13.0, macOS 10.15, *)
    weak open var presentationContextProvider: (any ASWebAuthenticationPresentationContextProviding)?

    @available(iOS 13.0, macOS 10.15, *)
    open var prefersEphemeralWebBrowserSession: Bool = false

    @available(iOS 13.4, macOS 10.15.4, *)
    open var canStart: Bool { fatalError("stub") }

    open func start() -> Bool { fatalError("stub") }

    open func cancel() { fatalError("stub") }
}

@available(iOS 12.0, macOS 10.15, *)
public struct ASWebAuthenticationSessionError: Error, Hashable {
    public enum Code: Int, Sendable {
        case canceledLogin = 1
        case presentationContextNotProvided = 2
        case presentationContextInvalid = 3
    }

    public var code: Code
}

// MARK: ASAuthorizationController

@available(iOS 13.0, macOS 10.15, *)
open class ASAuthorizationRequest: NSObject {}

@available(iOS 13.0, macOS 10.15, *)
public protocol ASAuthorizationCredential: NSObjectProtocol {}

@available(iOS 13.0, macOS 10.15, *)
open class ASAuthorization: NSObject {
    open var credential: any ASAuthorizationCredential { fatalError("stub") }
}

@available(iOS 13.0, macOS 10.15, *)
public protocol ASAuthorizationControllerDelegate: NSObjectProtocol {
    func authorizationController(controller: ASAuthorizationController, didCompleteWithAuthorization authorization: ASAuthorization)
    func authorizationController(controller: ASAuthorizationController, didCompleteWithError error: any Error)
}

extension ASAuthorizationControllerDelegate {
    // Objective-C `optional` requirements.
    public func authorizationController(controller: ASAuthorizationController, didCompleteWithAuthorization authorization: ASAuthorization) {}
    public func authorizationController(controller: ASAuthorizationController, didCompleteWithError error: any Error) {}
}

@available(iOS 13.0, macOS 10.15, *)
public protocol ASAuthorizationControllerPresentationContextProviding: NSObjectProtocol {
    func presentationAnchor(for controller: ASAuthorizationController) -> ASPresentationAnchor
}

@available(iOS 13.0, macOS 10.15, *)
open class ASAuthorizationController: NSObject {
    open var authorizationRequests: [ASAuthorizationRequest] { fatalError("stub") }
    weak open var delegate: (any ASAuthorizationControllerDelegate)?
    weak open var presentationContextProvider: (any ASAuthorizationControllerPresentationContextProviding)?

    public init(authorizationRequests: [ASAuthorizationRequest]) { fatalError("stub") }

    open func performRequests() { fatalError("stub") }

    @available(iOS 16.0, macOS 13.0, *)
    open func cancel() { fatalError("stub") }
}

@available(iOS 13.0, macOS 10.15, *)
public struct ASAuthorizationError: Error, Hashable {
    public enum Code: Int, Sendable {
        case unknown = 1000
        case canceled = 1001
        case invalidResponse = 1002
        case notHandled = 1003
        case failed = 1004
        case notInteractive = 1005
        @available(iOS 18.0, macOS 15.0, *)
        case matchedExcludedCredential = 1006
    }

    public var code: Code
}

// MARK: Platform passkeys

@available(iOS 15.0, macOS 12.0, *)
public struct ASAuthorizationPublicKeyCredentialUserVerificationPreference: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let preferred = Self(rawValue: "preferred")
    public static let required = Self(rawValue: "required")
    public static let discouraged = Self(rawValue: "discouraged")
}

@available(iOS 15.0, macOS 12.0, *)
open class ASAuthorizationPlatformPublicKeyCredentialDescriptor: NSObject {
    open var credentialID: Data
    public init(credentialID: Data) { self.credentialID = credentialID }
}

@available(iOS 15.0, macOS 12.0, *)
open class ASAuthorizationPlatformPublicKeyCredentialProvider: NSObject {
    open var relyingPartyIdentifier: String

    public init(relyingPartyIdentifier: String) { self.relyingPartyIdentifier = relyingPartyIdentifier }

    open func createCredentialRegistrationRequest(
        challenge: Data,
        name: String,
        userID: Data
    )
        -> ASAuthorizationPlatformPublicKeyCredentialRegistrationRequest
    { fatalError("stub") }

    open func createCredentialAssertionRequest(challenge: Data) -> ASAuthorizationPlatformPublicKeyCredentialAssertionRequest {
        fatalError("stub")
    }
}

@available(iOS 15.0, macOS 12.0, *)
open class ASAuthorizationPlatformPublicKeyCredentialRegistrationRequest: ASAuthorizationRequest {
    open var userVerificationPreference: ASAuthorizationPublicKeyCredentialUserVerificationPreference = .preferred

    /// From `ASAuthorizationWebBrowserPlatformPublicKeyCredentialRegistrationRequest`, which the
    /// class conforms to from iOS 17.4 and macOS 13.5 (not on visionOS or tvOS).
    @available(iOS 17.4, macOS 13.5, macCatalyst 16.6, *)
    @available(tvOS, unavailable)
    @available(visionOS, unavailable)
    open var excludedCredentials: [ASAuthorizationPlatformPublicKeyCredentialDescriptor]?
}

@available(iOS 15.0, macOS 12.0, *)
open class ASAuthorizationPlatformPublicKeyCredentialAssertionRequest: ASAuthorizationRequest {
    open var userVerificationPreference: ASAuthorizationPublicKeyCredentialUserVerificationPreference = .preferred
    open var allowedCredentials: [ASAuthorizationPlatformPublicKeyCredentialDescriptor] = []
}

@available(iOS 15.0, macOS 12.0, *)
open class ASAuthorizationPlatformPublicKeyCredentialRegistration: NSObject, ASAuthorizationCredential {
    open var rawClientDataJSON: Data { fatalError("stub") }
    open var credentialID: Data { fatalError("stub") }
    open var rawAttestationObject: Data? { fatalError("stub") }
}

@available(iOS 15.0, macOS 12.0, *)
open class ASAuthorizationPlatformPublicKeyCredentialAssertion: NSObject, ASAuthorizationCredential {
    open var rawClientDataJSON: Data { fatalError("stub") }
    open var credentialID: Data { fatalError("stub") }
    open var rawAuthenticatorData: Data! { fatalError("stub") }
    open var userID: Data! { fatalError("stub") }
    open var signature: Data! { fatalError("stub") }
}
