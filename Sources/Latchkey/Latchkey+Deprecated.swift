public import Foundation
public import LatchkeyWire

/// The calls the client itself had before feature clients, kept for apps written against them;
/// each is the feature client's method of the same name (see docs/sdk.md, "Feature clients").
extension Latchkey {
    /// ``AuthClient/signUp(username:password:dateOfBirth:country:parentEmail:)``.
    @discardableResult
    @available(*, deprecated, message: "use auth.signUp")
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
    @available(*, deprecated, message: "use auth.signUp")
    public func signUp(email: String, password: String) async throws -> EmailSignUpResult {
        try await auth.signUp(email: email, password: password)
    }

    /// ``AuthClient/signIn(username:password:)``.
    @discardableResult
    @available(*, deprecated, message: "use auth.signIn")
    public func signIn(username: String, password: String) async throws -> CurrentUser {
        try await auth.signIn(username: username, password: password)
    }

    /// ``AuthClient/signIn(email:password:)``.
    @discardableResult
    @available(*, deprecated, message: "use auth.signIn")
    public func signIn(email: String, password: String) async throws -> CurrentUser {
        try await auth.signIn(email: email, password: password)
    }

    /// ``AuthClient/signIn(accessToken:)``.
    @discardableResult
    @available(*, deprecated, message: "use auth.signIn")
    public func signIn(accessToken: String) async throws -> CurrentUser {
        try await auth.signIn(accessToken: accessToken)
    }

    /// ``AuthClient/signInAnonymously()``.
    @discardableResult
    @available(*, deprecated, message: "use auth.signInAnonymously")
    public func signInAnonymously() async throws -> CurrentUser {
        try await auth.signInAnonymously()
    }

    /// ``AuthClient/signIn(deviceID:)``.
    @discardableResult
    @available(*, deprecated, message: "use auth.signIn")
    public func signIn(deviceID: String) async throws -> CurrentUser {
        try await auth.signIn(deviceID: deviceID)
    }

    /// ``AuthClient/sendEmailCode(to:createUser:)``.
    @discardableResult
    @available(*, deprecated, message: "use auth.sendEmailCode")
    public func sendEmailCode(to email: String, createUser: Bool = true) async throws -> Date {
        try await auth.sendEmailCode(to: email, createUser: createUser)
    }

    /// ``AuthClient/signIn(email:code:)``.
    @discardableResult
    @available(*, deprecated, message: "use auth.signIn")
    public func signIn(email: String, code: String) async throws -> CurrentUser {
        try await auth.signIn(email: email, code: code)
    }

    /// ``AuthClient/signIn(emailLinkURL:)``.
    @discardableResult
    @available(*, deprecated, message: "use auth.signIn")
    public func signIn(emailLinkURL url: URL) async throws -> CurrentUser {
        try await auth.signIn(emailLinkURL: url)
    }

    /// ``AuthClient/signInWithDevice()``.
    @discardableResult
    @available(*, deprecated, message: "use auth.signInWithDevice")
    public func signInWithDevice() async throws -> CurrentUser {
        try await auth.signInWithDevice()
    }

    /// ``AuthClient/webLoginRequest(redirectURI:prompt:loginHint:)``.
    @available(*, deprecated, message: "use auth.webLoginRequest")
    public func webLoginRequest(redirectURI: String, prompt: String? = nil, loginHint: String? = nil) throws -> WebLoginRequest {
        try auth.webLoginRequest(redirectURI: redirectURI, prompt: prompt, loginHint: loginHint)
    }

    /// ``AuthClient/signIn(webLogin:callback:)``.
    @discardableResult
    @available(*, deprecated, message: "use auth.signIn")
    public func signIn(webLogin request: WebLoginRequest, callback: URL) async throws -> CurrentUser {
        try await auth.signIn(webLogin: request, callback: callback)
    }

    /// ``AuthClient/signOut(everywhere:)``.
    @available(*, deprecated, message: "use auth.signOut")
    public func signOut(everywhere: Bool = false) async throws {
        try await auth.signOut(everywhere: everywhere)
    }

    /// ``AuthClient/restoreSession()``.
    @discardableResult
    @available(*, deprecated, message: "use auth.restoreSession")
    public func restoreSession() -> CurrentUser? {
        auth.restoreSession()
    }

    /// ``AuthClient/reloadUser()``.
    @discardableResult
    @available(*, deprecated, message: "use auth.reloadUser")
    public func reloadUser() async throws -> CurrentUser {
        try await auth.reloadUser()
    }

    /// ``AuthClient/updateUser(username:dateOfBirth:country:parentEmail:clearing:)``.
    @discardableResult
    @available(*, deprecated, message: "use auth.updateUser")
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
    @available(*, deprecated, message: "use auth.changePassword")
    public func changePassword(current: String, new: String) async throws {
        try await auth.changePassword(current: current, new: new)
    }

