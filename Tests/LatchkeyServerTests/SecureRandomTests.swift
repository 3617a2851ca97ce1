import Testing

@testable import LatchkeyServer

/// Identifiers and secrets: their form, and the encoding of given bytes, which ids derived from a
/// digest depend on staying the same.
@Suite struct SecureRandomTests {
    @Test func identifiersAre26CrockfordCharactersAndTheEncodingOfBytesIsFixed() {
        #expect(SecureRandom.identifier(encoding: Array(0..<17)) == "000g40r40m30e209185gr38e1w")
        #expect(SecureRandom.identifier(encoding: Array(repeating: 255, count: 17)) == "zzzzzzzzzzzzzzzzzzzzzzzzzz")
        #expect(SecureRandom.identifier(encoding: Array([0x5a, 0xa5].repeated(8)) + [7]) == "bajnn9atmndaapn5bajnn9atmm")
        let alphabet = Set("0123456789abcdefghjkmnpqrstvwxyz")
        let ids = (0..<1_000).map { _ in SecureRandom.identifier() }
        #expect(ids.allSatisfy { $0.count == 26 && $0.allSatisfy(alphabet.contains) })
        #expect(Set(ids).count == ids.count)
    }

    @Test func bytesAreTheLengthAskedAndDiffer() {
        for count in [0, 1, 8, 17, 32, 33, 4_096] { #expect(SecureRandom.bytes(count).count == count) }
        #expect(SecureRandom.bytes(32) != SecureRandom.bytes(32))
        #expect(SecureRandom.token(prefix: "lk_").hasPrefix("lk_"))
    }

    /// Every byte value comes about as often as any other: 256,000 bytes, each value within six
    /// standard deviations (±190) of its expected 1,000, which a filled buffer, a repeated block or
    /// bytes left unwritten would not be.
    @Test func bytesAreSpreadOverEveryValue() {
        var counts = [Int](repeating: 0, count: 256)
        for _ in 0..<1_000 {
            for byte in SecureRandom.bytes(256) { counts[Int(byte)] += 1 }
        }
        #expect(counts.allSatisfy { (810...1_190).contains($0) }, "\(counts.min() ?? 0)...\(counts.max() ?? 0)")
    }
}

extension Array {
    fileprivate func repeated(_ times: Int) -> [Element] {
        (0..<times).flatMap { _ in self }
    }
}
