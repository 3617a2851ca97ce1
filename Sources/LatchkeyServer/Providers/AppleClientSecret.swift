import Crypto
import Foundation

/// Sign in with Apple's client secret: not a static string but an ES256 JWT the app signs with
/// its team's `.p8` key — `iss` the team id, `sub` the client (Services) id, `aud`
/// `https://appleid.apple.com`, `kid` the key id in the header, `exp` at most six months on.
/// A new one is made for every code exchange, valid for ``lifetime``, so none is ever kept, and
/// none can expire between two sign-ins (Apple refuses an expired secret with `invalid_client`).
enum AppleClientSecret {
    /// The audience Apple requires.
    static let audience = "https://appleid.apple.com"
    /// How long one secret is valid; Apple accepts up to six months.
    static let lifetime: TimeInterval = 300

    /// What is wrong with a provider's Apple key settings, or nil: the team id and key id come
    /// together, with a client secret that is a P-256 key in PEM (the `.p8` file).
    static func problem(of settings: ProviderSettings) -> String? {
        switch (settings.teamID, settings.keyID) {
        case (nil, nil):
            return nil
        case (let team?, let key?):
            let identifier = "^[A-Za-z0-9]{1,40}$"
            guard team.range(of: identifier, options: .regularExpression) != nil,
                key.range(of: identifier, options: .regularExpression) != nil
            else { return "the Apple team id and key id are 1-40 letters and digits" }
            guard settings.clientSecret.flatMap(privateKey(pem:)) != nil else {
                return "with a team id and key id, the client secret is the .p8 key (a P-256 private key in PEM)"
            }
            return nil
        default:
            return "the Apple team id and key id are set together"
        }
    }

    /// The client secret to send to the token endpoint: the JWT when the provider has a team id
    /// and key id, else the stored secret as it is.
    static func secret(for settings: ProviderSettings, clientID: String, at now: Date) throws -> String? {
        guard let team = settings.teamID, let keyID = settings.keyID else { return settings.clientSecret }
        guard let key = settings.clientSecret.flatMap(privateKey(pem:)) else { throw ProviderCheckFailure.unreachable("no Apple key") }
        let issuedAt = Int(now.timeIntervalSince1970)
        let header: [String: Any] = ["alg": "ES256", "kid": keyID, "typ": "JWT"]
        let claims: [String: Any] = [
            "iss": team, "sub": clientID, "aud": audience, "iat": issuedAt, "exp": issuedAt + Int(lifetime),
        ]
        let input =
            Base64URL.encode(try JSONSerialization.data(withJSONObject: header, options: .sortedKeys)) + "."
            + Base64URL.encode(try JSONSerialization.data(withJSONObject: claims, options: .sortedKeys))
        return input + "." + Base64URL.encode(try ES256Signature.sign(Array(input.utf8), with: key))
    }

    private static func privateKey(pem: String) -> P256.Signing.PrivateKey? {
        try? P256.Signing.PrivateKey(pemRepresentation: pem)
    }
}
