public import Foundation
public import LatchkeyWire

/// Completion-handler forms of the account calls, for callback-style apps (KWS, Wilddog); handlers
/// run on the main queue.
extension AuthClient {
    /// Callback form of ``signUp(username:password:dateOfBirth:country:parentEmail:)``.
    public func signUp(
        username: String,
        password: String,
        dateOfBirth: String? = nil,
        country: String? = nil,
        parentEmail: String? = nil,
        completion: @escaping @Sendable (Result<CurrentUser, LatchkeyError>) -> Void
    ) {
        client.deliver(completion) {
            try await self.signUp(username: username, password: password, dateOfBirth: dateOfBirth, country: country, parentEmail: parentEmail)
        }
    }

    /// Callback form of ``signUp(email:password:)``.
    public func signUp(email: String, password: String, completion: @escaping @Sendable (Result<EmailSignUpResult, LatchkeyError>) -> Void) {
        client.deliver(completion) { try await self.signUp(email: email, password: password) }
    }

    /// Callback form of ``signIn(username:password:)``.
    public func signIn(username: String, password: String, completion: @escaping @Sendable (Result<CurrentUser, LatchkeyError>) -> Void) {
        client.deliver(completion) { try await self.signIn(username: username, password: password) }
    }

    /// Callback form of ``signIn(email:password:)``.
    public func signIn(email: String, password: String, completion: @escaping @Sendable (Result<CurrentUser, LatchkeyError>) -> Void) {
        client.deliver(completion) { try await self.signIn(email: email, password: password) }
    }

    /// Callback form of ``signIn(accessToken:)``.
    public func signIn(accessToken: String, completion: @escaping @Sendable (Result<CurrentUser, LatchkeyError>) -> Void) {
        client.deliver(completion) { try await self.signIn(accessToken: accessToken) }
    }

    /// Callback form of ``signIn(provider:token:nonce:)``.
    public func signIn(
        provider: String,
        token: String,
        nonce: String? = nil,
        completion: @escaping @Sendable (Result<CurrentUser, LatchkeyError>) -> Void
    ) {
        client.deliver(completion) { try await self.signIn(provider: provider, token: token, nonce: nonce) }
    }

    /// Callback form of ``link(provider:token:nonce:)``.
    public func link(
        provider: String,
        token: String,
        nonce: String? = nil,
        completion: @escaping @Sendable (Result<CurrentUser, LatchkeyError>) -> Void
    ) {
        client.deliver(completion) { try await self.link(provider: provider, token: token, nonce: nonce) }
    }

    /// Callback form of ``unlink(provider:)``.
    public func unlink(provider: String, completion: @escaping @Sendable (Result<CurrentUser, LatchkeyError>) -> Void) {
        client.deliver(completion) { try await self.unlink(provider: provider) }
    }

    /// Callback form of ``reauthenticate(password:)``.
    public func reauthenticate(password: String, completion: @escaping @Sendable (Result<Void, LatchkeyError>) -> Void) {
        client.deliver(completion) { try await self.reauthenticate(password: password) }
    }

    /// Callback form of ``reauthenticate(provider:token:nonce:)``.
    public func reauthenticate(
        provider: String,
        token: String,
        nonce: String? = nil,
        completion: @escaping @Sendable (Result<Void, LatchkeyError>) -> Void
    ) {
        client.deliver(completion) { try await self.reauthenticate(provider: provider, token: token, nonce: nonce) }
    }

    /// Callback form of ``reauthenticate(_:pin:)``.
    public func reauthenticate(
        _ verification: PhoneVerification,
        pin: String,
        completion: @escaping @Sendable (Result<Void, LatchkeyError>) -> Void
    ) {
        client.deliver(completion) { try await self.reauthenticate(verification, pin: pin) }
    }

    /// Callback form of ``startPhoneSignIn(_:)``.
    public func startPhoneSignIn(_ phone: String, completion: @escaping @Sendable (Result<PhoneVerification, LatchkeyError>) -> Void) {
        client.deliver(completion) { try await self.startPhoneSignIn(phone) }
    }

    /// Callback form of ``verifyPhone(_:pin:)``.
    public func verifyPhone(
        _ verification: PhoneVerification,
        pin: String,
        completion: @escaping @Sendable (Result<CurrentUser, LatchkeyError>) -> Void
    ) {
        client.deliver(completion) { try await self.verifyPhone(verification, pin: pin) }
    }

    /// Callback form of ``mergeGuest(into:)``.
    public func mergeGuest(
        into signIn: @escaping @Sendable () async throws -> CurrentUser,
        completion: @escaping @Sendable (Result<GuestMergeResponse, LatchkeyError>) -> Void
    ) {
        client.deliver(completion) { try await self.mergeGuest(into: signIn) }
    }

    /// Callback form of ``linkPhone(_:)``.
    public func linkPhone(_ phone: String, completion: @escaping @Sendable (Result<PhoneVerification, LatchkeyError>) -> Void) {
        client.deliver(completion) { try await self.linkPhone(phone) }
    }

    /// Callback form of ``verifyPhoneLink(_:pin:)``.
    public func verifyPhoneLink(
        _ verification: PhoneVerification,
        pin: String,
        completion: @escaping @Sendable (Result<CurrentUser, LatchkeyError>) -> Void
    ) {
        client.deliver(completion) { try await self.verifyPhoneLink(verification, pin: pin) }
    }

    /// Callback form of ``removePhone()``.
    public func removePhone(completion: @escaping @Sendable (Result<CurrentUser, LatchkeyError>) -> Void) {
        client.deliver(completion) { try await self.removePhone() }
    }

