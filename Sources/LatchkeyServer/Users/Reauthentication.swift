import Foundation
import HTTPTypes
import LatchkeyWire

/// `POST /v1/me/reauthenticate`: the signed-in user proves who they are again — with their
/// password (throttled like sign-in), a provider token of an identity they hold (accepted once),
/// or a PIN sent to their own number — and the session records it, which opens the
/// ``RecentAuthentication`` window for email change, provider linking and account deletion.
struct Reauthentication: Sendable {
    let driver: any StoreDriver
    let sessions: SessionStore
    let time: any TimeSource
    let users: UserStore
    let accounts: AccountService
    let providers: ExternalAccountService
    let phone: PhoneSignIn

    init(backend: LatchkeyBackend) {
        self.driver = backend.driver
        self.sessions = backend.sessions
        self.time = backend.time
        self.users = backend.users
        self.accounts = AccountService(backend: backend)
        self.providers = ExternalAccountService(backend: backend)
        self.phone = PhoneSignIn(backend: backend)
    }

    /// Checks the one proof the request carries and records it on the session.
    func reauthenticate(_ request: ReauthenticationRequest, principal: UserPrincipal, client: ClientInfo) async throws {
        switch (request.password, request.provider, request.token, request.requestId, request.pin) {
        case (let password?, nil, nil, nil, nil):
            guard let account = try await users.find(id: principal.userID, appID: principal.app.id) else { throw APIError.invalidToken() }
            try await accounts.checkPassword(password, of: account, app: principal.app, client: client)
        case (nil, let provider?, let token?, nil, nil):
            let proof = ExternalSignInRequest(provider: provider, token: token, nonce: request.nonce)
            try await providers.prove(proof, principal: principal, client: client)
        case (nil, nil, nil, let requestID?, let pin?):
            try await phone.prove(pin: pin, requestID: requestID, principal: principal, client: client)
        default:
            throw APIError(.badRequest, .invalidRequest, fields: [FieldError(field: "password", code: .invalidRequest)])
        }
        let now = time.now()
        try await driver.write { db in try await sessions.recordAuthentication(sessionID: principal.sessionID, at: now, in: db) }
    }
}
