import Foundation
import HTTPTypes
import Testing
@testable import LatchkeyServer

extension TestHarness {
    /// An access token for the session of `token` without the `public` scope: what a child's
    /// account awaiting parental consent carries.
    func restrictedToken(like token: String) throws -> String {
        let payload = try #require(token.split(separator: ".").dropFirst().first)
        var base64 = payload.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        let json = try #require(Data(base64Encoded: base64))
        let claims = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        let subject = try #require(claims["sub"] as? String)
        return try backend.tokens.accessToken(app: app, subject: subject, sessionID: claims["sid"] as? String, scope: "openid profile").0
    }

    /// A `client_credentials` access token of the app carrying `scope`.
    func clientToken(_ client: Client, scope: String) async throws -> String {
        let answer = try await client.send(
            .post, "/oauth/token",
            form: ["grant_type": "client_credentials", "client_id": app.clientID, "client_secret": clientSecret, "scope": scope])
        return try #require(answer.string("access_token"), "no client token: \(answer.text)")
    }
}
