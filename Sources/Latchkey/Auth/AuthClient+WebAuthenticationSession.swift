#if canImport(AuthenticationServices) && (os(iOS) || os(macOS) || os(visionOS))
public import AuthenticationServices
import Foundation
#if canImport(UIKit)
import UIKit
#elseif canImport(AppKit)
import AppKit
#endif

extension AuthClient {
    /// Signs in through the server's hosted login page in an `ASWebAuthenticationSession`: the
    /// system's browser sheet, which shares the browser's cookies (a user signed in to another
    /// app of the server's signs in without a password) unless `prefersEphemeralSession`.
    /// `redirectURI` is a redirect URI registered for the app: a private-use scheme
    /// (`com.example.app:/callback`), or from iOS 17.4 / macOS 14.4 an https URL on a domain
    /// associated with the app (Associated Domains), which earlier systems refuse with
    /// ``LatchkeyError/Kind/invalidOperation(_:)``; the sheet closes when the server sends the
    /// browser there. The sheet is shown over `presentationAnchor`. Closing the sheet, or
    /// cancelling the task (which closes it), throws ``LatchkeyError/Kind/webLoginCancelled``; the
    /// rest is ``signIn(webLogin:callback:)``. App extensions call this one: they have no key window.
    @MainActor
    @discardableResult
    public func signInWithWebLogin(
        redirectURI: String,
        prompt: String? = nil,
        loginHint: String? = nil,
        prefersEphemeralSession: Bool = false,
        presentationAnchor: ASPresentationAnchor
    ) async throws -> CurrentUser {
        let request = try webLoginRequest(redirectURI: redirectURI, prompt: prompt, loginHint: loginHint)
        let callback = try await WebLoginSheet(anchor: presentationAnchor).open(
            request.url,
            redirectURI: redirectURI,
            ephemeral: prefersEphemeralSession
        )
        return try await signIn(webLogin: request, callback: callback)
    }

    /// The web login above, over `presentationAnchor` or, when nil, the app's key window.
    /// Unavailable in app extensions, which have no key window to find: they pass the anchor.
    @available(iOSApplicationExtension, unavailable)
    @available(macCatalystApplicationExtension, unavailable)
    @available(visionOSApplicationExtension, unavailable)
    @MainActor
    @discardableResult
    public func signInWithWebLogin(
        redirectURI: String,
        prompt: String? = nil,
        loginHint: String? = nil,
        prefersEphemeralSession: Bool = false,
        presentationAnchor: ASPresentationAnchor? = nil
    ) async throws -> CurrentUser {
        try await signInWithWebLogin(
            redirectURI: redirectURI,
            prompt: prompt,
            loginHint: loginHint,
            prefersEphemeralSession: prefersEphemeralSession,
            presentationAnchor: try WebLoginSheet.anchor(presentationAnchor, for: "the web login")
        )
    }
}

extension Latchkey {
    /// `AuthClient.signInWithWebLogin(redirectURI:prompt:loginHint:prefersEphemeralSession:presentationAnchor:)`
    /// over the given window; app extensions call this one.
    @MainActor
    @discardableResult
    @available(*, deprecated, message: "use auth.signInWithWebLogin")
    public func signInWithWebLogin(
        redirectURI: String,
        prompt: String? = nil,
        loginHint: String? = nil,
        prefersEphemeralSession: Bool = false,
        presentationAnchor: ASPresentationAnchor
    ) async throws -> CurrentUser {
        try await auth.signInWithWebLogin(
            redirectURI: redirectURI,
            prompt: prompt,
            loginHint: loginHint,
            prefersEphemeralSession: prefersEphemeralSession,
            presentationAnchor: presentationAnchor
        )
    }

    /// `AuthClient.signInWithWebLogin(redirectURI:prompt:loginHint:prefersEphemeralSession:presentationAnchor:)`
    /// over the given window or the app's key window; unavailable in app extensions.
    @available(iOSApplicationExtension, unavailable)
    @available(macCatalystApplicationExtension, unavailable)
    @available(visionOSApplicationExtension, unavailable)
    @MainActor
    @discardableResult
    @available(*, deprecated, message: "use auth.signInWithWebLogin")
    public func signInWithWebLogin(
        redirectURI: String,
        prompt: String? = nil,
        loginHint: String? = nil,
        prefersEphemeralSession: Bool = false,
        presentationAnchor: ASPresentationAnchor? = nil
    ) async throws -> CurrentUser {
        try await auth.signInWithWebLogin(
            redirectURI: redirectURI,
            prompt: prompt,
            loginHint: loginHint,
            prefersEphemeralSession: prefersEphemeralSession,
            presentationAnchor: presentationAnchor
        )
    }
}

