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
    /// `redirectURI` is the app's private-use scheme URI registered for the app
    /// (`com.example.app:/callback`); the sheet closes when the server sends the browser there.
    /// The sheet is shown over `presentationAnchor`, by default the app's key window. Closing the
    /// sheet throws ``LatchkeyError/Kind/webLoginCancelled``; the rest is
    /// ``signIn(webLogin:callback:)``.
    @MainActor
    @discardableResult
    public func signInWithWebLogin(
        redirectURI: String, prompt: String? = nil, loginHint: String? = nil, prefersEphemeralSession: Bool = false,
        presentationAnchor: ASPresentationAnchor? = nil
    ) async throws -> CurrentUser {
        let request = try webLoginRequest(redirectURI: redirectURI, prompt: prompt, loginHint: loginHint)
        guard let scheme = URLComponents(string: redirectURI)?.scheme else {
            throw LatchkeyError.invalidOperation("the redirect URI \(redirectURI) has no scheme")
        }
        guard let anchor = presentationAnchor ?? WebLoginSheet.keyWindow else {
            throw LatchkeyError.invalidOperation("no window to show the web login over")
        }
        let callback = try await WebLoginSheet(anchor: anchor).open(request.url, callbackScheme: scheme, ephemeral: prefersEphemeralSession)
        return try await signIn(webLogin: request, callback: callback)
    }
}

extension Latchkey {
    /// ``AuthClient/signInWithWebLogin(redirectURI:prompt:loginHint:prefersEphemeralSession:presentationAnchor:)``.
    @MainActor
    @discardableResult
    public func signInWithWebLogin(
        redirectURI: String, prompt: String? = nil, loginHint: String? = nil, prefersEphemeralSession: Bool = false,
        presentationAnchor: ASPresentationAnchor? = nil
    ) async throws -> CurrentUser {
        try await auth.signInWithWebLogin(
            redirectURI: redirectURI, prompt: prompt, loginHint: loginHint, prefersEphemeralSession: prefersEphemeralSession,
            presentationAnchor: presentationAnchor)
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

    /// The app's key window.
    static var keyWindow: ASPresentationAnchor? {
        #if canImport(UIKit)
        UIApplication.shared.connectedScenes.compactMap { ($0 as? UIWindowScene)?.keyWindow }.first
        #else
        NSApplication.shared.keyWindow
        #endif
    }

    nonisolated func presentationAnchor(for session: ASWebAuthenticationSession) -> ASPresentationAnchor {
        MainActor.assumeIsolated { anchor }
    }

    /// Shows `url` and returns the URL of `callbackScheme` the browser is sent to; a cancelled
    /// task closes the sheet.
    func open(_ url: URL, callbackScheme: String, ephemeral: Bool) async throws -> URL {
        defer { session = nil }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<URL, any Error>) in
                let started = ASWebAuthenticationSession(url: url, callbackURLScheme: callbackScheme) { callback, error in
                    if let callback {
                        continuation.resume(returning: callback)
                    } else if (error as? ASWebAuthenticationSessionError)?.code == .canceledLogin {
                        continuation.resume(throwing: LatchkeyError.webLoginCancelled)
                    } else {
                        continuation.resume(throwing: LatchkeyError.invalidOperation("the web login failed: \(String(describing: error))"))
                    }
                }
                started.presentationContextProvider = self
                started.prefersEphemeralWebBrowserSession = ephemeral
                session = started
                if !started.start() { continuation.resume(throwing: LatchkeyError.invalidOperation("the web login could not be shown")) }
            }
        } onCancel: {
            Task { @MainActor in self.session?.cancel() }
        }
    }
}
#endif