    /// Callback form of ``sendEmailCode(to:createUser:)``.
    public func sendEmailCode(
        to email: String,
        createUser: Bool = true,
        completion: @escaping @Sendable (Result<Date, LatchkeyError>) -> Void
    ) {
        client.deliver(completion) { try await self.sendEmailCode(to: email, createUser: createUser) }
    }

    /// Callback form of ``signIn(email:code:)``.
    public func signIn(email: String, code: String, completion: @escaping @Sendable (Result<CurrentUser, LatchkeyError>) -> Void) {
        client.deliver(completion) { try await self.signIn(email: email, code: code) }
    }

    /// Callback form of ``signIn(emailLinkURL:)``.
    public func signIn(emailLinkURL url: URL, completion: @escaping @Sendable (Result<CurrentUser, LatchkeyError>) -> Void) {
        client.deliver(completion) { try await self.signIn(emailLinkURL: url) }
    }

    /// Callback form of ``signOut(everywhere:)``.
    public func signOut(everywhere: Bool = false, completion: @escaping @Sendable (Result<Void, LatchkeyError>) -> Void) {
        client.deliver(completion) { try await self.signOut(everywhere: everywhere) }
    }

    /// Callback form of ``accessToken(forcingRefresh:)``.
    public func accessToken(forcingRefresh: Bool = false, completion: @escaping @Sendable (Result<String, LatchkeyError>) -> Void) {
        client.deliver(completion) { try await self.accessToken(forcingRefresh: forcingRefresh) }
    }

    /// Callback form of ``refreshSession()``.
    public func refreshSession(completion: @escaping @Sendable (Result<CurrentUser, LatchkeyError>) -> Void) {
        client.deliver(completion) { try await self.refreshSession() }
    }

    /// Callback form of ``reloadUser()``.
    public func reloadUser(completion: @escaping @Sendable (Result<CurrentUser, LatchkeyError>) -> Void) {
        client.deliver(completion) { try await self.reloadUser() }
    }

    /// Callback form of ``updateUser(username:dateOfBirth:country:parentEmail:clearing:)``.
    public func updateUser(
        username: String? = nil,
        dateOfBirth: String? = nil,
        country: String? = nil,
        parentEmail: String? = nil,
        clearing: Set<ProfileField> = [],
        completion: @escaping @Sendable (Result<CurrentUser, LatchkeyError>) -> Void
    ) {
        client.deliver(completion) {
            try await self.updateUser(
                username: username,
                dateOfBirth: dateOfBirth,
                country: country,
                parentEmail: parentEmail,
                clearing: clearing
            )
        }
    }

    /// Callback form of ``changePassword(current:new:)``.
    public func changePassword(current: String, new: String, completion: @escaping @Sendable (Result<Void, LatchkeyError>) -> Void) {
        client.deliver(completion) { try await self.changePassword(current: current, new: new) }
    }

    /// Callback form of ``deleteAccount()``.
    public func deleteAccount(completion: @escaping @Sendable (Result<Void, LatchkeyError>) -> Void) {
        client.deliver(completion) { try await self.deleteAccount() }
    }

    /// Callback form of ``sessions()``.
    public func sessions(completion: @escaping @Sendable (Result<[SessionDescriptor], LatchkeyError>) -> Void) {
        client.deliver(completion) { try await self.sessions() }
    }

    /// Callback form of ``revokeSession(_:)``.
    public func revokeSession(_ id: String, completion: @escaping @Sendable (Result<Void, LatchkeyError>) -> Void) {
        client.deliver(completion) { try await self.revokeSession(id) }
    }

    /// Callback form of ``exportData()``.
    public func exportData(completion: @escaping @Sendable (Result<AccountExport, LatchkeyError>) -> Void) {
        client.deliver(completion) { try await self.exportData() }
    }

    /// Callback form of ``resendConsentRequest()``.
    public func resendConsentRequest(completion: @escaping @Sendable (Result<Void, LatchkeyError>) -> Void) {
        client.deliver(completion) { try await self.resendConsentRequest() }
    }

    /// Callback form of ``requestConsentLinks(parentEmail:)``.
    public func requestConsentLinks(parentEmail: String, completion: @escaping @Sendable (Result<Void, LatchkeyError>) -> Void) {
        client.deliver(completion) { try await self.requestConsentLinks(parentEmail: parentEmail) }
    }

    /// Callback form of ``sendEmailVerification()``.
    public func sendEmailVerification(completion: @escaping @Sendable (Result<Void, LatchkeyError>) -> Void) {
        client.deliver(completion) { try await self.sendEmailVerification() }
    }

    /// Callback form of ``verifyEmail(token:)``.
    public func verifyEmail(token: String, completion: @escaping @Sendable (Result<Void, LatchkeyError>) -> Void) {
        client.deliver(completion) { try await self.verifyEmail(token: token) }
    }

    /// Callback form of ``sendPasswordReset(email:)``.
    public func sendPasswordReset(email: String, completion: @escaping @Sendable (Result<Void, LatchkeyError>) -> Void) {
        client.deliver(completion) { try await self.sendPasswordReset(email: email) }
    }

    /// Callback form of ``confirmPasswordReset(token:newPassword:)``.
    public func confirmPasswordReset(token: String, newPassword: String, completion: @escaping @Sendable (Result<Void, LatchkeyError>) -> Void) {
        client.deliver(completion) { try await self.confirmPasswordReset(token: token, newPassword: newPassword) }
    }

    /// Callback form of ``changeEmail(to:)``.
    public func changeEmail(to newEmail: String, completion: @escaping @Sendable (Result<Void, LatchkeyError>) -> Void) {
        client.deliver(completion) { try await self.changeEmail(to: newEmail) }
    }
}
