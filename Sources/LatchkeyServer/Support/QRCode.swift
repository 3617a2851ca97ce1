import Foundation

/// A QR code (ISO/IEC 18004) of some bytes, for the `otpauth://` URI of a new authenticator on the
/// hosted pages: byte mode, error correction level M (15 % of the symbol can be lost), the
/// smallest of versions 1–40 that holds the bytes, and the mask with the lowest penalty. Drawn as
/// an inline SVG, so the page needs no script and no image from elsewhere (its content security
/// policy allows neither), and the key never leaves the page as an image request.
struct QRCode: Sendable, Equatable {
    /// The version (1–40): the symbol is `17 + 4 × version` modules wide.
    let version: Int
    /// The mask pattern (0–7) chosen by the penalty rules.
    let mask: Int
    /// The modules, row by row: true is dark.
    let modules: [[Bool]]

    /// The symbol's width and height in modules.
    var size: Int { modules.count }

    /// Thrown for more bytes than version 40 at level M holds (2,331).
    struct TooLong: Error {}

    /// Encodes `text` as UTF-8 bytes.
    init(_ text: String) throws {
        try self.init(bytes: Array(text.utf8))
    }

    /// Encodes `bytes` in byte mode at level M, with the mask of the lowest penalty.
    init(bytes: [UInt8]) throws {
        guard let version = (1...40).first(where: { Self.dataCapacityBits($0) >= Self.segmentBits(count: bytes.count, version: $0) }) else {
            throw TooLong()
        }
        let codewords = Self.interleaved(Self.dataCodewords(bytes, version: version), version: version)
        var symbol = QRSymbol(version: version)
        symbol.drawFunctionPatterns()
        symbol.drawCodewords(codewords)
        var best: (mask: Int, modules: [[Bool]], penalty: Int)?
        for mask in 0..<8 {
            var candidate = symbol
            candidate.apply(mask: mask)
            candidate.drawFormatBits(mask: mask)
            let penalty = QRPenalty.score(candidate.modules)
            if penalty < best?.penalty ?? .max { best = (mask, candidate.modules, penalty) }
        }
        self.version = version
        self.mask = best?.mask ?? 0
        self.modules = best?.modules ?? symbol.modules
    }

