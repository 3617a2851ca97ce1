import Foundation

/// A password hash made by another system, kept as imported until the user's first sign-in
/// verifies it and replaces it with the app's bcrypt.
///
/// Each form parses from the string stored in `users.password_hash`, so a stored hash carries
/// everything its check needs (Firebase's project parameters included) and an export re-imports
/// as it is. Parsing bounds every cost parameter (``Limits``): an import cannot store a hash
/// whose check would tie up a hashing thread or gigabytes of memory at sign-in.
enum ForeignPasswordHash: Sendable, Equatable {
    /// `$2a$`, `$2b$` or `$2y$` bcrypt (the three are one algorithm on valid UTF-8 input).
    case bcrypt(String)
    /// Firebase Auth's modified scrypt, with the project's parameters.
    case firebaseScrypt(FirebaseScrypt)
    /// passlib's `$scrypt$ln=…,r=…,p=…$salt$checksum` (unpadded standard base64).
    case scrypt(logN: Int, blockSize: Int, parallelism: Int, salt: [UInt8], checksum: [UInt8])
    /// PBKDF2 with HMAC-SHA-256 or -512 (Django's `pbkdf2_sha256$…` and passlib's `$pbkdf2-sha…$…`).
    case pbkdf2(PBKDF2Hash)
    /// glibc's and passlib's `$6$` SHA-512-crypt.
    case sha512Crypt(SHA512Crypt)
    /// `$argon2id$` / `$argon2i$` / `$argon2d$` PHC strings.
    case argon2(Argon2Hash)

    /// The upper bounds an imported hash's parameters must stay within: each form's check costs
    /// at most about four bcrypt checks at the default cost 11 (one bcrypt at cost 13), so a
    /// wrong password costs an attacker's target little more than a native one does. The
    /// measured times are in docs/import.md.
    enum Limits {
        static let bcryptCost = 13
        /// scrypt memory (128 · N · r bytes) and work (N · r · p).
        static let scryptMemoryBytes = 64 << 20
        static let scryptWork = 1 << 20
        /// Iterations per output block of the digest's length (a longer hash repeats them).
        static let pbkdf2SHA256Iterations = 1_000_000
        static let pbkdf2SHA512Iterations = 500_000
        static let sha512CryptRounds = 500_000
        /// Argon2 memory, and memory times passes (its work).
        static let argon2MemoryKiB = 64 << 10
        static let argon2WorkKiB = 3 * (64 << 10)
        static let argon2Iterations = 16
        static let argon2Parallelism = 16
        static let saltBytes = 1_024
        static let checksumBytes = 256
    }

    /// Why a hash cannot be imported: the text names the part at fault, never the hash.
    struct FormatError: Error, Equatable, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// The hash a stored or imported string holds; throws ``FormatError`` for an unknown form, a
    /// garbled one, or parameters beyond ``Limits``.
    init(parsing text: String) throws(FormatError) {
        if text.hasPrefix("$2a$") || text.hasPrefix("$2b$") || text.hasPrefix("$2y$") {
            self = .bcrypt(try Self.bcrypt(text))
        } else if text.hasPrefix(FirebaseScrypt.prefix) {
            self = .firebaseScrypt(try FirebaseScrypt(parsing: text))
        } else if text.hasPrefix("$scrypt$") {
            self = try Self.scrypt(text)
        } else if text.hasPrefix("pbkdf2_sha256$") || text.hasPrefix("$pbkdf2-sha256$") || text.hasPrefix("$pbkdf2-sha512$") {
            self = .pbkdf2(try PBKDF2Hash(parsing: text))
        } else if text.hasPrefix("$6$") {
            self = .sha512Crypt(try SHA512Crypt(parsing: text))
        } else if text.hasPrefix("$argon2") {
            self = .argon2(try Argon2Hash(parsing: text))
        } else {
            throw FormatError("unknown password hash format")
        }
    }

    /// Whether this is already a bcrypt hash the server makes itself (no rehash needed when the
    /// cost matches the app's).
    var isBcrypt: Bool {
        if case .bcrypt = self { return true }
        return false
    }

    private static func bcrypt(_ text: String) throws(FormatError) -> String {
        // $2x$NN$ + 22 salt + 31 checksum characters of bcrypt's base64 alphabet.
        let parts = text.split(separator: "$", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[2].count == 2, let cost = Int(parts[2]), parts[3].count == 53,
            parts[3].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "/") })
        else { throw FormatError("malformed bcrypt hash") }
        guard (4...Limits.bcryptCost).contains(cost) else { throw FormatError("bcrypt cost must be 4 to \(Limits.bcryptCost)") }
        // $2y$ (PHP) and $2a$ are $2b$ for valid UTF-8 passwords; the C verifier knows $2a$ and $2b$.
        return text.hasPrefix("$2y$") ? "$2b$" + text.dropFirst(4) : text
    }

    private static func scrypt(_ text: String) throws(FormatError) -> ForeignPasswordHash {
        let parts = text.split(separator: "$", omittingEmptySubsequences: false)
        guard parts.count == 5, let options = PHCParameters(String(parts[2])),
            let logN = options["ln"], let r = options["r"], let p = options["p"], options.count == 3,
            let salt = Base64Forms.standard(parts[3]), let checksum = Base64Forms.standard(parts[4])
        else { throw FormatError("malformed scrypt hash") }
        guard (1...24).contains(logN), (1...64).contains(r), (1...64).contains(p),
            128 * (1 << logN) * r <= Limits.scryptMemoryBytes, (1 << logN) * r * p <= Limits.scryptWork
        else { throw FormatError("scrypt parameters beyond the import limits") }
        try checkLengths(salt: salt, checksum: checksum)
        return .scrypt(logN: logN, blockSize: r, parallelism: p, salt: salt, checksum: checksum)
    }

    /// Refuses empty or oversized salts and checksums.
    static func checkLengths(salt: [UInt8], checksum: [UInt8]) throws(FormatError) {
        guard !salt.isEmpty, salt.count <= Limits.saltBytes else { throw FormatError("salt length out of range") }
        guard checksum.count >= 16, checksum.count <= Limits.checksumBytes else { throw FormatError("hash length out of range") }
    }
}

/// `name=value,…` parameters of a PHC string, all integers.
struct PHCParameters {
    private var values: [String: Int] = [:]

    /// The parameters, or nil when one is not `name=integer` or a name repeats.
    init?(_ text: String) {
        for pair in text.split(separator: ",", omittingEmptySubsequences: false) {
            let sides = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard sides.count == 2, let value = Int(sides[1]), value >= 0, values[String(sides[0])] == nil else { return nil }
            values[String(sides[0])] = value
        }
    }

    subscript(_ name: String) -> Int? { values[name] }
    var count: Int { values.count }
}

/// The base64 dialects hash strings use.
enum Base64Forms {
    /// Standard base64, padded or not.
    static func standard(_ text: some StringProtocol) -> [UInt8]? {
        guard !text.isEmpty else { return nil }
        var padded = String(text)
        while padded.count % 4 != 0 { padded += "=" }
        return Data(base64Encoded: padded).map(Array.init)
    }

    /// passlib's "adapted" base64: `.` for `+`, no padding.
    static func adapted(_ text: some StringProtocol) -> [UInt8]? {
        guard !text.contains("+") else { return nil }
        return standard(text.replacingOccurrences(of: ".", with: "+"))
    }
}
