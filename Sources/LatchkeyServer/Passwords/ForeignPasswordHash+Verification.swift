import CryptoExtras
import HummingbirdBcrypt

extension ForeignPasswordHash {
    /// Whether `password` is the one this hash was made of. Other systems hash the password's
    /// UTF-8 bytes as typed (no normalization), so that is what is checked. Blocks its thread
    /// for the hash's cost: call it on the hashing pool.
    func matches(_ password: String) -> Bool {
        let bytes = Array(password.utf8)
        guard !bytes.isEmpty else { return false }
        switch self {
        case .bcrypt(let hash): return Bcrypt.verify(password, hash: hash)
        case .firebaseScrypt(let hash): return hash.matches(bytes)
        case .scrypt(let logN, let r, let p, let salt, let checksum):
            guard
                let key = try? KDF.Scrypt.deriveKey(
                    from: bytes,
                    salt: salt,
                    outputByteCount: checksum.count,
                    rounds: 1 << logN,
                    blockSize: r,
                    parallelism: p
                )
            else { return false }
            return Self.equal(key.withUnsafeBytes { Array($0) }, checksum)
        case .pbkdf2(let hash): return hash.matches(bytes)
        case .sha512Crypt(let hash): return hash.matches(bytes)
        case .argon2(let hash): return hash.matches(bytes)
        }
    }

    /// Whether two byte strings are equal, in time that depends only on their lengths.
    static func equal(_ first: [UInt8], _ second: [UInt8]) -> Bool {
        guard first.count == second.count else { return false }
        return zip(first, second).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
