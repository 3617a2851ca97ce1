public import LatchkeyWire

extension LatchkeyBackend {
    /// Stores (replacing) an app's APNs credentials, sealed (`latchkey push set-apns`).
    public func setAPNsCredentials(_ credentials: APNsCredentials, app: App) async throws {
        try await push.credentials.set(credentials, appID: app.id)
    }

    /// Stores (replacing) an app's FCM credentials, sealed (`latchkey push set-fcm`).
    public func setFCMCredentials(_ credentials: FCMCredentials, app: App) async throws {
        try await push.credentials.set(credentials, appID: app.id)
    }

    /// Removes an app's credentials for `provider`; whether it had some. Its devices are then skipped.
    public func removePushCredentials(_ provider: PushProvider, app: App) async throws -> Bool {
        try await push.credentials.remove(provider, appID: app.id)
    }

    /// The providers an app has credentials for (`latchkey push status`).
    public func pushProviders(app: App) async throws -> Set<PushProvider> {
        try await push.credentials.providers(appID: app.id)
    }
}
