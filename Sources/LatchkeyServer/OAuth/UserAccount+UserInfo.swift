import Foundation

extension UserAccount {
    /// The OpenID Connect claims about the user that userinfo answers and ID tokens carry.
    var userInfoClaims: [String: Any] {
        var claims: [String: Any] = ["sub": id, "updated_at": Int(updatedAt.timeIntervalSince1970)]
        if let username { claims["preferred_username"] = username }
        if let email {
            claims["email"] = email
            claims["email_verified"] = emailVerified
        }
        return claims
    }
}
