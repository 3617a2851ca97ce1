public import Foundation
public import LatchkeyWire

/// The account calls on the client itself, as apps written before feature clients call them;
/// each is ``AuthClient``'s method of the same name.
extension Latchkey {
    /// Accounts and sessions: sign-up, sign-in, sign-out, the profile, email links, devices.
    public var auth: AuthClient { AuthClient(client: self) }

    /// ``AuthClient/signUp(username:password:dateOfBirth:country:parentEmail:)``.
    @discardableResult
    public func signUp(
        username: String,
        password: String,
        dateOfBirth: String? = nil,
        country: String? = nil,
        parentEmail: String? = nil
    ) async throws -> CurrentUser {
        try await auth.signUp(username: username, password: password, dateOfBirth: dateOfBirth, country: country, parentEmail: parentEmail)
    }

    /// ``AuthClient/signUp(email:password:)``.
    @discardableResult
    public func signUp(email: String, password: String) async throws -> EmailSignUpResult {
        try await auth.signUp(email: email, password: password)
    }

    /// ``AuthClient/signIn(username:password:)``.
    @discardableResult
    public func signIn(username: String, password: String) async throws -> CurrentUser {
        try await auth.signIn(username: username, password: password)
    }

    /// ``AuthClient/signIn(email:password:)``.
    @discardableResult
    public func signIn(email: String, password: String) async throws -> CurrentUser {
        try await auth.signIn(email: email, password: password)
    }

    /// ``AuthClient/signIn(accessToken:)``.
    @discardableResult
    public func signIn(accessToken: String) async throws -> CurrentUser {
        try await auth.signIn(accessToken: accessToken)
    }

    /// ``AuthClient/signInAnonymously()``.
    @discardableResult
    public func signInAnonymously() async throws -> CurrentUser {
        try await auth.signInAnonymously()
    }

    /// ``AuthClient/signIn(deviceID:)``.
    @discardableResult
    public func signIn(deviceID: String) async throws -> CurrentUser {
        try await auth.signIn(deviceID: deviceID)
    }

    /// ``AuthClient/sendEmailCode(to:createUser:)``.
    @discardableResult
    public func sendEmailCode(to email: String, createUser: Bool = true) async throws -> Date {
        try await auth.sendEmailCode(to: email, createUser: createUser)
    }

    /// ``AuthClient/signIn(email:code:)``.
    @discardableResult
    public func signIn(email: String, code: String) async throws -> CurrentUser {
        try await auth.signIn(email: email, code: code)
    }

    /// ``AuthClient/signIn(emailLinkURL:)``.
    @discardableResult
    public func signIn(emailLinkURL url: URL) async throws -> CurrentUser {
        try await auth.signIn(emailLinkURL: url)
    }

    /// ``AuthClient/signInWithDevice()``.
    @discardableResult
    public func signInWithDevice() async throws -> CurrentUser {
        try await auth.signInWithDevice()
    }

    /// ``AuthClient/webLoginRequest(redirectURI:prompt:loginHint:)``.
    public func webLoginRequest(redirectURI: String, prompt: String? = nil, loginHint: String? = nil) throws -> WebLoginRequest {
        try auth.webLoginRequest(redirectURI: redirectURI, prompt: prompt, loginHint: loginHint)
    }

    /// ``AuthClient/signIn(webLogin:callback:)``.
    @discardableResult
    public func signIn(webLogin request: WebLoginRequest, callback: URL) async throws -> CurrentUser {
        try await auth.signIn(webLogin: request, callback: callback)
    }

    /// ``AuthClient/signOut(everywhere:)``.
    public func signOut(everywhere: Bool = false) async throws {
        try await auth.signOut(everywhere: everywhere)
    }

    /// ``AuthClient/restoreSession()``.
    @discardableResult
    public func restoreSession() -> CurrentUser? {
        auth.restoreSession()
    }

    /// ``AuthClient/reloadUser()``.
    @discardableResult
    public func reloadUser() async throws -> CurrentUser {
        try await auth.reloadUser()
    }

    /// ``AuthClient/updateUser(username:dateOfBirth:country:parentEmail:clearing:)``.
    @discardableResult
    public func updateUser(
        username: String? = nil,
        dateOfBirth: String? = nil,
        country: String? = nil,
        parentEmail: String? = nil,
        clearing: Set<ProfileField> = []
    ) async throws -> CurrentUser {
        try await auth.updateUser(username: username, dateOfBirth: dateOfBirth, country: country, parentEmail: parentEmail, clearing: clearing)
    }

