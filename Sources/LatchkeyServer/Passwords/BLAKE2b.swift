/// BLAKE2b (RFC 7693), unkeyed, with any digest length from 1 to 64 bytes: the hash Argon2 is
/// built on. No package on the mirror provides it, and the server adds no C libraries.
struct BLAKE2b {
    private static let iv: [UInt64] = [
        0x6a09_e667_f3bc_c908, 0xbb67_ae85_84ca_a73b, 0x3c6e_f372_fe94_f82b, 0xa54f_f53a_5f1d_36f1,
        0x510e_527f_ade6_82d1, 0x9b05_688c_2b3e_6c1f, 0x1f83_d9ab_fb41_bd6b, 0x5be0_cd19_137e_2179,
    ]
    private static let sigma: [[Int]] = [
        [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
        [14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3],
        [11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4],
        [7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8],
        [9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13],
        [2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9],
        [12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11],
        [13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10],
        [6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5],
        [10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0],
    ]
    private static let blockSize = 128

    private var state: [UInt64]
    private var buffer: [UInt8] = []
    private var counter: UInt64 = 0
    private let outputLength: Int

    /// A hasher whose digest is `outputLength` bytes (1...64).
    init(outputLength: Int) {
        precondition((1...64).contains(outputLength), "BLAKE2b digests are 1 to 64 bytes")
        self.outputLength = outputLength
        state = Self.iv
        state[0] ^= 0x0101_0000 ^ UInt64(outputLength)
        buffer.reserveCapacity(Self.blockSize)
    }

    /// The digest of `bytes`, `outputLength` bytes long.
    static func hash(_ bytes: [UInt8], outputLength: Int = 64) -> [UInt8] {
        var hasher = BLAKE2b(outputLength: outputLength)
        hasher.update(bytes)
        return hasher.finalize()
    }

    /// Adds bytes. A full buffer is compressed only when more input follows, since the last block
    /// is compressed with the final flag.
    mutating func update(_ bytes: some Collection<UInt8>) {
        for byte in bytes {
            if buffer.count == Self.blockSize {
                counter &+= UInt64(Self.blockSize)
                compress(buffer, isLast: false)
                buffer.removeAll(keepingCapacity: true)
            }
            buffer.append(byte)
        }
    }

    /// The digest of everything added.
    mutating func finalize() -> [UInt8] {
        counter &+= UInt64(buffer.count)
        let block = buffer + [UInt8](repeating: 0, count: Self.blockSize - buffer.count)
        compress(block, isLast: true)
        var output: [UInt8] = []
        output.reserveCapacity(64)
        for word in state {
            for shift in stride(from: 0, to: 64, by: 8) { output.append(UInt8(truncatingIfNeeded: word >> UInt64(shift))) }
        }
        return Array(output.prefix(outputLength))
    }

    private mutating func compress(_ block: [UInt8], isLast: Bool) {
        var m = [UInt64](repeating: 0, count: 16)
        for i in 0..<16 {
            var word: UInt64 = 0
            for j in 0..<8 { word |= UInt64(block[i * 8 + j]) << UInt64(8 * j) }
            m[i] = word
        }
        var v = state + Self.iv
        v[12] ^= counter
        if isLast { v[14] = ~v[14] }
        for round in 0..<12 {
            let s = Self.sigma[round % 10]
            Self.mix(&v, 0, 4, 8, 12, m[s[0]], m[s[1]])
            Self.mix(&v, 1, 5, 9, 13, m[s[2]], m[s[3]])
            Self.mix(&v, 2, 6, 10, 14, m[s[4]], m[s[5]])
            Self.mix(&v, 3, 7, 11, 15, m[s[6]], m[s[7]])
            Self.mix(&v, 0, 5, 10, 15, m[s[8]], m[s[9]])
            Self.mix(&v, 1, 6, 11, 12, m[s[10]], m[s[11]])
            Self.mix(&v, 2, 7, 8, 13, m[s[12]], m[s[13]])
            Self.mix(&v, 3, 4, 9, 14, m[s[14]], m[s[15]])
        }
        for i in 0..<8 { state[i] ^= v[i] ^ v[i + 8] }
    }

    private static func mix(_ v: inout [UInt64], _ a: Int, _ b: Int, _ c: Int, _ d: Int, _ x: UInt64, _ y: UInt64) {
        v[a] = v[a] &+ v[b] &+ x
        v[d] = (v[d] ^ v[a]).rotatedRight(32)
        v[c] = v[c] &+ v[d]
        v[b] = (v[b] ^ v[c]).rotatedRight(24)
        v[a] = v[a] &+ v[b] &+ y
        v[d] = (v[d] ^ v[a]).rotatedRight(16)
        v[c] = v[c] &+ v[d]
        v[b] = (v[b] ^ v[c]).rotatedRight(63)
    }
}

extension UInt64 {
    /// The word rotated right by `count` bits (0 < count < 64).
    @inline(__always)
    func rotatedRight(_ count: UInt64) -> UInt64 {
        (self >> count) | (self << (64 - count))
    }
}