    /// ``AuthClient/deleteAccount()``.
    @available(*, deprecated, message: "use auth.deleteAccount")
    public func deleteAccount() async throws {
        try await auth.deleteAccount()
    }

    /// ``AuthClient/sessions()``.
    @available(*, deprecated, message: "use auth.sessions")
    public func sessions() async throws -> [SessionDescriptor] {
        try await auth.sessions()
    }

    /// ``AuthClient/revokeSession(_:)``.
    @available(*, deprecated, message: "use auth.revokeSession")
    public func revokeSession(_ id: String) async throws {
        try await auth.revokeSession(id)
    }

    /// ``AuthClient/exportData()``.
    @available(*, deprecated, message: "use auth.exportData")
    public func exportData() async throws -> AccountExport {
        try await auth.exportData()
    }

    /// ``AuthClient/resendConsentRequest()``.
    @available(*, deprecated, message: "use auth.resendConsentRequest")
    public func resendConsentRequest() async throws {
        try await auth.resendConsentRequest()
    }

    /// ``AuthClient/requestConsentLinks(parentEmail:)``.
    @available(*, deprecated, message: "use auth.requestConsentLinks")
    public func requestConsentLinks(parentEmail: String) async throws {
        try await auth.requestConsentLinks(parentEmail: parentEmail)
    }

    /// ``AuthClient/sendEmailVerification()``.
    @available(*, deprecated, message: "use auth.sendEmailVerification")
    public func sendEmailVerification() async throws {
        try await auth.sendEmailVerification()
    }

    /// ``AuthClient/verifyEmail(token:)``.
    @available(*, deprecated, message: "use auth.verifyEmail")
    public func verifyEmail(token: String) async throws {
        try await auth.verifyEmail(token: token)
    }

    /// ``AuthClient/sendPasswordReset(email:)``.
    @available(*, deprecated, message: "use auth.sendPasswordReset")
    public func sendPasswordReset(email: String) async throws {
        try await auth.sendPasswordReset(email: email)
    }

    /// ``AuthClient/confirmPasswordReset(token:newPassword:)``.
    @available(*, deprecated, message: "use auth.confirmPasswordReset")
    public func confirmPasswordReset(token: String, newPassword: String) async throws {
        try await auth.confirmPasswordReset(token: token, newPassword: newPassword)
    }

    /// ``AuthClient/changeEmail(to:)``.
    @available(*, deprecated, message: "use auth.changeEmail")
    public func changeEmail(to newEmail: String) async throws {
        try await auth.changeEmail(to: newEmail)
    }

    /// ``AuthClient/reauthenticate(password:)``.
    @available(*, deprecated, message: "use auth.reauthenticate")
    public func reauthenticate(password: String) async throws {
        try await auth.reauthenticate(password: password)
    }

    /// ``AuthClient/reauthenticate(provider:token:nonce:)``.
    @available(*, deprecated, message: "use auth.reauthenticate")
    public func reauthenticate(provider: String, token: String, nonce: String? = nil) async throws {
        try await auth.reauthenticate(provider: provider, token: token, nonce: nonce)
    }

    /// ``AuthClient/reauthenticate(_:pin:)``.
    @available(*, deprecated, message: "use auth.reauthenticate")
    public func reauthenticate(_ verification: PhoneVerification, pin: String) async throws {
        try await auth.reauthenticate(verification, pin: pin)
    }

    /// ``AuthClient/startPhoneSignIn(_:)``.
    @available(*, deprecated, message: "use auth.startPhoneSignIn")
    public func startPhoneSignIn(_ phone: String) async throws -> PhoneVerification {
        try await auth.startPhoneSignIn(phone)
    }

    /// ``AuthClient/verifyPhone(_:pin:)``.
    @discardableResult
    @available(*, deprecated, message: "use auth.verifyPhone")
    public func verifyPhone(_ verification: PhoneVerification, pin: String) async throws -> CurrentUser {
        try await auth.verifyPhone(verification, pin: pin)
    }

    /// ``AuthClient/mergeGuest(into:)``.
    @discardableResult
    @available(*, deprecated, message: "use auth.mergeGuest")
    public func mergeGuest(into signIn: () async throws -> CurrentUser) async throws -> GuestMergeResponse {
        try await auth.mergeGuest(into: signIn)
    }

    /// ``AuthClient/linkPhone(_:)``.
    @available(*, deprecated, message: "use auth.linkPhone")
    public func linkPhone(_ phone: String) async throws -> PhoneVerification {
        try await auth.linkPhone(phone)
    }

