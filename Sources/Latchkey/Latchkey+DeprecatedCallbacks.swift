public import Foundation
public import LatchkeyWire

/// The completion-handler forms the client itself had before feature clients; each is
/// ``AuthClient``'s form of the same name (see docs/sdk.md, "Feature clients").
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
        auth.signUp(
            username: username,
            password: password,
            dateOfBirth: dateOfBirth,
            country: country,
            parentEmail: parentEmail,
            completion: completion
        )
    }

    /// Callback form of ``signUp(email:password:)``.
    @available(*, deprecated, message: "use auth.signUp")
    public func signUp(email: String, password: String, completion: @escaping @Sendable (Result<EmailSignUpResult, LatchkeyError>) -> Void) {
        auth.signUp(email: email, password: password, completion: completion)
    }

    /// Callback form of ``signIn(username:password:)``.
    @available(*, deprecated, message: "use auth.signIn")
    public func signIn(username: String, password: String, completion: @escaping @Sendable (Result<CurrentUser, LatchkeyError>) -> Void) {
        auth.signIn(username: username, password: password, completion: completion)
    }

    /// Callback form of ``signIn(email:password:)``.
    @available(*, deprecated, message: "use auth.signIn")
    public func signIn(email: String, password: String, completion: @escaping @Sendable (Result<CurrentUser, LatchkeyError>) -> Void) {
        auth.signIn(email: email, password: password, completion: completion)
    }

    /// Callback form of ``signIn(accessToken:)``.
    @available(*, deprecated, message: "use auth.signIn")
    public func signIn(accessToken: String, completion: @escaping @Sendable (Result<CurrentUser, LatchkeyError>) -> Void) {
        auth.signIn(accessToken: accessToken, completion: completion)
    }

    /// Callback form of ``signIn(provider:token:nonce:)``.
    @available(*, deprecated, message: "use auth.signIn")
    public func signIn(
        provider: String,
        token: String,
        nonce: String? = nil,
        completion: @escaping @Sendable (Result<CurrentUser, LatchkeyError>) -> Void
    ) {
        auth.signIn(provider: provider, token: token, nonce: nonce, completion: completion)
    }

    /// Callback form of ``link(provider:token:nonce:)``.
    @available(*, deprecated, message: "use auth.link")
    public func link(
        provider: String,
        token: String,
        nonce: String? = nil,
        completion: @escaping @Sendable (Result<CurrentUser, LatchkeyError>) -> Void
    ) {
        auth.link(provider: provider, token: token, nonce: nonce, completion: completion)
    }

    /// Callback form of ``unlink(provider:)``.
    @available(*, deprecated, message: "use auth.unlink")
    public func unlink(provider: String, completion: @escaping @Sendable (Result<CurrentUser, LatchkeyError>) -> Void) {
        auth.unlink(provider: provider, completion: completion)
    }

    /// Callback form of ``reauthenticate(password:)``.
    @available(*, deprecated, message: "use auth.reauthenticate")
    public func reauthenticate(password: String, completion: @escaping @Sendable (Result<Void, LatchkeyError>) -> Void) {
        auth.reauthenticate(password: password, completion: completion)
    }

    /// Callback form of ``reauthenticate(provider:token:nonce:)``.
    @available(*, deprecated, message: "use auth.reauthenticate")
    public func reauthenticate(
        provider: String,
        token: String,
        nonce: String? = nil,
        completion: @escaping @Sendable (Result<Void, LatchkeyError>) -> Void
    ) {
        auth.reauthenticate(provider: provider, token: token, nonce: nonce, completion: completion)
    }

    /// Callback form of ``reauthenticate(_:pin:)``.
    @available(*, deprecated, message: "use auth.reauthenticate")
    public func reauthenticate(
        _ verification: PhoneVerification,
        pin: String,
        completion: @escaping @Sendable (Result<Void, LatchkeyError>) -> Void
    ) {
        auth.reauthenticate(verification, pin: pin, completion: completion)
    }

    /// Callback form of ``startPhoneSignIn(_:)``.
    @available(*, deprecated, message: "use auth.startPhoneSignIn")
    public func startPhoneSignIn(_ phone: String, completion: @escaping @Sendable (Result<PhoneVerification, LatchkeyError>) -> Void) {
        auth.startPhoneSignIn(phone, completion: completion)
    }

    /// Callback form of ``verifyPhone(_:pin:)``.
    @available(*, deprecated, message: "use auth.verifyPhone")
    public func verifyPhone(
        _ verification: PhoneVerification,
        pin: String,
        completion: @escaping @Sendable (Result<CurrentUser, LatchkeyError>) -> Void
    ) {
        auth.verifyPhone(verification, pin: pin, completion: completion)
    }

    /// Callback form of ``mergeGuest(into:)``.
    @available(*, deprecated, message: "use auth.mergeGuest")
    public func mergeGuest(
        into signIn: @escaping @Sendable () async throws -> CurrentUser,
        completion: @escaping @Sendable (Result<GuestMergeResponse, LatchkeyError>) -> Void
    ) {
        auth.mergeGuest(into: signIn, completion: completion)
    }

    /// Callback form of ``linkPhone(_:)``.
    @available(*, deprecated, message: "use auth.linkPhone")
    public func linkPhone(_ phone: String, completion: @escaping @Sendable (Result<PhoneVerification, LatchkeyError>) -> Void) {
        auth.linkPhone(phone, completion: completion)
    }

    /// Callback form of ``verifyPhoneLink(_:pin:)``.
    @available(*, deprecated, message: "use auth.verifyPhoneLink")
    public func verifyPhoneLink(
        _ verification: PhoneVerification,
        pin: String,
        completion: @escaping @Sendable (Result<CurrentUser, LatchkeyError>) -> Void
    ) {
        auth.verifyPhoneLink(verification, pin: pin, completion: completion)
    }

    /// Callback form of ``removePhone()``.
    @available(*, deprecated, message: "use auth.removePhone")
    public func removePhone(completion: @escaping @Sendable (Result<CurrentUser, LatchkeyError>) -> Void) {
        auth.removePhone(completion: completion)
    }

    /// Callback form of ``sendEmailCode(to:createUser:)``.
    @available(*, deprecated, message: "use auth.sendEmailCode")
    public func sendEmailCode(
        to email: String,
        createUser: Bool = true,
        completion: @escaping @Sendable (Result<Date, LatchkeyError>) -> Void
    ) {
        auth.sendEmailCode(to: email, createUser: createUser, completion: completion)
    }

    /// Callback form of ``signIn(email:code:)``.
    @available(*, deprecated, message: "use auth.signIn")
    public func signIn(email: String, code: String, completion: @escaping @Sendable (Result<CurrentUser, LatchkeyError>) -> Void) {
        auth.signIn(email: email, code: code, completion: completion)
    }

    /// Callback form of ``signIn(emailLinkURL:)``.
    @available(*, deprecated, message: "use auth.signIn")
    public func signIn(emailLinkURL url: URL, completion: @escaping @Sendable (Result<CurrentUser, LatchkeyError>) -> Void) {
        auth.signIn(emailLinkURL: url, completion: completion)
    }

    /// Callback form of ``signOut(everywhere:)``.
    @available(*, deprecated, message: "use auth.signOut")
    public func signOut(everywhere: Bool = false, completion: @escaping @Sendable (Result<Void, LatchkeyError>) -> Void) {
        auth.signOut(everywhere: everywhere, completion: completion)
    }

    /// Callback form of ``accessToken(forcingRefresh:)``.
    @available(*, deprecated, message: "use auth.accessToken")
    public func accessToken(forcingRefresh: Bool = false, completion: @escaping @Sendable (Result<String, LatchkeyError>) -> Void) {
        auth.accessToken(forcingRefresh: forcingRefresh, completion: completion)
    }

    /// Callback form of ``refreshSession()``.
    @available(*, deprecated, message: "use auth.refreshSession")
    public func refreshSession(completion: @escaping @Sendable (Result<CurrentUser, LatchkeyError>) -> Void) {
        auth.refreshSession(completion: completion)
    }

    /// Callback form of ``reloadUser()``.
    @available(*, deprecated, message: "use auth.reloadUser")
    public func reloadUser(completion: @escaping @Sendable (Result<CurrentUser, LatchkeyError>) -> Void) {
        auth.reloadUser(completion: completion)
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
        auth.updateUser(
            username: username,
            dateOfBirth: dateOfBirth,
            country: country,
            parentEmail: parentEmail,
            clearing: clearing,
            completion: completion
        )
    }

    /// Callback form of ``changePassword(current:new:)``.
    @available(*, deprecated, message: "use auth.changePassword")
    public func changePassword(current: String, new: String, completion: @escaping @Sendable (Result<Void, LatchkeyError>) -> Void) {
        auth.changePassword(current: current, new: new, completion: completion)
    }

    /// Callback form of ``deleteAccount()``.
    @available(*, deprecated, message: "use auth.deleteAccount")
    public func deleteAccount(completion: @escaping @Sendable (Result<Void, LatchkeyError>) -> Void) {
        auth.deleteAccount(completion: completion)
    }

    /// Callback form of ``sessions()``.
    @available(*, deprecated, message: "use auth.sessions")
    public func sessions(completion: @escaping @Sendable (Result<[SessionDescriptor], LatchkeyError>) -> Void) {
        auth.sessions(completion: completion)
    }

    /// Callback form of ``revokeSession(_:)``.
    @available(*, deprecated, message: "use auth.revokeSession")
    public func revokeSession(_ id: String, completion: @escaping @Sendable (Result<Void, LatchkeyError>) -> Void) {
        auth.revokeSession(id, completion: completion)
    }

    /// Callback form of ``exportData()``.
    @available(*, deprecated, message: "use auth.exportData")
    public func exportData(completion: @escaping @Sendable (Result<AccountExport, LatchkeyError>) -> Void) {
        auth.exportData(completion: completion)
    }

    /// Callback form of ``resendConsentRequest()``.
    @available(*, deprecated, message: "use auth.resendConsentRequest")
    public func resendConsentRequest(completion: @escaping @Sendable (Result<Void, LatchkeyError>) -> Void) {
        auth.resendConsentRequest(completion: completion)
    }

    /// Callback form of ``requestConsentLinks(parentEmail:)``.
    @available(*, deprecated, message: "use auth.requestConsentLinks")
    public func requestConsentLinks(parentEmail: String, completion: @escaping @Sendable (Result<Void, LatchkeyError>) -> Void) {
        auth.requestConsentLinks(parentEmail: parentEmail, completion: completion)
    }

    /// Callback form of ``sendEmailVerification()``.
    @available(*, deprecated, message: "use auth.sendEmailVerification")
    public func sendEmailVerification(completion: @escaping @Sendable (Result<Void, LatchkeyError>) -> Void) {
        auth.sendEmailVerification(completion: completion)
    }

    /// Callback form of ``verifyEmail(token:)``.
    @available(*, deprecated, message: "use auth.verifyEmail")
    public func verifyEmail(token: String, completion: @escaping @Sendable (Result<Void, LatchkeyError>) -> Void) {
        auth.verifyEmail(token: token, completion: completion)
    }

    /// Callback form of ``sendPasswordReset(email:)``.
    @available(*, deprecated, message: "use auth.sendPasswordReset")
    public func sendPasswordReset(email: String, completion: @escaping @Sendable (Result<Void, LatchkeyError>) -> Void) {
        auth.sendPasswordReset(email: email, completion: completion)
    }

    /// Callback form of ``confirmPasswordReset(token:newPassword:)``.
    @available(*, deprecated, message: "use auth.confirmPasswordReset")
    public func confirmPasswordReset(token: String, newPassword: String, completion: @escaping @Sendable (Result<Void, LatchkeyError>) -> Void) {
        auth.confirmPasswordReset(token: token, newPassword: newPassword, completion: completion)
    }

    /// Callback form of ``changeEmail(to:)``.
    @available(*, deprecated, message: "use auth.changeEmail")
    public func changeEmail(to newEmail: String, completion: @escaping @Sendable (Result<Void, LatchkeyError>) -> Void) {
        auth.changeEmail(to: newEmail, completion: completion)
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
