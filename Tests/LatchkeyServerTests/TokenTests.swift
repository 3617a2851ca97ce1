import Crypto
import Foundation
import HTTPTypes
import LatchkeyServer
import LatchkeyTestSupport
import Testing

/// JWT access tokens: the JWKS verifies them; tampering, expiry and header attacks are refused.
@Suite struct TokenTests {
    @Test(arguments: TestStore.enabled) func accessTokenVerifiesWithTheJWKSAndCarriesTheClaims(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let tokens = try await client.signUpUser("wade")
            let jwks = try await client.send(.get, "/.well-known/jwks.json")
            let keys = try #require(jwks.value("keys") as? [[String: String]])
            let parts = tokens.access.split(separator: ".").map(String.init)
            let header = try JWT.object(parts[0])
            let key = try #require(keys.first { $0["kid"] == header["kid"] as? String })
            #expect(header["alg"] as? String == "ES256")
            #expect(header["typ"] as? String == "at+jwt")
            let publicKey = try P256.Signing.PublicKey(
                rawRepresentation: try JWT.bytes(try #require(key["x"])) + JWT.bytes(try #require(key["y"]))
            )
            let signature = try P256.Signing.ECDSASignature(rawRepresentation: try JWT.bytes(parts[2]))
            #expect(publicKey.isValidSignature(signature, for: Array((parts[0] + "." + parts[1]).utf8)))
            let claims = try JWT.object(parts[1])
            for name in ["iss", "sub", "aud", "exp", "iat", "nbf", "jti", "sid", "scope", "app_id", "client_id"] {
                #expect(claims[name] != nil, "\(name)")
            }
            #expect(claims["aud"] as? String == harness.app.clientID)
            #expect(claims["app_id"] as? String == harness.app.id)
            #expect(claims["iss"] as? String == "http://latchkey.test")
            #expect(claims["username"] == nil)
            #expect((claims["exp"] as? Int).map { $0 - (claims["iat"] as? Int ?? 0) } == 3600)
        }
    }

    @Test(arguments: TestStore.enabled) func forgedTokensAreRefused(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let tokens = try await client.signUpUser("xena")
            let parts = tokens.access.split(separator: ".").map(String.init)
            var claims = try JWT.object(parts[1])
            let header = try JWT.object(parts[0])
            let jwks = try await client.send(.get, "/.well-known/jwks.json")

            claims["sub"] = "someone-else"
            let tampered = parts[0] + "." + JWT.encode(claims) + "." + parts[2]
            let none = JWT.encode(["alg": "none", "typ": "at+jwt", "kid": header["kid"] ?? ""]) + "." + parts[1] + "."
            let hmacKey = SymmetricKey(data: jwks.body)
            let hsInput = JWT.encode(["alg": "HS256", "typ": "at+jwt", "kid": header["kid"] ?? ""]) + "." + parts[1]
            let hs256 = hsInput + "." + JWT.encode(bytes: Array(HMAC<SHA256>.authenticationCode(for: Array(hsInput.utf8), using: hmacKey)))
            let attacker = P256.Signing.PrivateKey()
            let jwkHeader: [String: Any] = [
                "alg": "ES256", "typ": "at+jwt", "kid": "attacker",
                "jwk": [
                    "kty": "EC", "crv": "P-256", "x": JWT.encode(bytes: Array(attacker.publicKey.rawRepresentation.prefix(32))),
                    "y": JWT.encode(bytes: Array(attacker.publicKey.rawRepresentation.suffix(32))),
                ],
            ]
            let embedded = try JWT.sign(header: jwkHeader, payload: try JWT.object(parts[1]), key: attacker)
            let unknownKid = try JWT.sign(
                header: ["alg": "ES256", "typ": "at+jwt", "kid": "nowhere"],
                payload: try JWT.object(parts[1]),
                key: attacker
            )
            let wrongTyp = try JWT.sign(
                header: ["alg": "ES256", "typ": "JWT", "kid": header["kid"] ?? ""],
                payload: try JWT.object(parts[1]),
                key: attacker
            )

            for (name, token) in [
                ("tampered", tampered), ("alg none", none), ("HS256 with public key", hs256), ("embedded jwk", embedded),
                ("unknown kid", unknownKid), ("wrong typ", wrongTyp), ("refresh token as access token", tokens.refresh),
                ("garbage", "a.b.c"),
            ] {
                let response = try await client.send(.get, "/v1/me", token: token)
                #expect(response.status == .unauthorized, "\(name)")
                #expect(response.headers[.wwwAuthenticate]?.contains("invalid_token") == true, "\(name)")
            }
        }
    }

    @Test(arguments: TestStore.enabled) func expiredTokensAreRefused(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let tokens = try await client.signUpUser("yuri")
            harness.clock.advance(by: 3599)
            #expect(try await client.send(.get, "/v1/me", token: tokens.access).status == .ok)
            harness.clock.advance(by: 2)
            #expect(try await client.send(.get, "/v1/me", token: tokens.access).status == .unauthorized)
            let refreshed = try await client.refresh(tokens.refresh)
            #expect(try await client.send(.get, "/v1/me", token: try #require(refreshed.string("session.accessToken"))).status == .ok)
        }
    }

    @Test(arguments: TestStore.enabled) func keyRotationKeepsOldTokensValid(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let before = try await client.signUpUser("zoe")
            let oldKid = try JWT.object(String(before.access.split(separator: ".")[0]))["kid"] as? String
            let newKid = try await harness.backend.keys.rotate()
            try await harness.backend.reloadKeys()
            let jwks = try await client.send(.get, "/.well-known/jwks.json")
            let kids = Set(((jwks.value("keys") as? [[String: String]]) ?? []).compactMap { $0["kid"] })
            #expect(kids == Set([oldKid, newKid].compactMap { $0 }))
            #expect(try await client.send(.get, "/v1/me", token: before.access).status == .ok)
            let after = try await client.signUpUser("zack")
            #expect(try JWT.object(String(after.access.split(separator: ".")[0]))["kid"] as? String == newKid)
            #expect(try await client.send(.get, "/v1/me", token: after.access).status == .ok)
        }
    }
}

/// Minimal JOSE helpers for building attack tokens.
enum JWT {
    static func bytes(_ text: String) throws -> [UInt8] {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        guard let data = Data(base64Encoded: base64) else { throw HarnessError.unexpected("bad base64url") }
        return Array(data)
    }

    static func object(_ part: String) throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: Data(try bytes(part))) as? [String: Any] else {
            throw HarnessError.unexpected("not a JSON object")
        }
        return object
    }

    static func encode(bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    static func encode(_ object: [String: Any]) -> String {
        encode(bytes: Array((try? JSONSerialization.data(withJSONObject: object)) ?? Data()))
    }

    /// A compact JWS signed with `key`, with the low s the server requires.
    static func sign(header: [String: Any], payload: [String: Any], key: P256.Signing.PrivateKey) throws -> String {
        let input = encode(header) + "." + encode(payload)
        return input + "." + encode(bytes: Array(P256Malleation.lowS(try key.signature(for: Array(input.utf8)).rawRepresentation)))
    }
}
