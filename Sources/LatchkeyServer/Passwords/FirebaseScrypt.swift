import Crypto
import CryptoExtras
import Foundation

/// Firebase Auth's modified scrypt: key = scrypt(password, salt ‖ salt separator, N = 2^memCost,
/// r = rounds, p = 1, 32 bytes); hash = AES-256-CTR(key, zero IV) over the project's signer key.
///
/// The project parameters (`firebase auth:export` and the console's "password hash parameters")
/// are given once per import and stored with each user's hash, so the stored string
/// `$firebase-scrypt$r=ROUNDS,m=MEMCOST$SIGNERKEY$SALTSEPARATOR$SALT$HASH` (standard base64)
/// checks on its own and exports as it is.
struct FirebaseScrypt: Sendable, Equatable {
    static let prefix = "$firebase-scrypt$"

    /// A project's parameters, as Firebase shows them.
    struct Project: Sendable, Equatable {
        var signerKey: [UInt8]
        var saltSeparator: [UInt8]
        var rounds: Int
        var memoryCost: Int

        /// The parameters from their base64 forms; throws for garbled base64 or values Firebase
        /// does not use (rounds 1–8, memory cost 1–14; the bounds keep sign-in cheap).
        init(signerKey: String, saltSeparator: String, rounds: Int, memoryCost: Int) throws(ForeignPasswordHash.FormatError) {
            guard let key = Base64Forms.standard(signerKey), (16...256).contains(key.count) else {
                throw .init("Firebase signer key must be base64 of 16 to 256 bytes")
            }
            guard let separator = saltSeparator.isEmpty ? [] : Base64Forms.standard(saltSeparator), separator.count <= 64 else {
                throw .init("Firebase salt separator must be base64")
            }
            guard (1...8).contains(rounds), (1...14).contains(memoryCost) else {
                throw .init("Firebase rounds must be 1 to 8 and memory cost 1 to 14")
            }
            self.signerKey = key
            self.saltSeparator = separator
            self.rounds = rounds
            self.memoryCost = memoryCost
        }
    }

    var project: Project
    var salt: [UInt8]
    var hash: [UInt8]

    /// A user's hash and salt (base64, as `auth:export` gives them) under the project's parameters.
    init(project: Project, hash: String, salt: String) throws(ForeignPasswordHash.FormatError) {
        guard let hashBytes = Base64Forms.standard(hash), let saltBytes = Base64Forms.standard(salt) else {
            throw .init("Firebase password hash and salt must be base64")
        }
        try ForeignPasswordHash.checkLengths(salt: saltBytes, checksum: hashBytes)
        self.project = project
        self.salt = saltBytes
        self.hash = hashBytes
    }

    /// The stored form (see the type's documentation).
    init(parsing text: String) throws(ForeignPasswordHash.FormatError) {
        let parts = text.dropFirst(Self.prefix.count).split(separator: "$", omittingEmptySubsequences: false)
        guard parts.count == 5, let options = PHCParameters(String(parts[0])), options.count == 2,
            let rounds = options["r"], let memoryCost = options["m"]
        else { throw .init("malformed Firebase scrypt hash") }
        let project = try Project(
            signerKey: String(parts[1]),
            saltSeparator: String(parts[2]),
            rounds: rounds,
            memoryCost: memoryCost
        )
        try self.init(project: project, hash: String(parts[4]), salt: String(parts[3]))
    }

    /// The string stored in `users.password_hash`.
    var stored: String {
        let fields = [project.signerKey, project.saltSeparator, salt, hash].map { Data($0).base64EncodedString() }
        return Self.prefix + "r=\(project.rounds),m=\(project.memoryCost)$" + fields.joined(separator: "$")
    }

    /// Whether `password` is the one hashed.
    func matches(_ password: [UInt8]) -> Bool {
        guard
            let key = try? KDF.Scrypt.deriveKey(
                from: password,
                salt: salt + project.saltSeparator,
                outputByteCount: 32,
                rounds: 1 << project.memoryCost,
                blockSize: project.rounds,
                parallelism: 1
            ),
            let nonce = try? AES._CTR.Nonce(nonceBytes: [UInt8](repeating: 0, count: 16)),
            let computed = try? AES._CTR.encrypt(project.signerKey, using: key, nonce: nonce)
        else { return false }
        return ForeignPasswordHash.equal(Array(computed.prefix(hash.count)), hash)
    }
}
