/// Argon2 (RFC 9106): argon2d, argon2i and argon2id, versions 0x10 and 0x13, so hashes made by
/// other systems (PHC strings such as argon2-cffi's) can be verified on sign-in. Written in Swift
/// because no package on the mirror provides it and the server adds no C libraries; checked
/// against the RFC's test vectors. Single-threaded: lanes are filled one after another, which
/// gives the same result as the parallel fill.
struct Argon2 {
    /// Which blocks a block is mixed with: data-dependent (d), data-independent (i), or
    /// independent for the first half of the first pass and dependent after (id).
    enum Variant: UInt32, Sendable {
        case d = 0
        case i = 1
        case id = 2
    }

    var variant: Variant
    /// 0x13 (19, current) or 0x10 (16, the first release, which overwrites blocks on later passes).
    var version: UInt32 = 0x13
    /// Memory in KiB (1 KiB blocks); at least 8 × parallelism.
    var memoryKiB: Int
    /// Passes over memory.
    var iterations: Int
    /// Lanes.
    var parallelism: Int

    private static let syncPoints = 4
    private static let blockWords = 128
    private static let addressesPerBlock = 128

    /// The tag of `password` and `salt`, `length` bytes long, with the optional secret `key` and
    /// associated data `data`.
    func hash(password: [UInt8], salt: [UInt8], key: [UInt8] = [], data: [UInt8] = [], length: Int) -> [UInt8] {
        let lanes = parallelism
        let blockCount = max(memoryKiB, 2 * Self.syncPoints * lanes) / (Self.syncPoints * lanes) * (Self.syncPoints * lanes)
        let laneLength = blockCount / lanes
        let segmentLength = laneLength / Self.syncPoints

        var initial: [UInt8] = []
        for value in [UInt32(lanes), UInt32(length), UInt32(memoryKiB), UInt32(iterations), version, variant.rawValue] {
            initial += Self.le32(value)
        }
        for field in [password, salt, key, data] { initial += Self.le32(UInt32(field.count)) + field }
        let h0 = BLAKE2b.hash(initial, outputLength: 64)

        var memory = [UInt64](repeating: 0, count: blockCount * Self.blockWords)
        memory.withUnsafeMutableBufferPointer { buffer in
            let base = buffer.baseAddress!
            for lane in 0..<lanes {
                for column in 0..<2 {
                    let bytes = Self.variableHash(h0 + Self.le32(UInt32(column)) + Self.le32(UInt32(lane)), length: 1024)
                    let block = base + (lane * laneLength + column) * Self.blockWords
                    for word in 0..<Self.blockWords { block[word] = Self.word(bytes, at: word * 8) }
                }
            }
            let layout = Layout(
                lanes: lanes,
                laneLength: laneLength,
                segmentLength: segmentLength,
                blockCount: blockCount,
                passes: iterations
            )
            for pass in 0..<iterations {
                for slice in 0..<Self.syncPoints {
                    for lane in 0..<lanes {
                        fillSegment(base, layout: layout, position: Position(pass: pass, lane: lane, slice: slice))
                    }
                }
            }
        }
        var last = [UInt64](repeating: 0, count: Self.blockWords)
        for lane in 0..<lanes {
            let offset = (lane * laneLength + laneLength - 1) * Self.blockWords
            for word in 0..<Self.blockWords { last[word] ^= memory[offset + word] }
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(1024)
        for word in last { bytes += Self.le64(word) }
        return Self.variableHash(bytes, length: length)
    }

    private struct Layout {
        var lanes: Int
        var laneLength: Int
        var segmentLength: Int
        var blockCount: Int
        var passes: Int
    }

    private struct Position {
        var pass: Int
        var lane: Int
        var slice: Int
    }

    private func fillSegment(_ memory: UnsafeMutablePointer<UInt64>, layout: Layout, position: Position) {
        let independent =
            variant == .i || (variant == .id && position.pass == 0 && position.slice < Self.syncPoints / 2)
        var addresses = [UInt64](repeating: 0, count: Self.blockWords)
        var input = [UInt64](repeating: 0, count: Self.blockWords)
        let zero = [UInt64](repeating: 0, count: Self.blockWords)
        if independent {
            input[0] = UInt64(position.pass)
            input[1] = UInt64(position.lane)
            input[2] = UInt64(position.slice)
            input[3] = UInt64(layout.blockCount)
            input[4] = UInt64(layout.passes)
            input[5] = UInt64(variant.rawValue)
        }
        func nextAddresses() {
            input[6] &+= 1
            Self.compress(zero, input, into: &addresses, xor: false)
            let first = addresses
            Self.compress(zero, first, into: &addresses, xor: false)
        }
        var start = 0
        if position.pass == 0 && position.slice == 0 {
            start = 2
            if independent { nextAddresses() }
        }
        var current = position.lane * layout.laneLength + position.slice * layout.segmentLength + start
        var previous = current % layout.laneLength == 0 ? current + layout.laneLength - 1 : current - 1
        var scratch = [UInt64](repeating: 0, count: Self.blockWords)
        var previousBlock = [UInt64](repeating: 0, count: Self.blockWords)
        var referenceBlock = [UInt64](repeating: 0, count: Self.blockWords)
        for index in start..<layout.segmentLength {
            if current % layout.laneLength == 1 { previous = current - 1 }
            let pseudoRandom: UInt64
            if independent {
                if index % Self.addressesPerBlock == 0 { nextAddresses() }
                pseudoRandom = addresses[index % Self.addressesPerBlock]
            } else {
                pseudoRandom = memory[previous * Self.blockWords]
            }
            let referenceLane =
                position.pass == 0 && position.slice == 0 ? position.lane : Int((pseudoRandom >> 32) % UInt64(layout.lanes))
            let referenceIndex = self.referenceIndex(
                position: position,
                index: index,
                pseudoRandom: pseudoRandom & 0xFFFF_FFFF,
                sameLane: referenceLane == position.lane,
                layout: layout
            )
            let referenceOffset = (layout.laneLength * referenceLane + referenceIndex) * Self.blockWords
            for word in 0..<Self.blockWords {
                previousBlock[word] = memory[previous * Self.blockWords + word]
                referenceBlock[word] = memory[referenceOffset + word]
                scratch[word] = memory[current * Self.blockWords + word]
            }
            Self.compress(previousBlock, referenceBlock, into: &scratch, xor: version == 0x13 && position.pass > 0)
            for word in 0..<Self.blockWords { memory[current * Self.blockWords + word] = scratch[word] }
            current += 1
            previous += 1
        }
    }

    private func referenceIndex(position: Position, index: Int, pseudoRandom: UInt64, sameLane: Bool, layout: Layout) -> Int {
        let areaSize: Int
        if position.pass == 0 {
            if position.slice == 0 {
                areaSize = index - 1
            } else if sameLane {
                areaSize = position.slice * layout.segmentLength + index - 1
            } else {
                areaSize = position.slice * layout.segmentLength + (index == 0 ? -1 : 0)
            }
        } else if sameLane {
            areaSize = layout.laneLength - layout.segmentLength + index - 1
        } else {
            areaSize = layout.laneLength - layout.segmentLength + (index == 0 ? -1 : 0)
        }
        var relative = (pseudoRandom &* pseudoRandom) >> 32
        relative = UInt64(areaSize) - 1 - ((UInt64(areaSize) &* relative) >> 32)
        let start =
            position.pass != 0 && position.slice != Self.syncPoints - 1 ? (position.slice + 1) * layout.segmentLength : 0
        return (start + Int(relative)) % layout.laneLength
    }

    /// G: `next` = P(x ⊕ y) ⊕ (x ⊕ y), XORed into the old `next` when `xor` (version 0x13, later passes).
    private static func compress(_ x: [UInt64], _ y: [UInt64], into next: inout [UInt64], xor: Bool) {
        var r = [UInt64](repeating: 0, count: blockWords)
        for i in 0..<blockWords { r[i] = x[i] ^ y[i] }
        var z = r
        z.withUnsafeMutableBufferPointer { v in
            for i in 0..<8 {
                round(
                    v,
                    16 * i,
                    16 * i + 1,
                    16 * i + 2,
                    16 * i + 3,
                    16 * i + 4,
                    16 * i + 5,
                    16 * i + 6,
                    16 * i + 7,
                    16 * i + 8,
                    16 * i + 9,
                    16 * i + 10,
                    16 * i + 11,
                    16 * i + 12,
                    16 * i + 13,
                    16 * i + 14,
                    16 * i + 15
                )
            }
            for i in 0..<8 {
                round(
                    v,
                    2 * i,
                    2 * i + 1,
                    2 * i + 16,
                    2 * i + 17,
                    2 * i + 32,
                    2 * i + 33,
                    2 * i + 48,
                    2 * i + 49,
                    2 * i + 64,
                    2 * i + 65,
                    2 * i + 80,
                    2 * i + 81,
                    2 * i + 96,
                    2 * i + 97,
                    2 * i + 112,
                    2 * i + 113
                )
            }
        }
        for i in 0..<blockWords {
            let value = z[i] ^ r[i]
            next[i] = xor ? next[i] ^ value : value
        }
    }

    // swiftlint:disable:next function_parameter_count
    private static func round(
        _ v: UnsafeMutableBufferPointer<UInt64>,
        _ v0: Int,
        _ v1: Int,
        _ v2: Int,
        _ v3: Int,
        _ v4: Int,
        _ v5: Int,
        _ v6: Int,
        _ v7: Int,
        _ v8: Int,
        _ v9: Int,
        _ v10: Int,
        _ v11: Int,
        _ v12: Int,
        _ v13: Int,
        _ v14: Int,
        _ v15: Int
    ) {
        mix(v, v0, v4, v8, v12)
        mix(v, v1, v5, v9, v13)
        mix(v, v2, v6, v10, v14)
        mix(v, v3, v7, v11, v15)
        mix(v, v0, v5, v10, v15)
        mix(v, v1, v6, v11, v12)
        mix(v, v2, v7, v8, v13)
        mix(v, v3, v4, v9, v14)
    }

    @inline(__always)
    private static func mix(_ v: UnsafeMutableBufferPointer<UInt64>, _ a: Int, _ b: Int, _ c: Int, _ d: Int) {
        v[a] = blaMka(v[a], v[b])
        v[d] = (v[d] ^ v[a]).rotatedRight(32)
        v[c] = blaMka(v[c], v[d])
        v[b] = (v[b] ^ v[c]).rotatedRight(24)
        v[a] = blaMka(v[a], v[b])
        v[d] = (v[d] ^ v[a]).rotatedRight(16)
        v[c] = blaMka(v[c], v[d])
        v[b] = (v[b] ^ v[c]).rotatedRight(63)
    }

    @inline(__always)
    private static func blaMka(_ x: UInt64, _ y: UInt64) -> UInt64 {
        x &+ y &+ 2 &* (x & 0xFFFF_FFFF) &* (y & 0xFFFF_FFFF)
    }

    /// H′ (RFC 9106 §3.3): BLAKE2b stretched to any length.
    static func variableHash(_ input: [UInt8], length: Int) -> [UInt8] {
        let prefixed = le32(UInt32(length)) + input
        if length <= 64 { return BLAKE2b.hash(prefixed, outputLength: length) }
        var output: [UInt8] = []
        output.reserveCapacity(length)
        var v = BLAKE2b.hash(prefixed, outputLength: 64)
        output += v.prefix(32)
        while length - output.count > 64 {
            v = BLAKE2b.hash(v, outputLength: 64)
            output += v.prefix(32)
        }
        output += BLAKE2b.hash(v, outputLength: length - output.count)
        return output
    }

    private static func le32(_ value: UInt32) -> [UInt8] {
        (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    private static func le64(_ value: UInt64) -> [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: value >> UInt64(8 * $0)) }
    }

    private static func word(_ bytes: [UInt8], at offset: Int) -> UInt64 {
        var word: UInt64 = 0
        for j in 0..<8 { word |= UInt64(bytes[offset + j]) << UInt64(8 * j) }
        return word
    }
}
