public import Foundation

/// One service-account key of an app, as operators list it: the public half is in the database,
/// the private half only in the file handed out when it was made.
public struct ServiceAccountKey: Sendable, Equatable, Encodable {
    /// The key id: the file's `private_key_id` and the `kid` of its assertions (40 hex digits).
    public var id: String
    /// The app whose client tokens the key obtains.
    public var appID: String
    /// The service account's name: the file's `client_email`, the `iss` of its assertions.
    public var clientEmail: String
    public var createdAt: Date
    /// When the key stopped being accepted; nil while it is live.
    public var revokedAt: Date?

    enum CodingKeys: String, CodingKey {
        case id, clientEmail, createdAt, revokedAt
        case appID = "appId"
    }

    /// The `client_email` of key `id` of the app with client id `clientID`: it names the key and
    /// the app, and no Google service account (`…@….iam.gserviceaccount.com`) is ever one.
    static func clientEmail(keyID: String, clientID: String) -> String {
        "\(keyID)@\(clientID).service-accounts.latchkey"
    }
}

/// Google's service-account key file (the JSON the Firebase and Google Cloud consoles hand out),
/// with what Google's libraries read: they sign assertions with `private_key` (PKCS#8 PEM), name
/// it with `private_key_id` as the JWS `kid`, and post them to `token_uri`. No `universe_domain`
/// member: google-auth would then sign its own tokens instead of asking `token_uri` for one.
public struct ServiceAccountFile: Sendable, Codable {
    public var type = "service_account"
    /// The app's client id: firebase-admin reads a project id, and the app is Latchkey's project.
    public var projectID: String
    public var privateKeyID: String
    public var privateKey: String
    public var clientEmail: String
    /// The app's client id, as Google's files name the account's OAuth client.
    public var clientID: String
    /// The server's token endpoint, where the assertions are exchanged for access tokens.
    public var tokenURI: String

    enum CodingKeys: String, CodingKey {
        case type
        case projectID = "project_id"
        case privateKeyID = "private_key_id"
        case privateKey = "private_key"
        case clientEmail = "client_email"
        case clientID = "client_id"
        case tokenURI = "token_uri"
    }

    /// The file's bytes, as Google formats them (pretty, `/` unescaped).
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self) + Data("\n".utf8)
    }
}
