/// An Argon2 PHC string: `$argon2id$v=19$m=65536,t=3,p=4$SALT$HASH` (salt and hash in unpadded
/// standard base64; `v=` absent means version 16).
struct Argon2Hash: Sendable, Equatable {
    var variant: Argon2.Variant
    var version: UInt32
    var memoryKiB: Int
    var iterations: Int
    var parallelism: Int
    var salt: [UInt8]
    var checksum: [UInt8]

    init(parsing text: String) throws(ForeignPasswordHash.FormatError) {
        var parts = Array(text.split(separator: "$", omittingEmptySubsequences: false).dropFirst())
        let variants: [Substring: Argon2.Variant] = ["argon2id": .id, "argon2i": .i, "argon2d": .d]
        guard let name = parts.first, let variant = variants[name] else { throw .init("unknown Argon2 variant") }
        parts.removeFirst()
        var version: UInt32 = 0x10
        if let first = parts.first, first.hasPrefix("v=") {
            guard let value = UInt32(first.dropFirst(2)), value == 0x10 || value == 0x13 else { throw .init("unknown Argon2 version") }
            version = value
            parts.removeFirst()
        }
        guard parts.count == 3, let options = PHCParameters(String(parts[0])), options.count == 3,
            let m = options["m"], let t = options["t"], let p = options["p"],
            let salt = Base64Forms.standard(parts[1]), let checksum = Base64Forms.standard(parts[2])
        else { throw .init("malformed Argon2 hash") }
        let limits = ForeignPasswordHash.Limits.self
        guard (1...limits.argon2Parallelism).contains(p), (1...limits.argon2Iterations).contains(t),
            (8 * p...limits.argon2MemoryKiB).contains(m), m * t <= limits.argon2WorkKiB
        else { throw .init("Argon2 parameters beyond the import limits") }
        guard salt.count >= 8 else { throw .init("Argon2 salt shorter than 8 bytes") }
        try ForeignPasswordHash.checkLengths(salt: salt, checksum: checksum)
        self.variant = variant
        self.version = version
        self.memoryKiB = m
        self.iterations = t
        self.parallelism = p
        self.salt = salt
        self.checksum = checksum
    }

    /// Whether `password` is the one hashed.
    func matches(_ password: [UInt8]) -> Bool {
        let argon2 = Argon2(variant: variant, version: version, memoryKiB: memoryKiB, iterations: iterations, parallelism: parallelism)
        return ForeignPasswordHash.equal(argon2.hash(password: password, salt: salt, length: checksum.count), checksum)
    }
}
