import Crypto
import Foundation
import HTTPTypes
import LatchkeyWire

/// A signed-in user's passkeys: the creation options, the registration ceremony (WebAuthn §7.1),
/// the list and removal. A registered passkey is one of the user's identities, so a guest who
/// registers one is upgraded in place and keeps everything they own. Registering and removing
/// need a recent sign-in, as linking a provider does; removing the user's last way to sign in is
/// refused (`409 last_identity`).
struct PasskeyRegistration: Sendable {
    let driver: any StoreDriver
    let users: UserStore
    let store: PasskeyStore
    let challenges: PasskeyChallenges
    let recentAuthentication: RecentAuthentication
    let issuer: Issuer
    let time: any TimeSource

    /// The longest name a passkey may have, in characters.
    static let maximumNameLength = 64

    init(backend: LatchkeyBackend) {
        driver = backend.driver
        users = backend.users
        store = PasskeyStore()
        challenges = backend.passkeyChallenges
        recentAuthentication = RecentAuthentication(sessions: backend.sessions, time: backend.time)
        issuer = backend.issuer
        time = backend.time
    }

    /// The options `navigator.credentials.create` takes for a new passkey of the user.
    func options(for principal: UserPrincipal) async throws -> PasskeyCreationOptions {
        let app = try Self.enabled(principal.app)
        let (account, existing) = try await driver.read { db in
            guard let account = try await users.find(id: principal.userID, appID: app.id, in: db) else { throw APIError.invalidToken() }
            return (account, try await store.list(userID: account.id, appID: app.id, in: db))
        }
        let party = PasskeyRelyingParty(app: app, issuer: issuer.current)
        let accountName = account.username ?? account.email ?? account.phone ?? account.displayName ?? "Passkey"
        return PasskeyCreationOptions(
            rp: .init(id: party.id, name: party.name),
            user: .init(id: Self.userHandle(of: account.id), name: accountName, displayName: account.displayName ?? accountName),
            challenge: challenges.issue(.registration, appID: app.id, userID: account.id, at: time.now()),
            pubKeyCredParams: COSEKey.algorithms.map { .init(type: "public-key", alg: $0) },
            timeout: Int(PasskeyChallenges.lifetime) * 1000,
            excludeCredentials: existing.map { Descriptor(id: $0.id, transports: $0.record.transports) },
            authenticatorSelection: .init(residentKey: "required", requireResidentKey: true, userVerification: party.userVerification),
            attestation: "none",
            extensions: ["credProps": true]
        )
    }

    /// Verifies a new credential against the options the user was given and stores it.
    func register(_ request: PasskeyRegistrationRequest, principal: UserPrincipal) async throws -> PasskeyRecord {
        let app = try Self.enabled(principal.app)
        let name = try Self.name(request.name)
        try await recentAuthentication.require(principal)
        let party = PasskeyRelyingParty(app: app, issuer: issuer.current)
        let now = time.now()
        let credential: PasskeyStore.Credential
        let challenge: PasskeyChallenges.Opened
        do {
            (credential, challenge) = try verify(request.credential, name: name, party: party, principal: principal, at: now)
        } catch let failure as PasskeyRelyingParty.Failure {
            throw APIError.invalidPasskey(failure)
        }
        do {
            try await driver.write { db in
                guard try await store.consume(challenge: challenge, driver: driver, in: db) else {
                    throw APIError.invalidPasskey(.init(reason: "challenge"))
                }
                try await users.link(PasskeyStore.identity(of: credential.id), userID: principal.userID, appID: app.id, at: now, in: db)
                try await store.insert(credential, appID: app.id, at: now, in: db)
            }
        } catch is UserStore.Taken {
            throw APIError(.conflict, .identityInUse)
        }
        return credential.record
    }

    /// The user's passkeys, oldest first.
    func list(principal: UserPrincipal) async throws -> [PasskeyRecord] {
        try await driver.read { db in try await store.list(userID: principal.userID, appID: principal.app.id, in: db) }.map(\.record)
    }

