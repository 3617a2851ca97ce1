import Foundation

/// The claims of an OpenID Connect ID token that Latchkey reads.
struct IDTokenClaims: Decodable, Sendable {
    var iss: String?
    var sub: String?
    /// `aud`: one string or an array of them.
    var aud: [String]
    var exp: Double?
    var iat: Double?
    var nbf: Double?
    var nonce: String?
    /// Microsoft's tenant id, which completes a multi-tenant issuer template.
    var tid: String?
    var email: String?
    /// `email_verified`: a JSON boolean, or the string `"true"` as Apple sends it.
    var emailVerified: Bool
    var name: String?
    /// `given_name`, `birthdate`, `gender`: profile claims, ignored when not strings.
    var details = ProviderDetails()

    enum CodingKeys: String, CodingKey {
        case iss, sub, aud, exp, iat, nbf, nonce, tid, email, name, birthdate, gender
        case emailVerified = "email_verified"
        case givenName = "given_name"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        iss = try container.decodeIfPresent(String.self, forKey: .iss)
        sub = try container.decodeIfPresent(String.self, forKey: .sub)
        if let single = try? container.decodeIfPresent(String.self, forKey: .aud) {
            aud = [single]
        } else {
            aud = try container.decodeIfPresent([String].self, forKey: .aud) ?? []
        }
        exp = try container.decodeIfPresent(Double.self, forKey: .exp)
        iat = try container.decodeIfPresent(Double.self, forKey: .iat)
        nbf = try container.decodeIfPresent(Double.self, forKey: .nbf)
        nonce = try container.decodeIfPresent(String.self, forKey: .nonce)
        tid = try? container.decodeIfPresent(String.self, forKey: .tid)
        email = try container.decodeIfPresent(String.self, forKey: .email)
        if let flag = try? container.decodeIfPresent(Bool.self, forKey: .emailVerified) {
            emailVerified = flag
        } else {
            emailVerified = try container.decodeIfPresent(String.self, forKey: .emailVerified) == "true"
        }
        name = try container.decodeIfPresent(String.self, forKey: .name)
        details = ProviderDetails(
            firstName: try? container.decodeIfPresent(String.self, forKey: .givenName),
            birthday: try? container.decodeIfPresent(String.self, forKey: .birthdate),
            gender: try? container.decodeIfPresent(String.self, forKey: .gender)
        )
    }
}
