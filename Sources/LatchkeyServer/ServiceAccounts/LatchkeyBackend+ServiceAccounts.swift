import CryptoExtras
public import Foundation

extension LatchkeyBackend {
    /// Makes a service-account key for `app`: a new RSA-2048 key pair whose public half is stored
    /// and whose private half is returned, in Google's key file, and nowhere else. The file's
    /// `token_uri` is the token endpoint under `publicURL`, the server's URL as the file's holders
    /// reach it (default: the issuer). Admins only; audited as `service_account.key.create` with
    /// the key's id and client email, never the key.
    public func createServiceAccountKey(for app: App, publicURL: String? = nil, by actor: AdminActor) async throws -> ServiceAccountFile {
        try actor.require(.admin)
        let privateKey = try _RSA.Signing.PrivateKey(keySize: .bits2048)
        let keyID = Digest.hex(SecureRandom.bytes(20))
        let key = ServiceAccountKey(
            id: keyID,
            appID: app.id,
            clientEmail: ServiceAccountKey.clientEmail(keyID: keyID, clientID: app.clientID),
            createdAt: time.now()
        )
        try await ServiceAccountStore(driver: driver).insert(key, publicKeyPEM: privateKey.publicKey.pemRepresentation)
        let changes = [AuditChange(field: "clientEmail", before: nil, after: key.clientEmail)]
        try await admin.audit.record("service_account.key.create", target: "\(app.id) \(keyID)", appID: app.id, changes: changes, by: actor)
        return ServiceAccountFile(
            projectID: app.clientID,
            privateKeyID: keyID,
            privateKey: privateKey.pkcs8PEMRepresentation + "\n",
            clientEmail: key.clientEmail,
            clientID: app.clientID,
            tokenURI: (publicURL?.trimmingSuffix("/") ?? configuration.issuer) + "/oauth/token"
        )
    }

    /// The app's service-account keys, live and revoked, oldest first.
    public func serviceAccountKeys(appID: String, by actor: AdminActor) async throws -> [ServiceAccountKey] {
        try actor.require(.viewer)
        return try await ServiceAccountStore(driver: driver).keys(appID: appID)
    }

    /// Revokes one of the app's live keys: its assertions are refused from now on, on every node
    /// (each grant reads the key). The app's client tokens issued until now stop being accepted
    /// within the app directory's freshness, streams included, as when a client secret is rotated
    /// (see ``Authenticator/accepts(clientTokenIssuedAt:of:)``).
    /// Admins only; audited as `service_account.key.revoke`.
    public func revokeServiceAccountKey(_ keyID: String, appID: String, by actor: AdminActor) async throws {
        try actor.require(.admin)
        guard try await ServiceAccountStore(driver: driver).revoke(id: keyID, appID: appID, at: time.now()) else {
            throw NoLiveServiceAccountKey(keyID: keyID)
        }
        try await admin.audit.record("service_account.key.revoke", target: "\(appID) \(keyID)", appID: appID, by: actor)
    }

    /// An app has no live key with the id given.
    public struct NoLiveServiceAccountKey: Error, CustomStringConvertible {
        public var keyID: String
        public var description: String { "the app has no live service-account key \(keyID)" }
    }
}
