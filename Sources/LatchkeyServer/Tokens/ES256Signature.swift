import Crypto

/// ES256 signatures in the one form Latchkey signs and accepts: the 64-byte JWS encoding
/// (r ‖ s) with s in the lower half of the curve order. ECDSA verification accepts (r, s) and
/// (r, n − s) alike — BoringSSL does not refuse a high s — so without this every token would
/// have a second valid string (a malleated copy that caches and logs would see as another token).
enum ES256Signature {
    /// Half the order of P-256, rounded down: the largest s accepted.
    private static let halfOrder: [UInt8] = [
        0x7f, 0xff, 0xff, 0xff, 0x80, 0x00, 0x00, 0x00, 0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
        0xde, 0x73, 0x7d, 0x56, 0xd3, 0x8b, 0xcf, 0x42, 0x79, 0xdc, 0xe5, 0x61, 0x7e, 0x31, 0x92, 0xa8,
    ]
    /// The order n of P-256.
    private static let order: [UInt8] = [
        0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
        0xbc, 0xe6, 0xfa, 0xad, 0xa7, 0x17, 0x9e, 0x84, 0xf3, 0xb9, 0xca, 0xc2, 0xfc, 0x63, 0x25, 0x51,
    ]

    /// The signature, when `bytes` is 64 bytes with a low s; nil for any other encoding.
    static func parse(_ bytes: [UInt8]) -> P256.Signing.ECDSASignature? {
        guard bytes.count == 64, !halfOrder.lexicographicallyPrecedes(bytes[32...]) else { return nil }
        return try? P256.Signing.ECDSASignature(rawRepresentation: bytes)
    }

    /// `key`'s signature of `input` in the accepted form: a high s is replaced by n − s, which
    /// verifies the same.
    static func sign(_ input: [UInt8], with key: P256.Signing.PrivateKey) throws -> [UInt8] {
        let raw = Array(try key.signature(for: input).rawRepresentation)
        let s = Array(raw[32...])
        guard halfOrder.lexicographicallyPrecedes(s) else { return raw }
        var complement = [UInt8](repeating: 0, count: 32)
        var borrow = 0
        for index in (0..<32).reversed() {
            let difference = Int(order[index]) - Int(s[index]) - borrow
            complement[index] = UInt8((difference + 256) % 256)
            borrow = difference < 0 ? 1 : 0
        }
        return Array(raw[..<32]) + complement
    }
}