    /// ``AuthClient/verifyPhoneLink(_:pin:)``.
    @discardableResult
    @available(*, deprecated, message: "use auth.verifyPhoneLink")
    public func verifyPhoneLink(_ verification: PhoneVerification, pin: String) async throws -> CurrentUser {
        try await auth.verifyPhoneLink(verification, pin: pin)
    }

    /// ``AuthClient/removePhone()``.
    @discardableResult
    @available(*, deprecated, message: "use auth.removePhone")
    public func removePhone() async throws -> CurrentUser {
        try await auth.removePhone()
    }

    /// ``AuthClient/signIn(provider:token:nonce:)``.
    @discardableResult
    @available(*, deprecated, message: "use auth.signIn")
    public func signIn(provider: String, token: String, nonce: String? = nil) async throws -> CurrentUser {
        try await auth.signIn(provider: provider, token: token, nonce: nonce)
    }

    /// ``AuthClient/link(provider:token:nonce:)``.
    @discardableResult
    @available(*, deprecated, message: "use auth.link")
    public func link(provider: String, token: String, nonce: String? = nil) async throws -> CurrentUser {
        try await auth.link(provider: provider, token: token, nonce: nonce)
    }

    /// ``AuthClient/unlink(provider:)``.
    @discardableResult
    @available(*, deprecated, message: "use auth.unlink")
    public func unlink(provider: String) async throws -> CurrentUser {
        try await auth.unlink(provider: provider)
    }

    @available(*, deprecated, message: "use auth.accessToken")
    public func accessToken(forcingRefresh: Bool = false) async throws -> String {
        try await auth.accessToken(forcingRefresh: forcingRefresh)
    }

    @available(*, deprecated, message: "use auth.refreshSession")
    @discardableResult
    public func refreshSession() async throws -> CurrentUser {
        try await auth.refreshSession()
    }

    @available(*, deprecated, message: "use push.registerForRemoteNotifications")
    @discardableResult
    public func registerForRemoteNotifications(
        deviceToken: Data,
        platform: DevicePlatform = .current,
        appVersion: String? = nil,
        locale: String? = Locale.preferredLanguages.first,
        topics: [String]? = nil
    ) async throws -> Device {
        try await push.registerForRemoteNotifications(
            deviceToken: deviceToken,
            platform: platform,
            appVersion: appVersion,
            locale: locale,
            topics: topics
        )
    }

    @available(*, deprecated, message: "use push.registerDevice")
    @discardableResult
    public func registerDevice(_ registration: DeviceRegistration) async throws -> Device {
        try await push.registerDevice(registration)
    }

    @available(*, deprecated, message: "use push.unregisterForRemoteNotifications")
    public func unregisterForRemoteNotifications(deviceToken: Data) async throws {
        try await push.unregisterForRemoteNotifications(deviceToken: deviceToken)
    }

    @available(*, deprecated, message: "use push.unregisterDevice")
    public func unregisterDevice(token: String) async throws {
        try await push.unregisterDevice(token: token)
    }

    @available(*, deprecated, message: "use push.devices")
    public func devices() async throws -> [Device] {
        try await push.devices()
    }

    @available(*, deprecated, message: "use modules.request")
    public func request(
        module: String,
        path: String = "",
        version: Int = 1,
        method: String = "GET",
        params: [String: String] = [:]
    ) async throws -> Data {
        try await modules.request(module: module, path: path, version: version, method: method, params: params)
    }

    @available(*, deprecated, message: "use modules.request")
    public func request(
        module: String,
        path: String = "",
        version: Int = 1,
        method: String,
        query: [String: String] = [:],
        body: (any Encodable & Sendable)?
    ) async throws -> Data {
        try await modules.request(module: module, path: path, version: version, method: method, query: query, body: body)
    }

    @available(*, deprecated, message: "use modules.request")
    public func request<T: Decodable>(
        _ type: T.Type,
        module: String,
        path: String = "",
        version: Int = 1,
        method: String = "GET",
        params: [String: String] = [:]
    ) async throws -> T {
        try await modules.request(T.self, module: module, path: path, version: version, method: method, params: params)
    }

    @available(*, deprecated, message: "use modules.request")
    public func request<T: Decodable>(
        _ type: T.Type,
        module: String,
        path: String = "",
        version: Int = 1,
        method: String,
        query: [String: String] = [:],
        body: (any Encodable & Sendable)?
    ) async throws -> T {
        try await modules.request(T.self, module: module, path: path, version: version, method: method, query: query, body: body)
    }

    @available(*, deprecated, message: "use modules.events")
    public func events(
        module: String,
        path: String = "",
        version: Int = 1,
        query: [String: String] = [:],
        lastEventID: String? = nil
    ) -> AsyncThrowingStream<ServerSentEvent, any Error> {
        modules.events(module: module, path: path, version: version, query: query, lastEventID: lastEventID)
    }
}
