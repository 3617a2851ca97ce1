import Foundation

/// What an email sign-up (Wilddog createUser) did. An app that verifies emails before their first
/// sign-in (one that hides taken addresses, the default) creates the account and sends a link
/// instead of signing in: that is a success to show ("check your inbox"), not an error.
public enum EmailSignUpResult: Sendable, Equatable {
    /// The account was created and signed in.
    case signedIn(CurrentUser)
    /// A link went to `email`; the account signs in with its password once the link is used.
    /// The same answer comes for a taken address (its owner is told instead), so it says
    /// nothing about who has an account.
    case verificationSent(email: String)

    /// The signed-in user, nil while the email awaits verification.
    public var user: CurrentUser? {
        if case .signedIn(let user) = self { return user }
        return nil
    }
}
