public import Foundation
public import LatchkeyWire

/// The completion-handler forms the client itself had before feature clients; each calls the
/// async call of the same name, now on ``AuthClient`` (see docs/sdk.md, "Feature clients").
extension Latchkey {
    /// Callback form of ``signUp(username:password:dateOfBirth:country:parentEmail:)``.
    @available(*, deprecated, message: "use auth.signUp")
    public func signUp(
        username: String,
        password: String,
        dateOfBirth: String? = nil,
        country: String? = nil,
        parentEmail: String? = nil,
        completion: @escaping @Sendable (Result<CurrentUser, LatchkeyError>) -> Void
    ) {
        deliver(completion) {
            try await self.signUp(username: username, password: password, dateOfBirth: dateOfBirth, country: country, parentEmail: parentEmail)
        }
    }

    /// Callback form of ``signUp(email:password:)``.
    @available(*, deprecated, message: "use auth.signUp")
    public func signUp(email: String, password: String, completion: @escaping @Sendable (Result<EmailSignUpResult, LatchkeyError>) -> Void) {
        deliver(completion) { try await self.signUp(email: email, password: password) }
    }

    /// Callback form of ``signIn(username:password:)``.
    @available(*, deprecated, message: "use auth.signIn")
    public func signIn(username: String, password: String, completion: @escaping @Sendable (Result<CurrentUser, LatchkeyError>) -> Void) {
        deliver(completion) { try await self.signIn(username: username, password: password) }
    }

    /// Callback form of ``signIn(email:password:)``.
    @available(*, deprecated, message: "use auth.signIn")
    public func signIn(email: String, password: String, completion: @escaping @Sendable (Result<CurrentUser, LatchkeyError>) -> Void) {
        deliver(completion) { try await self.signIn(email: email, password: password) }
    }

    /// Callback form of ``signIn(accessToken:)``.
    @available(*, deprecated, message: "use auth.signIn")
    public func signIn(accessToken: String, completion: @escaping @Sendable (Result<CurrentUser, LatchkeyError>) -> Void) {
        deliver(completion) { try await self.signIn(accessToken: accessToken) }
    }

    /// Callback form of ``signIn(provider:token:nonce:)``.
    @available(*, deprecated, message: "use auth.signIn")
    public func signIn(
        provider: String,
        token: String,
        nonce: String? = nil,
        completion: @escaping @Sendable (Result<CurrentUser, LatchkeyError>) -> Void
    ) {
        deliver(completion) { try await self.signIn(provider: provider, token: token, nonce: nonce) }
    }

    /// Callback form of ``link(provider:token:nonce:)``.
    @available(*, deprecated, message: "use auth.link")
    public func link(
        provider: String,
        token: String,
        nonce: String? = nil,
        completion: @escaping @Sendable (Result<CurrentUser, LatchkeyError>) -> Void
    ) {
        deliver(completion) { try await self.link(provider: provider, token: token, nonce: nonce) }
    }

    /// Callback form of ``unlink(provider:)``.
    @available(*, deprecated, message: "use auth.unlink")
    public func unlink(provider: String, completion: @escaping @Sendable (Result<CurrentUser, LatchkeyError>) -> Void) {
        deliver(completion) { try await self.unlink(provider: provider) }
    }

    /// Callback form of ``reauthenticate(password:)``.
    @available(*, deprecated, message: "use auth.reauthenticate")
    public func reauthenticate(password: String, completion: @escaping @Sendable (Result<Void, LatchkeyError>) -> Void) {
        deliver(completion) { try await self.reauthenticate(password: password) }
    }

    /// Callback form of ``reauthenticate(provider:token:nonce:)``.
    @available(*, deprecated, message: "use auth.reauthenticate")
    public func reauthenticate(
        provider: String,
        token: String,
        nonce: String? = nil,
        completion: @escaping @Sendable (Result<Void, LatchkeyError>) -> Void
    ) {
        deliver(completion) { try await self.reauthenticate(provider: provider, token: token, nonce: nonce) }
    }

