/// The authenticator data of a WebAuthn response (WebAuthn §6.1): the RP ID's hash, the flags,
/// the signature counter and, at registration, the new credential and its public key.
struct AuthenticatorData: Sendable {
    /// Bytes that are not authenticator data.
    struct Malformed: Error {}

    /// The credential a registration creates (§6.5.2).
    struct AttestedCredential: Sendable {
        /// The authenticator model's AAGUID (zero for `none` attestation).
        var aaguid: [UInt8]
        var credentialID: [UInt8]
        /// The public key's COSE bytes, as stored.
        var publicKeyBytes: [UInt8]
        var publicKey: COSEKey
    }

    /// The longest credential id WebAuthn allows (§5.8.3).
    static let maximumCredentialIDLength = 1023

    let rpIDHash: [UInt8]
    let flags: UInt8
    let signCount: UInt32
    let attestedCredential: AttestedCredential?

    /// The user touched or otherwise confirmed the authenticator (UP).
    var userPresent: Bool { flags & 0x01 != 0 }
    /// The authenticator verified the user — PIN, biometrics (UV).
    var userVerified: Bool { flags & 0x04 != 0 }
    /// The credential may be backed up, as synced passkeys are (BE).
    var backupEligible: Bool { flags & 0x08 != 0 }
    /// The credential is backed up now (BS).
    var backedUp: Bool { flags & 0x10 != 0 }

    init(_ bytes: [UInt8]) throws {
        guard bytes.count >= 37 else { throw Malformed() }
        rpIDHash = Array(bytes[0..<32])
        flags = bytes[32]
        signCount = bytes[33..<37].reduce(0) { $0 << 8 | UInt32($1) }
        var offset = 37
        if flags & 0x40 != 0 {
            guard bytes.count >= offset + 18 else { throw Malformed() }
            let aaguid = Array(bytes[offset..<offset + 16])
            let length = Int(bytes[offset + 16]) << 8 | Int(bytes[offset + 17])
            offset += 18
            guard length > 0, length <= Self.maximumCredentialIDLength, bytes.count >= offset + length else { throw Malformed() }
            let credentialID = Array(bytes[offset..<offset + length])
            var reader = CBORReader(bytes, at: offset + length)
            guard let key = try? reader.read() else { throw Malformed() }
            let keyBytes = Array(bytes[(offset + length)..<reader.offset])
            attestedCredential = AttestedCredential(
                aaguid: aaguid,
                credentialID: credentialID,
                publicKeyBytes: keyBytes,
                publicKey: try COSEKey(key)
            )
            offset = reader.offset
        } else {
            attestedCredential = nil
        }
        if flags & 0x80 != 0 {
            var reader = CBORReader(bytes, at: offset)
            guard case .map = try? reader.read() else { throw Malformed() }
            offset = reader.offset
        }
        // Nothing may follow, and a backed-up credential must be one that may be (§6.1).
        guard offset == bytes.count, backupEligible || !backedUp else { throw Malformed() }
    }
}
