public import LatchkeyWire

extension LatchkeyBackend {
    /// Stores (replacing) an app's APNs credentials, sealed (`latchkey push set-apns`); audited
    /// as `push.credentials.set` (the key itself never in the log).
    public func setAPNsCredentials(_ credentials: APNsCredentials, app: App, by actor: AdminActor) async throws {
        try actor.require(.admin)
        try await push.credentials.set(credentials, appID: app.id)
        let changes = [
            AuditChange(field: "apns.key", before: "", after: ""), AuditChange(field: "apns.topic", before: nil, after: credentials.topic),
        ]
        try await admin.audit.record("push.credentials.set", target: "\(app.id) apns", appID: app.id, changes: changes, by: actor)
    }

    /// Stores (replacing) an app's FCM credentials, sealed (`latchkey push set-fcm`); audited as
    /// `push.credentials.set` (the service account's key never in the log).
    public func setFCMCredentials(_ credentials: FCMCredentials, app: App, by actor: AdminActor) async throws {
        try actor.require(.admin)
        try await push.credentials.set(credentials, appID: app.id)
        let changes = [
            AuditChange(field: "fcm.key", before: "", after: ""), AuditChange(field: "fcm.project", before: nil, after: credentials.projectID),
        ]
        try await admin.audit.record("push.credentials.set", target: "\(app.id) fcm", appID: app.id, changes: changes, by: actor)
    }

    /// Removes an app's credentials for `provider`; whether it had some. Its devices are then
    /// skipped. A removal is audited as `push.credentials.remove`.
    public func removePushCredentials(_ provider: PushProvider, app: App, by actor: AdminActor) async throws -> Bool {
        try actor.require(.admin)
        guard try await push.credentials.remove(provider, appID: app.id) else { return false }
        try await admin.audit.record("push.credentials.remove", target: "\(app.id) \(provider.rawValue)", appID: app.id, by: actor)
        return true
    }

    /// The providers an app has credentials for (`latchkey push status`; viewers).
    public func pushProviders(app: App, by actor: AdminActor) async throws -> Set<PushProvider> {
        try actor.require(.viewer)
        return try await push.credentials.providers(appID: app.id)
    }

    /// Starts signing tokens with a new key (`latchkey keys rotate`); audited as `keys.rotate`
    /// with the new key's id. The key id is public (every token names it); the key is not logged.
    public func rotateSigningKey(by actor: AdminActor) async throws -> String {
        try actor.require(.owner)
        let kid = try await keys.rotate()
        try await admin.audit.record("keys.rotate", target: kid, by: actor)
        return kid
    }
}
