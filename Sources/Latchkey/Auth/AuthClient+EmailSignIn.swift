public import Foundation
import LatchkeyWire

extension AuthClient {
    /// Emails a 6-digit sign-in code and a sign-in link to `email` (passwordless sign-in; the app
    /// must add `emailCode` to its `signInMethods`, else ``LatchkeyError/Kind/invalidOperation(_:)``
    /// with `method_disabled`). Both expire ten minutes later, and one use of either ends both;
    /// a new request replaces them. Returns when they expire.
    ///
    /// The answer is the same whether or not the address has an account. With `createUser`
    /// (the default) the first sign-in creates the account; without it an address with no
    /// account is sent nothing. A malformed address throws ``LatchkeyError/Kind/invalidEmail``;
    /// too many requests throw `rateLimited`.
    @discardableResult
    public func sendEmailCode(to email: String, createUser: Bool = true) async throws -> Date {
        let request = EmailCodeRequest(email: email, createUser: createUser ? nil : false)
        return try await transport.decode(EmailCodeResponse.self, .post, "v1/auth/email/otp", body: request, as: .none).expiresAt
    }

    /// Signs in with the code that ``sendEmailCode(to:createUser:)`` emailed to `email`. A wrong
    /// code throws ``LatchkeyError/Kind/invalidCode`` (five tries per code); an expired, used or
    /// replaced one throws ``LatchkeyError/Kind/codeExpired``. The address is verified by it.
    @discardableResult
    public func signIn(email: String, code: String) async throws -> CurrentUser {
        let request = EmailCodeVerifyRequest(email: email, code: code)
        return try signedIn(try await transport.decode(AuthResponse.self, .post, "v1/auth/email/otp/verify", body: request, as: .none))
    }

    /// Signs in with the link that ``sendEmailCode(to:createUser:)`` emailed, as it opened the
    /// app (a universal link to the app's `emailActionURL`: pass the URL from
    /// `onOpenURL` or `application(_:continue:restorationHandler:)`). A used or expired link
    /// throws ``LatchkeyError/Kind/codeExpired``; a URL that is no sign-in link (see
    /// ``isEmailSignInLink(_:)``) throws ``LatchkeyError/Kind/invalidOperation(_:)``.
    @discardableResult
    public func signIn(emailLinkURL url: URL) async throws -> CurrentUser {
        guard let token = Self.signInToken(in: url) else { throw LatchkeyError(.invalidOperation("not an email sign-in link")) }
        let request = EmailTokenRequest(token: token)
        return try signedIn(try await transport.decode(AuthResponse.self, .post, "v1/auth/email/link", body: request, as: .none))
    }

    /// Whether `url` is an email sign-in link (`mode=signIn` and a `token`), so an app routing
    /// its universal links can hand it to ``signIn(emailLinkURL:)``.
    public static func isEmailSignInLink(_ url: URL) -> Bool {
        signInToken(in: url) != nil
    }

    private static func signInToken(in url: URL) -> String? {
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        guard items.contains(where: { $0.name == "mode" && $0.value == "signIn" }) else { return nil }
        return items.first(where: { $0.name == "token" })?.value.flatMap { $0.isEmpty ? nil : $0 }
    }
}