/// One `ASWebAuthenticationSession` over a window, kept until it calls back.
@MainActor
final class WebLoginSheet: NSObject, ASWebAuthenticationPresentationContextProviding {
    let anchor: ASPresentationAnchor
    private var session: ASWebAuthenticationSession?

    init(anchor: ASPresentationAnchor) {
        self.anchor = anchor
    }

    /// `given`, or the app's key window, to show `sheet` over. `UIApplication.shared` does not
    /// exist in app extensions, hence the attributes (and their callers').
    @available(iOSApplicationExtension, unavailable)
    @available(macCatalystApplicationExtension, unavailable)
    @available(visionOSApplicationExtension, unavailable)
    static func anchor(_ given: ASPresentationAnchor?, for sheet: String) throws -> ASPresentationAnchor {
        #if canImport(UIKit)
        let keyWindow = UIApplication.shared.connectedScenes.lazy.compactMap { ($0 as? UIWindowScene)?.keyWindow }.first
        #else
        let keyWindow = NSApplication.shared.keyWindow
        #endif
        guard let anchor = given ?? keyWindow else { throw LatchkeyError.invalidOperation("no window to show \(sheet) over") }
        return anchor
    }

    nonisolated func presentationAnchor(for session: ASWebAuthenticationSession) -> ASPresentationAnchor {
        MainActor.assumeIsolated { anchor }
    }

    /// Shows `url` and returns the URL the browser is sent to at `redirectURI`; a cancelled task
    /// closes the sheet.
    func open(_ url: URL, redirectURI: String, ephemeral: Bool) async throws -> URL {
        defer { session = nil }
        let dismiss: @MainActor @Sendable () -> Void = { self.session?.cancel() }
        return try await awaitSystemSheet(cancelled: .webLoginCancelled, dismiss: dismiss) { answer in
            let started = try Self.session(url, redirectURI: redirectURI) { callback, error in
                if let callback {
                    answer(.success(callback))
                } else if (error as? ASWebAuthenticationSessionError)?.code == .canceledLogin {
                    answer(.failure(LatchkeyError.webLoginCancelled))
                } else {
                    answer(.failure(LatchkeyError.invalidOperation("the web login failed: \(String(describing: error))")))
                }
            }
            started.presentationContextProvider = self
            started.prefersEphemeralWebBrowserSession = ephemeral
            session = started
            guard started.start() else { throw LatchkeyError.invalidOperation("the web login could not be shown") }
        }
    }

    /// A session for `url` that completes when the browser reaches `redirectURI`: by its private-use
    /// scheme, or by its https host and path (iOS 17.4 and macOS 14.4's `Callback`; earlier systems
    /// match a custom scheme only). Any other redirect URI (a loopback `http://`) cannot end a
    /// sheet: the app drives a browser with ``AuthClient/webLoginRequest(redirectURI:prompt:loginHint:)``.
    private static func session(
        _ url: URL,
        redirectURI: String,
        completion: @escaping ASWebAuthenticationSession.CompletionHandler
    ) throws -> ASWebAuthenticationSession {
        guard let redirect = URLComponents(string: redirectURI), let scheme = redirect.scheme?.lowercased() else {
            throw LatchkeyError.invalidOperation("the redirect URI \(redirectURI) has no scheme")
        }
        switch scheme {
        case "https":
            guard let host = redirect.host, !host.isEmpty else {
                throw LatchkeyError.invalidOperation("the redirect URI \(redirectURI) has no host")
            }
            guard #available(iOS 17.4, macOS 14.4, visionOS 1.1, *) else {
                throw LatchkeyError.invalidOperation(
                    "an https redirect URI needs iOS 17.4 or macOS 14.4; register a private-use scheme redirect URI (com.example.app:/callback) for earlier systems"
                )
            }
            return ASWebAuthenticationSession(url: url, callback: .https(host: host, path: redirect.path), completionHandler: completion)
        case "http":
            throw LatchkeyError.invalidOperation(
                "the web login sheet cannot return to \(redirectURI): use a private-use scheme or https redirect URI, or drive a browser with webLoginRequest"
            )
        default:
            if #available(iOS 17.4, macOS 14.4, visionOS 1.1, *) {
                return ASWebAuthenticationSession(url: url, callback: .customScheme(scheme), completionHandler: completion)
            }
            return ASWebAuthenticationSession(url: url, callbackURLScheme: scheme, completionHandler: completion)
        }
    }
}
#endif
