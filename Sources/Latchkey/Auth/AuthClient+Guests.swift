public import Foundation
import LatchkeyWire

extension AuthClient {
    /// Signs in as a new guest (Firebase and Supabase anonymous sign-in): a user with an id, a
    /// session and ``CurrentUser/isAnonymous`` set, but no credential — once signed out, the
    /// guest cannot be reached again. The app must turn `anonymous` on in its `signInMethods`
    /// (else ``LatchkeyError/Kind/invalidOperation(_:)`` with `method_disabled`); an app at its
    /// guest limit throws ``LatchkeyError/Kind/guestLimitReached``.
    @discardableResult
    public func signInAnonymously() async throws -> CurrentUser {
        try signedIn(try await transport.decode(AuthResponse.self, .post, "v1/auth/anonymous", as: .none))
    }

    /// Signs in with a device id (Nakama device authentication): the first use creates a guest,
    /// every later use of the same id signs in to the same user — also after it upgraded. The id
    /// is 16 to 128 characters of `A-Z a-z 0-9 - _ . :` (``LatchkeyError/Kind/invalidDeviceID``
    /// otherwise), random and kept secret like a password: whoever has it is that user.
    @discardableResult
    public func signIn(deviceID: String) async throws -> CurrentUser {
        let request = DeviceSignInRequest(deviceId: deviceID)
        return try signedIn(try await transport.decode(AuthResponse.self, .post, "v1/auth/device", body: request, as: .none))
    }

    /// ``signIn(deviceID:)`` with this installation's id: a random UUID made on first use and
    /// kept by the client's ``CredentialStore`` (the Keychain by default, a file on Linux), apart
    /// from the session, so the same guest comes back after signing out or a reinstall that
    /// keeps the Keychain.
    @discardableResult
    public func signInWithDevice() async throws -> CurrentUser {
        let store = client.credentialStore
        let deviceID: String
        if let stored = store.loadDeviceID() {
            deviceID = stored
        } else {
            deviceID = UUID().uuidString
            try store.saveDeviceID(deviceID)
        }
        return try await signIn(deviceID: deviceID)
    }

    /// Upgrades the signed-in guest to a username or email with a password, in place: the user id
    /// and everything the guest wrote (wallet, scores, app data, database) stay, and
    /// ``CurrentUser/isAnonymous`` turns false. Fields are checked like ``signUp(username:password:dateOfBirth:country:parentEmail:)``.
    ///
    /// A username or email of another account throws ``LatchkeyError/Kind/accountConflict(field:)``
    /// and changes nothing: let the user choose to switch — sign in to that account with what
    /// they typed, leaving the guest's data behind —, to merge — the same sign-in inside
    /// ``mergeGuest(into:)``, which moves the guest's data into that account — or to stay the
    /// guest and pick another. A user who is no guest throws ``LatchkeyError/Kind/notAnonymous``.
    @discardableResult
    public func upgrade(username: String? = nil, email: String? = nil, password: String) async throws -> CurrentUser {
        let request = GuestUpgradeRequest(username: username, email: email, password: password)
        return try await updatingProfile { try await transport.decode(UserRecord.self, .post, "v1/me/upgrade", body: request) }
    }
}