    /// Callback form of ``reauthenticate(_:pin:)``.
    @available(*, deprecated, message: "use auth.reauthenticate")
    public func reauthenticate(
        _ verification: PhoneVerification,
        pin: String,
        completion: @escaping @Sendable (Result<Void, LatchkeyError>) -> Void
    ) {
        deliver(completion) { try await self.reauthenticate(verification, pin: pin) }
    }

    /// Callback form of ``startPhoneSignIn(_:)``.
    @available(*, deprecated, message: "use auth.startPhoneSignIn")
    public func startPhoneSignIn(_ phone: String, completion: @escaping @Sendable (Result<PhoneVerification, LatchkeyError>) -> Void) {
        deliver(completion) { try await self.startPhoneSignIn(phone) }
    }

    /// Callback form of ``verifyPhone(_:pin:)``.
    @available(*, deprecated, message: "use auth.verifyPhone")
    public func verifyPhone(
        _ verification: PhoneVerification,
        pin: String,
        completion: @escaping @Sendable (Result<CurrentUser, LatchkeyError>) -> Void
    ) {
        deliver(completion) { try await self.verifyPhone(verification, pin: pin) }
    }

    /// Callback form of ``mergeGuest(into:)``.
    @available(*, deprecated, message: "use auth.mergeGuest")
    public func mergeGuest(
        into signIn: @escaping @Sendable () async throws -> CurrentUser,
        completion: @escaping @Sendable (Result<GuestMergeResponse, LatchkeyError>) -> Void
    ) {
        deliver(completion) { try await self.mergeGuest(into: signIn) }
    }

    /// Callback form of ``linkPhone(_:)``.
    @available(*, deprecated, message: "use auth.linkPhone")
    public func linkPhone(_ phone: String, completion: @escaping @Sendable (Result<PhoneVerification, LatchkeyError>) -> Void) {
        deliver(completion) { try await self.linkPhone(phone) }
    }

    /// Callback form of ``verifyPhoneLink(_:pin:)``.
    @available(*, deprecated, message: "use auth.verifyPhoneLink")
    public func verifyPhoneLink(
        _ verification: PhoneVerification,
        pin: String,
        completion: @escaping @Sendable (Result<CurrentUser, LatchkeyError>) -> Void
    ) {
        deliver(completion) { try await self.verifyPhoneLink(verification, pin: pin) }
    }

    /// Callback form of ``removePhone()``.
    @available(*, deprecated, message: "use auth.removePhone")
    public func removePhone(completion: @escaping @Sendable (Result<CurrentUser, LatchkeyError>) -> Void) {
        deliver(completion) { try await self.removePhone() }
    }

    /// Callback form of ``sendEmailCode(to:createUser:)``.
    @available(*, deprecated, message: "use auth.sendEmailCode")
    public func sendEmailCode(
        to email: String,
        createUser: Bool = true,
        completion: @escaping @Sendable (Result<Date, LatchkeyError>) -> Void
    ) {
        deliver(completion) { try await self.sendEmailCode(to: email, createUser: createUser) }
    }

    /// Callback form of ``signIn(email:code:)``.
    @available(*, deprecated, message: "use auth.signIn")
    public func signIn(email: String, code: String, completion: @escaping @Sendable (Result<CurrentUser, LatchkeyError>) -> Void) {
        deliver(completion) { try await self.signIn(email: email, code: code) }
    }

    /// Callback form of ``signIn(emailLinkURL:)``.
    @available(*, deprecated, message: "use auth.signIn")
    public func signIn(emailLinkURL url: URL, completion: @escaping @Sendable (Result<CurrentUser, LatchkeyError>) -> Void) {
        deliver(completion) { try await self.signIn(emailLinkURL: url) }
    }

    /// Callback form of ``signOut(everywhere:)``.
    @available(*, deprecated, message: "use auth.signOut")
    public func signOut(everywhere: Bool = false, completion: @escaping @Sendable (Result<Void, LatchkeyError>) -> Void) {
        deliver(completion) { try await self.signOut(everywhere: everywhere) }
    }

