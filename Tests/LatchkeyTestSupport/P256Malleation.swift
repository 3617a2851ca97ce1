public import Foundation

/// ECDSA's malleability, for tests: (r, s) and (r, n − s) are both valid signatures of one
/// message. A server must accept only one of them (the low s), so a token has one spelling.
public enum P256Malleation {
    /// The order n of P-256, as four big-endian 64-bit words.
    private static let order: [UInt64] = [0xffff_ffff_0000_0000, 0xffff_ffff_ffff_ffff, 0xbce6_faad_a717_9e84, 0xf3b9_cac2_fc63_2551]

    /// The JWS signature `r ‖ s` turned into `r ‖ (n − s)`: the same signature with the other s.
    public static func flippingS(_ signature: some DataProtocol) -> Data {
        let bytes = Array(signature)
        let words = (0..<4).map { word in bytes[32 + word * 8..<40 + word * 8].reduce(UInt64(0)) { $0 << 8 | UInt64($1) } }
        var result = [UInt64](repeating: 0, count: 4)
        var borrow: UInt64 = 0
        for word in (0..<4).reversed() {
            let (partial, overflowA) = order[word].subtractingReportingOverflow(words[word])
            let (difference, overflowB) = partial.subtractingReportingOverflow(borrow)
            result[word] = difference
            borrow = overflowA || overflowB ? 1 : 0
        }
        return Data(bytes[..<32]) + Data(result.flatMap { word in (0..<8).reversed().map { UInt8(truncatingIfNeeded: word >> ($0 * 8)) } })
    }

    /// Whether s is in the upper half of the order (n − s is then the low one).
    public static func hasHighS(_ signature: some DataProtocol) -> Bool {
        let bytes = Array(signature)
        return flippingS(bytes)[32...].lexicographicallyPrecedes(bytes[32...])
    }

    /// The signature with the low s of the two, as a strict verifier wants it.
    public static func lowS(_ signature: some DataProtocol) -> Data {
        hasHighS(signature) ? flippingS(signature) : Data(signature)
    }
}
