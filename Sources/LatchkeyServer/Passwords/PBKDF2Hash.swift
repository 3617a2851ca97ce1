import Crypto
import CryptoExtras
import Foundation

/// PBKDF2-HMAC-SHA-256/512 hashes in Django's form (`pbkdf2_sha256$ITERATIONS$SALT$BASE64`, the
/// salt used as its text) and passlib's (`$pbkdf2-sha256$ITERATIONS$SALT$CHECKSUM`, salt and
/// checksum in adapted base64).
struct PBKDF2Hash: Sendable, Equatable {
    var sha512: Bool
    var iterations: Int
    var salt: [UInt8]
    var checksum: [UInt8]

    init(parsing text: String) throws(ForeignPasswordHash.FormatError) {
        let parts = text.split(separator: "$", omittingEmptySubsequences: false)
        let parsed: (sha512: Bool, iterations: String, salt: [UInt8]?, checksum: [UInt8]?)?
        if parts.count == 4, parts[0] == "pbkdf2_sha256" {
            parsed = (false, String(parts[1]), Array(parts[2].utf8), Base64Forms.standard(parts[3]))
        } else if parts.count == 5, parts[0].isEmpty, parts[1] == "pbkdf2-sha256" || parts[1] == "pbkdf2-sha512" {
            parsed = (parts[1] == "pbkdf2-sha512", String(parts[2]), Base64Forms.adapted(parts[3]), Base64Forms.adapted(parts[4]))
        } else {
            parsed = nil
        }
        guard let parsed, let iterations = Int(parsed.iterations), let salt = parsed.salt, let checksum = parsed.checksum else {
            throw .init("malformed PBKDF2 hash")
        }
        try ForeignPasswordHash.checkLengths(salt: salt, checksum: checksum)
        // Each output block of the digest's length costs all the iterations again.
        let limits = ForeignPasswordHash.Limits.self
        let (digestBytes, limit) = parsed.sha512 ? (64, limits.pbkdf2SHA512Iterations) : (32, limits.pbkdf2SHA256Iterations)
        let blocks = (checksum.count + digestBytes - 1) / digestBytes
        guard iterations >= 1, iterations <= limit / blocks else {
            throw .init("PBKDF2 iterations must be 1 to \(limit) per \(digestBytes) bytes of hash")
        }
        self.sha512 = parsed.sha512
        self.iterations = iterations
        self.salt = salt
        self.checksum = checksum
    }

    /// Whether `password` is the one hashed.
    func matches(_ password: [UInt8]) -> Bool {
        guard
            let key = try? KDF.Insecure.PBKDF2.deriveKey(
                from: password,
                salt: salt,
                using: sha512 ? .sha512 : .sha256,
                outputByteCount: checksum.count,
                unsafeUncheckedRounds: iterations
            )
        else { return false }
        return ForeignPasswordHash.equal(key.withUnsafeBytes { Array($0) }, checksum)
    }
}
