import Foundation
import LatchkeyWire
import Testing

@testable import LatchkeyServer

/// The JSON that hot paths write without `JSONEncoder` (a token's claims, a refresh's tokens) is
/// the wire encoder's, byte for byte, and reads back as the same value.
@Suite struct HandWrittenJSONTests {
    static let claims: [AccessTokenClaims] = [
        AccessTokenClaims(
            iss: "https://id.example.com/auth",
            sub: "01JD6ZQ8B2S4V6X8Z0A2C4E6G8",
            aud: "lk_client",
            exp: 1_795_000_900,
            iat: 1_795_000_000,
            nbf: 1_795_000_000,
            jti: "01JD6ZQ8B2S4V6X8Z0A2C4E6G9",
            sid: "01JD6ZQ8B2S4V6X8Z0A2C4E6H0",
            scope: "openid profile public",
            appId: "01JD6ZQ8B2S4V6X8Z0A2C4E6H1",
            clientId: "lk_client"
        ),
        AccessTokenClaims(
            iss: "http://127.0.0.1:8080",
            sub: "guest",
            aud: "a\"b\\c",
            exp: 0,
            iat: -1,
            nbf: Int.max,
            jti: "j",
            sid: nil,
            scope: "",
            appId: "ünïcødé ✓",
            clientId: "tab\there",
            isAnonymous: true
        ),
        AccessTokenClaims(
            iss: "x",
            sub: "s",
            aud: "a",
            exp: 1,
            iat: 1,
            nbf: 1,
            jti: "j",
            sid: "s",
            scope: "openid",
            appId: "a",
            clientId: "c",
            isAnonymous: false
        ),
    ]

    static let tokens: [SessionTokens] = [
        SessionTokens(
            accessToken: "eyJ.eyJ.sig",
            refreshToken: "lkr_abc/def+ghi",
            expiresIn: 900,
            expiresAt: Date(timeIntervalSince1970: 1_795_000_900),
            scope: "openid profile public"
        ),
        SessionTokens(
            accessToken: "a",
            refreshToken: "r",
            tokenType: "Bearer",
            expiresIn: 0,
            expiresAt: Date(timeIntervalSince1970: 0.75),
            scope: nil
        ),
    ]

    @Test(arguments: claims) func claimsAreTheWireEncodersBytes(claims: AccessTokenClaims) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        #expect(claims.json == String(decoding: try encoder.encode(claims), as: UTF8.self))
        #expect(try JSONDecoder().decode(AccessTokenClaims.self, from: Data(claims.json.utf8)) == claims)
    }

    @Test(arguments: tokens) func sessionTokensAreTheWireEncodersBytes(tokens: SessionTokens) throws {
        #expect(tokens.json == String(decoding: try WireCoding.makeEncoder().encode(tokens), as: UTF8.self))
        let decoded = try WireCoding.makeDecoder().decode(SessionTokens.self, from: Data(tokens.json.utf8))
        #expect(decoded.expiresAt == Date(timeIntervalSince1970: tokens.expiresAt.timeIntervalSince1970.rounded(.down)))
        #expect(decoded.accessToken == tokens.accessToken && decoded.refreshToken == tokens.refreshToken)
        #expect(decoded.scope == tokens.scope && decoded.expiresIn == tokens.expiresIn)
    }

    /// Control characters are escaped as JSON allows; the text reads back as the same string.
    @Test func controlCharactersReadBack() throws {
        let odd = String((0..<0x20).map { Character(Unicode.Scalar($0)!) }) + "\"\\/\u{7F}é"
        var object = JSONObjectWriter()
        object.add("value", odd)
        let text = object.finish()
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: String])
        #expect(parsed == ["value": odd])
    }

    /// Dates are written as Foundation's ISO 8601 style writes them, across eras and leap days,
    /// before 1970 and with fractions of a second.
    @Test func datesAreFoundationsISO8601() {
        var generator = SystemRandomNumberGenerator()
        let fixed: [TimeInterval] = [
            0, 0.75, -0.5, -1, 86_399.999, 951_782_400, 951_868_799, 4_107_542_400, -62_135_596_800, 253_402_300_799,
            -62_135_596_801, 253_402_300_800, 1_795_000_900, Date.distantFuture.timeIntervalSince1970,
            Date.distantPast.timeIntervalSince1970, 1e300, -1e300,
        ]
        let random = (0..<2_000).map { _ in TimeInterval(Int64.random(in: -62_135_596_800...253_402_300_799, using: &generator)) }
        for seconds in fixed + random {
            let date = Date(timeIntervalSince1970: seconds)
            #expect(JSONText.iso8601(date) == date.formatted(.iso8601), "\(seconds)")
        }
    }

    /// base64url without padding, as RFC 4648 §5 spells it, for every length's remainder.
    @Test func base64URLIsTheStandardAlphabetSwapped() {
        var generator = SystemRandomNumberGenerator()
        for length in 0..<70 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let standard = Data(bytes).base64EncodedString()
                .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                .replacingOccurrences(of: "=", with: "")
            #expect(Base64URL.encode(bytes) == standard)
            #expect(Base64URL.decode(standard) == bytes)
        }
    }
}