    /// Callback form of ``accessToken(forcingRefresh:)``.
    @available(*, deprecated, message: "use auth.accessToken")
    public func accessToken(forcingRefresh: Bool = false, completion: @escaping @Sendable (Result<String, LatchkeyError>) -> Void) {
        deliver(completion) { try await self.accessToken(forcingRefresh: forcingRefresh) }
    }

    /// Callback form of ``refreshSession()``.
    @available(*, deprecated, message: "use auth.refreshSession")
    public func refreshSession(completion: @escaping @Sendable (Result<CurrentUser, LatchkeyError>) -> Void) {
        deliver(completion) { try await self.refreshSession() }
    }

    /// Callback form of ``reloadUser()``.
    @available(*, deprecated, message: "use auth.reloadUser")
    public func reloadUser(completion: @escaping @Sendable (Result<CurrentUser, LatchkeyError>) -> Void) {
        deliver(completion) { try await self.reloadUser() }
    }

    /// Callback form of ``updateUser(username:dateOfBirth:country:parentEmail:clearing:)``.
    @available(*, deprecated, message: "use auth.updateUser")
    public func updateUser(
        username: String? = nil,
        dateOfBirth: String? = nil,
        country: String? = nil,
        parentEmail: String? = nil,
        clearing: Set<ProfileField> = [],
        completion: @escaping @Sendable (Result<CurrentUser, LatchkeyError>) -> Void
    ) {
        deliver(completion) {
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
    @available(*, deprecated, message: "use auth.changePassword")
    public func changePassword(current: String, new: String, completion: @escaping @Sendable (Result<Void, LatchkeyError>) -> Void) {
        deliver(completion) { try await self.changePassword(current: current, new: new) }
    }

    /// Callback form of ``deleteAccount()``.
    @available(*, deprecated, message: "use auth.deleteAccount")
    public func deleteAccount(completion: @escaping @Sendable (Result<Void, LatchkeyError>) -> Void) {
        deliver(completion) { try await self.deleteAccount() }
    }

    /// Callback form of ``sessions()``.
    @available(*, deprecated, message: "use auth.sessions")
    public func sessions(completion: @escaping @Sendable (Result<[SessionDescriptor], LatchkeyError>) -> Void) {
        deliver(completion) { try await self.sessions() }
    }

    /// Callback form of ``revokeSession(_:)``.
    @available(*, deprecated, message: "use auth.revokeSession")
    public func revokeSession(_ id: String, completion: @escaping @Sendable (Result<Void, LatchkeyError>) -> Void) {
        deliver(completion) { try await self.revokeSession(id) }
    }

    /// Callback form of ``exportData()``.
    @available(*, deprecated, message: "use auth.exportData")
    public func exportData(completion: @escaping @Sendable (Result<AccountExport, LatchkeyError>) -> Void) {
        deliver(completion) { try await self.exportData() }
    }

    /// Callback form of ``resendConsentRequest()``.
    @available(*, deprecated, message: "use auth.resendConsentRequest")
    public func resendConsentRequest(completion: @escaping @Sendable (Result<Void, LatchkeyError>) -> Void) {
        deliver(completion) { try await self.resendConsentRequest() }
    }

    /// Callback form of ``requestConsentLinks(parentEmail:)``.
    @available(*, deprecated, message: "use auth.requestConsentLinks")
    public func requestConsentLinks(parentEmail: String, completion: @escaping @Sendable (Result<Void, LatchkeyError>) -> Void) {
        deliver(completion) { try await self.requestConsentLinks(parentEmail: parentEmail) }
    }

    /// Callback form of ``sendEmailVerification()``.
    @available(*, deprecated, message: "use auth.sendEmailVerification")
    public func sendEmailVerification(completion: @escaping @Sendable (Result<Void, LatchkeyError>) -> Void) {
        deliver(completion) { try await self.sendEmailVerification() }
    }

    /// Callback form of ``verifyEmail(token:)``.
    @available(*, deprecated, message: "use auth.verifyEmail")
    public func verifyEmail(token: String, completion: @escaping @Sendable (Result<Void, LatchkeyError>) -> Void) {
        deliver(completion) { try await self.verifyEmail(token: token) }
    }

    /// Callback form of ``sendPasswordReset(email:)``.
    @available(*, deprecated, message: "use auth.sendPasswordReset")
    public func sendPasswordReset(email: String, completion: @escaping @Sendable (Result<Void, LatchkeyError>) -> Void) {
        deliver(completion) { try await self.sendPasswordReset(email: email) }
    }

    /// Callback form of ``confirmPasswordReset(token:newPassword:)``.
    @available(*, deprecated, message: "use auth.confirmPasswordReset")
    public func confirmPasswordReset(token: String, newPassword: String, completion: @escaping @Sendable (Result<Void, LatchkeyError>) -> Void) {
        deliver(completion) { try await self.confirmPasswordReset(token: token, newPassword: newPassword) }
    }

    /// Callback form of ``changeEmail(to:)``.
    @available(*, deprecated, message: "use auth.changeEmail")
    public func changeEmail(to newEmail: String, completion: @escaping @Sendable (Result<Void, LatchkeyError>) -> Void) {
        deliver(completion) { try await self.changeEmail(to: newEmail) }
    }

    @available(*, deprecated, message: "use push.registerForRemoteNotifications")
    public func registerForRemoteNotifications(
        deviceToken: Data,
        platform: DevicePlatform = .current,
        appVersion: String? = nil,
        locale: String? = Locale.preferredLanguages.first,
        topics: [String]? = nil,
        completion: @escaping @Sendable (Result<Device, LatchkeyError>) -> Void
    ) {
        push.registerForRemoteNotifications(
            deviceToken: deviceToken,
            platform: platform,
            appVersion: appVersion,
            locale: locale,
            topics: topics,
            completion: completion
        )
    }

    @available(*, deprecated, message: "use push.unregisterForRemoteNotifications")
    public func unregisterForRemoteNotifications(deviceToken: Data, completion: @escaping @Sendable (Result<Void, LatchkeyError>) -> Void) {
        push.unregisterForRemoteNotifications(deviceToken: deviceToken, completion: completion)
    }

    @available(*, deprecated, message: "use modules.request")
    public func request(
        module: String,
        path: String = "",
        version: Int = 1,
        method: String = "GET",
        params: [String: String] = [:],
        completion: @escaping @Sendable (Result<Data, LatchkeyError>) -> Void
    ) {
        modules.request(module: module, path: path, version: version, method: method, params: params, completion: completion)
    }

    @available(*, deprecated, message: "use modules.request")
    public func request(
        module: String,
        path: String = "",
        version: Int = 1,
        method: String,
        query: [String: String] = [:],
        body: (any Encodable & Sendable)?,
        completion: @escaping @Sendable (Result<Data, LatchkeyError>) -> Void
    ) {
        modules.request(module: module, path: path, version: version, method: method, query: query, body: body, completion: completion)
    }

    @available(*, deprecated, message: "use modules.request")
    public func request<T: Decodable & Sendable>(
        _ type: T.Type,
        module: String,
        path: String = "",
        version: Int = 1,
        method: String = "GET",
        params: [String: String] = [:],
        completion: @escaping @Sendable (Result<T, LatchkeyError>) -> Void
    ) {
        modules.request(T.self, module: module, path: path, version: version, method: method, params: params, completion: completion)
    }

    @available(*, deprecated, message: "use modules.request")
    public func request<T: Decodable & Sendable>(
        _ type: T.Type,
        module: String,
        path: String = "",
        version: Int = 1,
        method: String,
        query: [String: String] = [:],
        body: (any Encodable & Sendable)?,
        completion: @escaping @Sendable (Result<T, LatchkeyError>) -> Void
    ) {
        modules.request(T.self, module: module, path: path, version: version, method: method, query: query, body: body, completion: completion)
    }
}