    /// ``AuthClient/changePassword(current:new:)``.
    public func changePassword(current: String, new: String) async throws {
        try await auth.changePassword(current: current, new: new)
    }

    /// ``AuthClient/deleteAccount()``.
    public func deleteAccount() async throws {
        try await auth.deleteAccount()
    }

    /// ``AuthClient/sessions()``.
    public func sessions() async throws -> [SessionDescriptor] {
        try await auth.sessions()
    }

    /// ``AuthClient/revokeSession(_:)``.
    public func revokeSession(_ id: String) async throws {
        try await auth.revokeSession(id)
    }

    /// ``AuthClient/exportData()``.
    public func exportData() async throws -> AccountExport {
        try await auth.exportData()
    }

    /// ``AuthClient/resendConsentRequest()``.
    public func resendConsentRequest() async throws {
        try await auth.resendConsentRequest()
    }

    /// ``AuthClient/requestConsentLinks(parentEmail:)``.
    public func requestConsentLinks(parentEmail: String) async throws {
        try await auth.requestConsentLinks(parentEmail: parentEmail)
    }

    /// ``AuthClient/sendEmailVerification()``.
    public func sendEmailVerification() async throws {
        try await auth.sendEmailVerification()
    }

    /// ``AuthClient/verifyEmail(token:)``.
    public func verifyEmail(token: String) async throws {
        try await auth.verifyEmail(token: token)
    }

    /// ``AuthClient/sendPasswordReset(email:)``.
    public func sendPasswordReset(email: String) async throws {
        try await auth.sendPasswordReset(email: email)
    }

    /// ``AuthClient/confirmPasswordReset(token:newPassword:)``.
    public func confirmPasswordReset(token: String, newPassword: String) async throws {
        try await auth.confirmPasswordReset(token: token, newPassword: newPassword)
    }

    /// ``AuthClient/changeEmail(to:)``.
    public func changeEmail(to newEmail: String) async throws {
        try await auth.changeEmail(to: newEmail)
    }

    /// ``AuthClient/reauthenticate(password:)``.
    public func reauthenticate(password: String) async throws {
        try await auth.reauthenticate(password: password)
    }

    /// ``AuthClient/reauthenticate(provider:token:nonce:)``.
    public func reauthenticate(provider: String, token: String, nonce: String? = nil) async throws {
        try await auth.reauthenticate(provider: provider, token: token, nonce: nonce)
    }

    /// ``AuthClient/reauthenticate(_:pin:)``.
    public func reauthenticate(_ verification: PhoneVerification, pin: String) async throws {
        try await auth.reauthenticate(verification, pin: pin)
    }

    /// ``AuthClient/startPhoneSignIn(_:)``.
    public func startPhoneSignIn(_ phone: String) async throws -> PhoneVerification {
        try await auth.startPhoneSignIn(phone)
    }

    /// ``AuthClient/verifyPhone(_:pin:)``.
    @discardableResult
    public func verifyPhone(_ verification: PhoneVerification, pin: String) async throws -> CurrentUser {
        try await auth.verifyPhone(verification, pin: pin)
    }

    /// ``AuthClient/mergeGuest(into:)``.
    @discardableResult
    public func mergeGuest(into signIn: () async throws -> CurrentUser) async throws -> GuestMergeResponse {
        try await auth.mergeGuest(into: signIn)
    }

    /// ``AuthClient/linkPhone(_:)``.
    public func linkPhone(_ phone: String) async throws -> PhoneVerification {
        try await auth.linkPhone(phone)
    }

    /// ``AuthClient/verifyPhoneLink(_:pin:)``.
    @discardableResult
    public func verifyPhoneLink(_ verification: PhoneVerification, pin: String) async throws -> CurrentUser {
        try await auth.verifyPhoneLink(verification, pin: pin)
    }

    /// ``AuthClient/removePhone()``.
    @discardableResult
    public func removePhone() async throws -> CurrentUser {
        try await auth.removePhone()
    }

    /// ``AuthClient/signIn(provider:token:nonce:)``.
    @discardableResult
    public func signIn(provider: String, token: String, nonce: String? = nil) async throws -> CurrentUser {
        try await auth.signIn(provider: provider, token: token, nonce: nonce)
    }

    /// ``AuthClient/link(provider:token:nonce:)``.
    @discardableResult
    public func link(provider: String, token: String, nonce: String? = nil) async throws -> CurrentUser {
        try await auth.link(provider: provider, token: token, nonce: nonce)
    }

    /// ``AuthClient/unlink(provider:)``.
    @discardableResult
    public func unlink(provider: String) async throws -> CurrentUser {
        try await auth.unlink(provider: provider)
    }
}
