import Crypto
import CryptoExtras
public import Foundation

/// An app's APNs token-auth credentials: the `.p8` signing key with its key id, the team id,
/// the topic (the app's bundle id) and the endpoint.
public struct APNsCredentials: Codable, Sendable, Equatable {
    /// The `.p8` key's PEM text (PKCS #8, P-256).
    public var privateKey: String
    /// The key's id in the developer account (10 characters), the JWT's `kid`.
    public var keyID: String
    /// The team id, the JWT's `iss`.
    public var teamID: String
    /// The `apns-topic`: the app's bundle id.
    public var topic: String
    /// The APNs endpoint: production, the sandbox, or a stand-in.
    public var baseURL: String

    /// Apple's production endpoint.
    public static let production = "https://api.push.apple.com"
    /// Apple's development endpoint, for builds signed with a development profile.
    public static let sandbox = "https://api.sandbox.push.apple.com"

    /// Credentials, checked: the key must be a P-256 PKCS #8 key and the URL https (http only to loopback).
    public init(privateKey: String, keyID: String, teamID: String, topic: String, baseURL: String = production) throws {
        self.privateKey = privateKey
        self.keyID = keyID
        self.teamID = teamID
        self.topic = topic
        self.baseURL = baseURL
        _ = try signingKey()
        if let problem = OutboundHTTP.problem(baseURL, name: "the APNs URL") { throw InvalidPushCredentials(reason: problem) }
        guard !keyID.isEmpty, !teamID.isEmpty, !topic.isEmpty else {
            throw InvalidPushCredentials(reason: "the key id, team id and topic are required")
        }
    }

    /// The P-256 key the provider tokens are signed with.
    func signingKey() throws -> P256.Signing.PrivateKey {
        do {
            return try P256.Signing.PrivateKey(pemRepresentation: privateKey)
        } catch {
            throw InvalidPushCredentials(reason: "the APNs key is not a P-256 private key in PEM (the .p8 file)")
        }
    }
}

/// An app's FCM HTTP v1 credentials: a Google service account (its JSON key file) and the endpoint.
public struct FCMCredentials: Codable, Sendable, Equatable {
    /// The Firebase project id (`project_id`).
    public var projectID: String
    /// The service account's email (`client_email`), the JWT's `iss`.
    public var clientEmail: String
    /// The key's id (`private_key_id`), the JWT's `kid`.
    public var privateKeyID: String?
    /// The RSA key's PEM text (`private_key`).
    public var privateKey: String
    /// Where the signed assertion is exchanged for an access token (`token_uri`).
    public var tokenURI: String
    /// The FCM endpoint.
    public var baseURL: String

    /// Google's FCM endpoint.
    public static let production = "https://fcm.googleapis.com"

    /// The members of a service account key file this reads.
    private struct KeyFile: Decodable {
        var type: String?
        var project_id: String
        var client_email: String
        var private_key_id: String?
        var private_key: String
        var token_uri: String?
    }

    /// Credentials from a service account key file's JSON, checked.
    public init(serviceAccountJSON: Data, baseURL: String = production) throws {
        guard let file = try? JSONDecoder().decode(KeyFile.self, from: serviceAccountJSON), file.type == nil || file.type == "service_account"
        else {
            throw InvalidPushCredentials(reason: "not a service account key file (project_id, client_email, private_key)")
        }
        projectID = file.project_id
        clientEmail = file.client_email
        privateKeyID = file.private_key_id
        privateKey = file.private_key
        tokenURI = file.token_uri ?? "https://oauth2.googleapis.com/token"
        self.baseURL = baseURL
        _ = try signingKey()
        for (url, name) in [(baseURL, "the FCM URL"), (tokenURI, "token_uri")] {
            if let problem = OutboundHTTP.problem(url, name: name) { throw InvalidPushCredentials(reason: problem) }
        }
        guard projectID.utf8.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "/") }), !projectID.isEmpty else {
            throw InvalidPushCredentials(reason: "project_id is not a project id")
        }
    }

    /// The RSA key the assertions are signed with.
    func signingKey() throws -> _RSA.Signing.PrivateKey {
        do {
            return try _RSA.Signing.PrivateKey(pemRepresentation: privateKey)
        } catch {
            throw InvalidPushCredentials(reason: "private_key is not an RSA private key in PEM")
        }
    }
}

/// Push credentials that cannot be used, and why.
public struct InvalidPushCredentials: Error, CustomStringConvertible {
    /// What is wrong.
    public var reason: String
    public var description: String { reason }
}