    /// The symbol as an SVG document: one path of unit squares on a light background with the
    /// four-module quiet zone, scaled by the page; `label` is its accessible name.
    func svg(label: String) -> String {
        let side = size + 8
        var path = ""
        for (y, row) in modules.enumerated() {
            for (x, dark) in row.enumerated() where dark { path += "M\(x + 4),\(y + 4)h1v1h-1z" }
        }
        let escaped = label.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: "\"", with: "&quot;")
        return """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(side) \(side)" width="\(side * 4)" height="\(side * 4)" \
            shape-rendering="crispEdges" role="img" aria-label="\(escaped)"><rect width="\(side)" height="\(side)" fill="#fff"/>\
            <path d="\(path)" fill="#000"/></svg>
            """
    }

    // MARK: Data

    /// The bits of one byte-mode segment: mode, count, data.
    private static func segmentBits(count: Int, version: Int) -> Int {
        4 + countBits(version) + 8 * count
    }

    private static func countBits(_ version: Int) -> Int { version < 10 ? 8 : 16 }

    /// Data codewords of a version at level M, in bits.
    static func dataCapacityBits(_ version: Int) -> Int {
        (rawDataModules(version) / 8 - eccPerBlock[version] * blockCount[version]) * 8
    }

    /// The data codewords: the segment, a terminator, padding to a byte, then the pad bytes
    /// `0xEC 0x11` up to the version's capacity.
    static func dataCodewords(_ bytes: [UInt8], version: Int) -> [UInt8] {
        let capacity = dataCapacityBits(version)
        var bits = BitBuffer()
        bits.append(0b0100, count: 4)
        bits.append(bytes.count, count: countBits(version))
        for byte in bytes { bits.append(Int(byte), count: 8) }
        bits.append(0, count: min(4, capacity - bits.count))
        bits.append(0, count: (8 - bits.count % 8) % 8)
        var codewords = bits.bytes
        var pad: UInt8 = 0xEC
        while codewords.count * 8 < capacity {
            codewords.append(pad)
            pad ^= 0xEC ^ 0x11
        }
        return codewords
    }

    /// The data split into the version's blocks, each followed by its Reed–Solomon codewords,
    /// interleaved: first codewords of every block, then the second ones, and so on; the
    /// error-correction codewords after all the data.
    static func interleaved(_ data: [UInt8], version: Int) -> [UInt8] {
        let blocks = blockCount[version]
        let eccLength = eccPerBlock[version]
        let total = rawDataModules(version) / 8
        let shortBlocks = blocks - total % blocks
        let shortDataLength = total / blocks - eccLength
        let divisor = ReedSolomon.generator(degree: eccLength)
        var dataBlocks: [[UInt8]] = []
        var eccBlocks: [[UInt8]] = []
        var start = 0
        for index in 0..<blocks {
            let length = shortDataLength + (index < shortBlocks ? 0 : 1)
            let block = Array(data[start..<start + length])
            start += length
            dataBlocks.append(block)
            eccBlocks.append(ReedSolomon.remainder(of: block, divisor: divisor))
        }
        var result: [UInt8] = []
        for column in 0...shortDataLength {
            for block in dataBlocks where column < block.count { result.append(block[column]) }
        }
        for column in 0..<eccLength {
            for block in eccBlocks { result.append(block[column]) }
        }
        return result
    }

    /// Modules left for data and error correction once the function patterns are drawn.
    static func rawDataModules(_ version: Int) -> Int {
        var result = (16 * version + 128) * version + 64
        if version >= 2 {
            let alignments = version / 7 + 2
            result -= (25 * alignments - 10) * alignments - 55
            if version >= 7 { result -= 36 }
        }
        return result
    }

    /// Error-correction codewords per block at level M, by version (ISO/IEC 18004 table 9).
    static let eccPerBlock = [
        0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28, 28, 28, 28, 28, 28, 28,
        28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
    ]
    /// Blocks at level M, by version (ISO/IEC 18004 table 9).
    static let blockCount = [
        0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37,
        38, 40, 43, 45, 47, 49,
    ]
}

/// Bits appended most significant first, read back as bytes.
private struct BitBuffer {
    private(set) var bits: [Bool] = []
    var count: Int { bits.count }

    mutating func append(_ value: Int, count: Int) {
        for shift in stride(from: count - 1, through: 0, by: -1) { bits.append((value >> shift) & 1 == 1) }
    }

    var bytes: [UInt8] {
        stride(from: 0, to: bits.count, by: 8).map { start in
            bits[start..<min(start + 8, bits.count)].enumerated().reduce(UInt8(0)) { byte, bit in
                bit.element ? byte | UInt8(0x80 >> bit.offset) : byte
            }
        }
    }
}

/// Reed–Solomon error correction over GF(2⁸) with QR's polynomial x⁸ + x⁴ + x³ + x² + 1 (0x11D)
/// and generator roots 2⁰ … 2ⁿ⁻¹.
enum ReedSolomon {
    /// The product of `x` and `y` in the field.
    static func multiply(_ x: UInt8, _ y: UInt8) -> UInt8 {
        var z = 0
        for bit in stride(from: 7, through: 0, by: -1) {
            z = (z << 1) ^ ((z >> 7) * 0x11D)
            z ^= ((Int(y) >> bit) & 1) * Int(x)
        }
        return UInt8(z)
    }

    /// The generator polynomial of `degree`, its coefficients from the highest power down, the
    /// leading 1 left out.
    static func generator(degree: Int) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: degree)
        result[degree - 1] = 1
        var root: UInt8 = 1
        for _ in 0..<degree {
            for index in result.indices {
                result[index] = multiply(result[index], root)
                if index + 1 < result.count { result[index] ^= result[index + 1] }
            }
            root = multiply(root, 2)
        }
        return result
    }

    /// The error-correction codewords of `data`: its remainder by the generator `divisor`.
    static func remainder(of data: [UInt8], divisor: [UInt8]) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: divisor.count)
        for byte in data {
            let factor = byte ^ result.removeFirst()
            result.append(0)
            for index in result.indices { result[index] ^= multiply(divisor[index], factor) }
        }
        return result
    }
}
