public import Foundation

/// A tenant: one mobile app with its own users, sessions and settings.
public struct App: Sendable, Equatable, Codable {
    /// The internal id (the access token's `app_id`).
    public var id: String
    /// The public client id apps send as `Latchkey-Client-Id` (the token's `aud`).
    public var clientID: String
    /// A display name.
    public var name: String
    /// The app's settings.
    public var settings: AppSettings
    /// When the app was created.
    public var createdAt: Date
    /// How many client secrets the app has (0: public client only).
    public var secretCount: Int
    /// The second of the app's last client-secret rotation or service-account key revocation:
    /// its confidential clients' tokens issued up to it are no longer accepted (see
    /// ``Authenticator/accepts(clientTokenIssuedAt:of:)``). Read from the credentials' rows, not
    /// stored or encoded with the app.
    var clientCredentialsChangedAt: Int64?

    enum CodingKeys: String, CodingKey {
        case id, name, settings, createdAt, secretCount
        case clientID = "clientId"
    }
}

/// An app just created or given a new secret: the secret is shown this once and stored hashed.
public struct AppCredentials: Sendable, Codable {
    /// The app.
    public var app: App
    /// The client secret in clear.
    public var clientSecret: String
}