    /// Removes one of the user's passkeys, unless it is their last way to sign in.
    func remove(id: String, principal: UserPrincipal) async throws {
        try await recentAuthentication.require(principal)
        let now = time.now()
        try await driver.write { db in
            let account = try await users.lockedAccount(of: principal, in: db)
            let isThisPasskey = { (identity: Identity) in identity.provider == PasskeyStore.identityProvider && identity.subject == id }
            guard account.identities.contains(where: isThisPasskey) else { throw APIError(.notFound, .notFound) }
            guard account.signsInWithout(isThisPasskey) else { throw APIError(.conflict, .lastIdentity) }
            try await store.remove(id: id, userID: account.id, appID: principal.app.id, at: now, in: db)
        }
    }

    /// The WebAuthn user handle of a user: their id, which is random and names no one (§14.6.1).
    static func userHandle(of userID: String) -> String { Base64URL.encode(Array(userID.utf8)) }

    /// The app, when passkeys are among its sign-in methods.
    static func enabled(_ app: App) throws -> App {
        guard app.settings.auth.signInMethods.contains(.passkey) else { throw APIError(.forbidden, .methodDisabled) }
        return app
    }

    private static func name(_ name: String?) throws -> String {
        guard let name else { return "Passkey" }
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard (1...maximumNameLength).contains(trimmed.count), !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else { throw APIError.validation([FieldError(field: "name", code: .invalidRequest)]) }
        return trimmed
    }

    /// WebAuthn §7.1 steps 5–27, short of storing: the client data, the attestation object and
    /// its statement, the RP ID, the flags and the algorithm.
    private func verify(
        _ credential: PasskeyRegistrationCredential,
        name: String,
        party: PasskeyRelyingParty,
        principal: UserPrincipal,
        at now: Date
    ) throws -> (PasskeyStore.Credential, PasskeyChallenges.Opened) {
        guard credential.type == "public-key", credential.id == credential.rawId else { throw PasskeyRelyingParty.Failure(reason: "credential") }
        let (clientData, clientDataBytes) = try party.clientData(credential.response.clientDataJSON, type: "webauthn.create")
        guard
            let challenge = challenges.open(clientData.challenge, .registration, appID: principal.app.id, userID: principal.userID, at: now)
        else { throw PasskeyRelyingParty.Failure(reason: "challenge") }
        guard let objectBytes = Base64URL.decode(credential.response.attestationObject) else {
            throw PasskeyRelyingParty.Failure(reason: "attestation_object")
        }
        let object = try AttestationObject(objectBytes, clientDataHash: Array(SHA256.hash(data: clientDataBytes)))
        try party.check(object.authenticatorData)
        guard Base64URL.encode(object.credential.credentialID) == credential.id else { throw PasskeyRelyingParty.Failure(reason: "credential") }
        let record = PasskeyRecord(
            id: credential.id,
            name: name,
            aaguid: UUID(uuid: Self.uuid(object.credential.aaguid)).uuidString.lowercased(),
            backupEligible: object.authenticatorData.backupEligible,
            backedUp: object.authenticatorData.backedUp,
            transports: (credential.response.transports ?? []).filter(Self.knownTransports.contains),
            createdAt: now,
            lastUsedAt: nil
        )
        return (
            PasskeyStore.Credential(
                userID: principal.userID,
                publicKey: object.credential.publicKeyBytes,
                signCount: Int64(object.authenticatorData.signCount),
                record: record
            ),
            challenge
        )
    }

    /// The transports WebAuthn defines (§5.8.4); others are dropped rather than stored.
    private static let knownTransports: Set<String> = ["ble", "hybrid", "internal", "nfc", "smart-card", "usb"]

    private static func uuid(_ bytes: [UInt8]) -> uuid_t {
        (
            bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
            bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
        )
    }
}
