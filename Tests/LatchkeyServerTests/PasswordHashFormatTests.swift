import Foundation
import Testing

@testable import LatchkeyServer

/// The hash functions imported passwords are checked with: BLAKE2b and Argon2 against their
/// RFCs' test vectors, and every foreign format against hashes the real libraries made
/// (passlib 1.7.4, argon2-cffi 25.1.0, Firebase's documented sample), right and wrong password.
@Suite struct PasswordHashFormatTests {
    private static func hex(_ text: String) -> [UInt8] {
        let digits = Array(text.replacingOccurrences(of: " ", with: "").utf8)
        return stride(from: 0, to: digits.count, by: 2).map { UInt8(String(decoding: digits[$0..<$0 + 2], as: UTF8.self), radix: 16)! }
    }

    @Test func blake2bMatchesRFC7693() {
        #expect(
            BLAKE2b.hash(Array("abc".utf8))
                == Self.hex(
                    """
                    ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d17d87c5392aab792dc252d5de4533cc9518d38aa8\
                    dbf1925ab92386edd4009923
                    """
                )
        )
        // More than one block, and a short digest.
        #expect(Digest.hex(BLAKE2b.hash([UInt8](repeating: 0x61, count: 300), outputLength: 20)).count == 40)
    }

    @Test(arguments: [
        (Argon2.Variant.d, "512b391b6f1162975371d30919734294f868e3be3984f3c1a13a4db9fabe4acb"),
        (Argon2.Variant.i, "c814d9d1dc7f37aa13f0d77f2494bda1c8de6b016dd388d29952a4c4672b6ce8"),
        (Argon2.Variant.id, "0d640df58d78766c08c037a34a8b53c9d01ef0452d75b65eb52520e96b01e659"),
    ])
    func argon2MatchesRFC9106(variant: Argon2.Variant, tag: String) {
        let argon2 = Argon2(variant: variant, memoryKiB: 32, iterations: 3, parallelism: 4)
        let computed = argon2.hash(
            password: [UInt8](repeating: 1, count: 32),
            salt: [UInt8](repeating: 2, count: 16),
            key: [UInt8](repeating: 3, count: 8),
            data: [UInt8](repeating: 4, count: 12),
            length: 32
        )
        #expect(computed == Self.hex(tag))
    }

    static let madeByLibraries = [
        "$scrypt$ln=10,r=8,p=1$qzUGAODcm1NqTWktZcxZiw$DqDHOCtdGA9v3Be2q+zKRT/+yy6EuM0xGSLjHJIJY+U",
        "$pbkdf2-sha256$1000$dI4RwhjjvFcKofQeQwghRA$9n3CfIm/NhLk06gxh1kIJnrI1rVNK6mWcyivcqmW6qY",
        "$pbkdf2-sha512$1000$0tobw1iLkXKu1XrPmZNy7g$IhubrK//QdPZ.fAQq.G80bgIVIfW5jjgSWIJ7Fz4R3W6MYWwA3S.7WO5gMnNQKzSPUjECV1vrnHPSprobSrnCw",
        "pbkdf2_sha256$1000$SFJGvxuWxabS$YoabQsXeLGoDEZbFVvY1M+XJbEOHRmKGL0z4rUp3h+c=",
        "$6$sE8WfSEJE3ToTGeu$5I96iVnRfrkvvQ8oxFLCg.mjlsqAiF2JWHjVAufyUuJFYwvIjOtPtczZrtHE9vWww8t2n2hGoo6up/Q/On1dp.",
        "$6$rounds=1000$NeUO8ReTJV.Ix2fD$v/jchlDnA2Ywso2keGuLVhdDWbUpkX0WKUeNds2x.PJG24b.1zKvTVuuZnZdfGQ7tg/mpNkNZe0dTX.u8PI281",
        "$2y$04$KR0.6hJiy6gbwBAKPJjXzeTwWva/vwf7SLEHe6fHWlD3Df44PODLW",
        "$2a$04$EhKK3j9ZET9.Ht1WF9ow/u7pch0HIfr4Xj9Iz3HnneN7kElcMP1q2",
        "$argon2id$v=19$m=256,t=2,p=2$BBqx8KWxzM3siItONl+vCg$xKFcAdUJLIAaNmZg8i7/7J5AZrhQgjnIGl84+DM22Ho",
        "$argon2i$v=19$m=64,t=2,p=1$26vOn2cS5gxDHKYGiWclXg$rkshoA60mMhqH0vDppdSWOvguVMq0+h+ZDJuZsZGLRQ",
    ]

    @Test(arguments: madeByLibraries) func aLibrarysHashChecksTheRightPasswordOnly(hash: String) throws {
        let parsed = try ForeignPasswordHash(parsing: hash)
        #expect(parsed.matches("correct horse"))
        #expect(!parsed.matches("correct horsE"))
        #expect(!parsed.matches(""))
    }

    @Test func firebaseScryptChecksTheDocumentedSample() throws {
        let project = try FirebaseScrypt.Project(
            signerKey: "jxspr8Ki0RYycVU8zykbdLGjFQ3McFUH0uiiTvC8pVMXAn210wjLNmdZJzxUECKbm0QsEmYUSDzZvpjeJ9WmXA==",
            saltSeparator: "Bw==",
            rounds: 8,
            memoryCost: 14
        )
        let hash = try FirebaseScrypt(
            project: project,
            hash: "lSrfV15cpx95/sZS2W9c9Kp6i/LVgQNDNC/qzrCnh1SAyZvqmZqAjTdn3aoItz+VHjoZilo78198JAdRuid5lQ==",
            salt: "42xEC+ixf3L2lw=="
        )
        // The stored form parses back to the same hash.
        let stored = try ForeignPasswordHash(parsing: hash.stored)
        #expect(stored == .firebaseScrypt(hash))
        #expect(stored.matches("user1password"))
        #expect(!stored.matches("user2password"))
    }

    @Test(arguments: [
        "plaintext",
        "$1$abc$def",
        "$2b$04$short",
        "$2b$20$KR0.6hJiy6gbwBAKPJjXzeTwWva/vwf7SLEHe6fHWlD3Df44PODLW",
        "$scrypt$ln=30,r=8,p=1$qzUGAODcm1NqTWktZcxZiw$DqDHOCtdGA9v3Be2q+zKRT/+yy6EuM0xGSLjHJIJY+U",
        "$scrypt$ln=10,r=8$qzUGAODcm1NqTWktZcxZiw$DqDHOCtdGA9v3Be2q+zKRT/+yy6EuM0xGSLjHJIJY+U",
        "$pbkdf2-sha256$99999999$dI4RwhjjvFcKofQeQwghRA$9n3CfIm/NhLk06gxh1kIJnrI1rVNK6mWcyivcqmW6qY",
        "pbkdf2_sha256$x$salt$YoabQsXeLGoDEZbFVvY1M+XJbEOHRmKGL0z4rUp3h+c=",
        "$6$rounds=999999999$NeUO8ReTJV.Ix2fD$v/jchlDnA2Ywso2keGuLVhdDWbUpkX0WKUeNds2x.PJG24b.1zKvTVuuZnZdfGQ7tg/mpNkNZe0dTX.u8PI281",
        "$argon2id$v=19$m=4194304,t=2,p=2$BBqx8KWxzM3siItONl+vCg$xKFcAdUJLIAaNmZg8i7/7J5AZrhQgjnIGl84+DM22Ho",
        "$argon2id$v=19$m=256,t=1000,p=2$BBqx8KWxzM3siItONl+vCg$xKFcAdUJLIAaNmZg8i7/7J5AZrhQgjnIGl84+DM22Ho",
        "$argon2id$v=19$m=256,t=2,p=255$BBqx8KWxzM3siItONl+vCg$xKFcAdUJLIAaNmZg8i7/7J5AZrhQgjnIGl84+DM22Ho",
        "$argon2id$v=18$m=256,t=2,p=2$BBqx8KWxzM3siItONl+vCg$xKFcAdUJLIAaNmZg8i7/7J5AZrhQgjnIGl84+DM22Ho",
        "$argon2x$v=19$m=256,t=2,p=2$BBqx8KWxzM3siItONl+vCg$xKFcAdUJLIAaNmZg8i7/7J5AZrhQgjnIGl84+DM22Ho",
        "$firebase-scrypt$r=8,m=30$jxspr8Ki0RYycVU8zykbdLGjFQ3McFUH$Bw==$42xEC+ixf3L2lw==$lSrfV15cpx95/sZS2W9c9Kp6i/LVgQNDNC/qzrCnh1S=",
    ])
    func garbledUnknownAndAbsurdHashesAreRefused(hash: String) {
        #expect(throws: ForeignPasswordHash.FormatError.self) { try ForeignPasswordHash(parsing: hash) }
    }
}
