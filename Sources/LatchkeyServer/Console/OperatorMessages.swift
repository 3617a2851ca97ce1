import Foundation
import LatchkeyWire

/// `POST /v1/operator/sessions`: an operator's password and the current TOTP code.
struct OperatorSignInRequest: StrictRequest {
    static let acceptedFields: Set<String> = ["username", "password", "code"]
    var username: String
    var password: String
    var code: String
}

/// `POST /v1/operator/enrollment`: the password of an operator whose authenticator is not enrolled.
struct OperatorEnrollmentRequest: StrictRequest {
    static let acceptedFields: Set<String> = ["username", "password"]
    var username: String
    var password: String
}

/// The answer to an enrollment: the secret to type into an authenticator app, or its URI.
struct OperatorEnrollment: Codable, Sendable {
    var secret: String
    var otpauthURI: String
}

/// The answer to a sign-in: the bearer token (shown once), its session and operator.
struct OperatorSignIn: Codable, Sendable {
    var token: String
    var session: OperatorSession
    var `operator`: Operator
}

/// `POST /v1/operator/apps`.
struct AppCreateRequest: StrictRequest {
    static let acceptedFields: Set<String> = ["name"]
    var name: String
}

/// `PATCH /v1/operator/apps/{id}`: a new name and settings by their flags, each a value or a
/// list of values (`{"session-ttl": 3600, "cors-origin": ["https://a.example"]}`).
struct AppUpdateRequest: StrictRequest {
    static let acceptedFields: Set<String> = ["name", "settings"]
    var name: String?
    var settings: [String: SettingValues]?

    /// The settings as changes, in flag order.
    var changes: [SettingChange] {
        (settings ?? [:]).sorted { $0.key < $1.key }.map { SettingChange(flag: $0.key, values: $0.value.values) }
    }
}

/// One setting's value(s) in JSON: a string, number or boolean, or an array of strings.
struct SettingValues: Codable, Sendable {
    var values: [String]

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let list = try? container.decode([String].self) {
            values = list
        } else if let flag = try? container.decode(Bool.self) {
            values = [flag ? "true" : "false"]
        } else if let number = try? container.decode(Int.self) {
            values = [String(number)]
        } else {
            values = [try container.decode(String.self)]
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(values)
    }
}

/// An app with its client secret, shown once (creation, rotation).
struct AppWithSecret: Codable, Sendable {
    var app: App
    var clientSecret: String
}

/// `PUT /v1/operator/apps/{id}/rules` and its answer.
struct RulesDocument: StrictRequest {
    static let acceptedFields: Set<String> = ["rules"]
    var rules: String
}

/// `PUT /v1/operator/apps/{id}/providers/{name}`.
struct ProviderRequest: StrictRequest {
    static let acceptedFields: Set<String> = [
        "kind", "issuer", "clientIDs", "jwksURL", "clientSecret", "graphURL", "scopes", "responseMode", "teamID", "keyID",
        "authorizationURL", "tokenURL", "userInfoURL", "claimPaths",
    ]
    var kind: ProviderSettings.Kind
    var issuer: String?
    var clientIDs: [String]
    var jwksURL: String?
    var clientSecret: String?
    var graphURL: String?
    var scopes: [String]?
    var responseMode: ProviderSettings.ResponseMode?
    var teamID: String?
    var keyID: String?
    var authorizationURL: String?
    var tokenURL: String?
    var userInfoURL: String?
    var claimPaths: ProviderSettings.ClaimPaths?

    var settings: ProviderSettings {
        ProviderSettings(
            kind: kind,
            issuer: issuer,
            clientIDs: clientIDs,
            jwksURL: jwksURL,
            clientSecret: clientSecret,
            graphURL: graphURL,
            scopes: scopes,
            responseMode: responseMode,
            teamID: teamID,
            keyID: keyID,
            authorizationURL: authorizationURL,
            tokenURL: tokenURL,
            userInfoURL: userInfoURL,
            claimPaths: claimPaths
        )
    }
}

/// `POST /v1/operator/operators`.
struct OperatorCreateRequest: StrictRequest {
    static let acceptedFields: Set<String> = ["username", "role"]
    var username: String
    var role: OperatorRole
}

/// `PATCH /v1/operator/operators/{id}` and a user's `PATCH`: disable or enable.
struct DisabledUpdate: StrictRequest {
    static let acceptedFields: Set<String> = ["disabled"]
    var disabled: Bool
}

/// A list under `items`, so listings can grow members.
struct Listing<Item: Encodable & Sendable>: Encodable, Sendable {
    var items: [Item]
}
