import Crypto

/// SHA-512-crypt (`$6$[rounds=N$]SALT$CHECKSUM`), Ulrich Drepper's scheme as glibc and passlib's
/// `sha512_crypt` make it.
struct SHA512Crypt: Sendable, Equatable {
    var rounds: Int
    var salt: [UInt8]
    var checksum: String

    private static let defaultRounds = 5_000
    private static let alphabet = Array("./0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".utf8)

    init(parsing text: String) throws(ForeignPasswordHash.FormatError) {
        var parts = text.split(separator: "$", omittingEmptySubsequences: false).dropFirst(2)
        var rounds = Self.defaultRounds
        if let first = parts.first, first.hasPrefix("rounds=") {
            guard let value = Int(first.dropFirst("rounds=".count)) else { throw .init("malformed SHA-512-crypt rounds") }
            rounds = value
            parts = parts.dropFirst()
        }
        guard parts.count == 2, let salt = parts.first, let checksum = parts.last, !salt.isEmpty, salt.count <= 16,
            checksum.count == 86, checksum.utf8.allSatisfy(Self.alphabet.contains), salt.utf8.allSatisfy({ $0 != 0 && $0 < 0x80 })
        else { throw .init("malformed SHA-512-crypt hash") }
        guard (1_000...ForeignPasswordHash.Limits.sha512CryptRounds).contains(rounds) else {
            throw .init("SHA-512-crypt rounds must be 1000 to \(ForeignPasswordHash.Limits.sha512CryptRounds)")
        }
        self.rounds = rounds
        self.salt = Array(salt.utf8)
        self.checksum = String(checksum)
    }

    /// Whether `password` is the one hashed.
    func matches(_ password: [UInt8]) -> Bool {
        ForeignPasswordHash.equal(Array(Self.encode(digest(password)).utf8), Array(checksum.utf8))
    }

    private func digest(_ password: [UInt8]) -> [UInt8] {
        let b = Array(SHA512.hash(data: password + salt + password))
        var a = SHA512()
        a.update(data: password + salt)
        a.update(data: Self.repeated(b, to: password.count))
        var length = password.count
        while length > 0 {
            a.update(data: length & 1 == 1 ? b : password)
            length >>= 1
        }
        let aDigest = Array(a.finalize())
        var dp = SHA512()
        for _ in 0..<password.count { dp.update(data: password) }
        let p = Self.repeated(Array(dp.finalize()), to: password.count)
        var ds = SHA512()
        for _ in 0..<(16 + Int(aDigest[0])) { ds.update(data: salt) }
        let s = Self.repeated(Array(ds.finalize()), to: salt.count)
        var c = aDigest
        for round in 0..<rounds {
            var hasher = SHA512()
            hasher.update(data: round & 1 == 1 ? p : c)
            if round % 3 != 0 { hasher.update(data: s) }
            if round % 7 != 0 { hasher.update(data: p) }
            hasher.update(data: round & 1 == 1 ? c : p)
            c = Array(hasher.finalize())
        }
        return c
    }

    private static func repeated(_ bytes: [UInt8], to length: Int) -> [UInt8] {
        (0..<length).map { bytes[$0 % bytes.count] }
    }

    private static let order: [(Int, Int, Int)] = [
        (0, 21, 42), (22, 43, 1), (44, 2, 23), (3, 24, 45), (25, 46, 4), (47, 5, 26), (6, 27, 48), (28, 49, 7),
        (50, 8, 29), (9, 30, 51), (31, 52, 10), (53, 11, 32), (12, 33, 54), (34, 55, 13), (56, 14, 35), (15, 36, 57),
        (37, 58, 16), (59, 17, 38), (18, 39, 60), (40, 61, 19), (62, 20, 41),
    ]

    private static func encode(_ digest: [UInt8]) -> String {
        var output: [UInt8] = []
        func append(_ word: Int, count: Int) {
            var word = word
            for _ in 0..<count {
                output.append(alphabet[word & 0x3F])
                word >>= 6
            }
        }
        for (x, y, z) in order { append(Int(digest[x]) << 16 | Int(digest[y]) << 8 | Int(digest[z]), count: 4) }
        append(Int(digest[63]), count: 2)
        return String(decoding: output, as: UTF8.self)
    }
}
