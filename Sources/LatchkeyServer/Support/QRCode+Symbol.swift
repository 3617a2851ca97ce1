/// A QR symbol being drawn: the function patterns (finders, separators, timing, alignment,
/// format and version information), then the codewords in the two-column zigzag, then a mask
/// over the data modules. Coordinates are `x` (column) and `y` (row) from the top left.
struct QRSymbol: Sendable {
    let version: Int
    let size: Int
    private(set) var modules: [[Bool]]
    /// Modules of function patterns, which data and masks leave alone.
    private var reserved: [[Bool]]

    init(version: Int) {
        self.version = version
        size = 17 + 4 * version
        modules = Array(repeating: Array(repeating: false, count: size), count: size)
        reserved = modules
    }

    private mutating func set(_ x: Int, _ y: Int, _ dark: Bool) {
        modules[y][x] = dark
        reserved[y][x] = true
    }

    /// Everything but the data: format information is reserved here and written with the mask.
    mutating func drawFunctionPatterns() {
        for index in 0..<size {
            set(6, index, index % 2 == 0)
            set(index, 6, index % 2 == 0)
        }
        for (x, y) in [(3, 3), (size - 4, 3), (3, size - 4)] { drawFinder(x, y) }
        let positions = alignmentPositions
        for (i, x) in positions.enumerated() {
            for (j, y) in positions.enumerated() {
                let last = positions.count - 1
                // The three corners with a finder pattern have none.
                if (i == 0 && j == 0) || (i == 0 && j == last) || (i == last && j == 0) { continue }
                drawAlignment(x, y)
            }
        }
        drawFormatBits(mask: 0)
        drawVersion()
    }

    /// A finder (7×7) centred on `x`, `y`, with its light separator.
    private mutating func drawFinder(_ x: Int, _ y: Int) {
        for dy in -4...4 {
            for dx in -4...4 {
                let (xx, yy) = (x + dx, y + dy)
                guard (0..<size).contains(xx), (0..<size).contains(yy) else { continue }
                let distance = max(abs(dx), abs(dy))
                set(xx, yy, distance != 2 && distance != 4)
            }
        }
    }

    /// An alignment pattern (5×5) centred on `x`, `y`.
    private mutating func drawAlignment(_ x: Int, _ y: Int) {
        for dy in -2...2 {
            for dx in -2...2 { set(x + dx, y + dy, max(abs(dx), abs(dy)) != 1) }
        }
    }

    /// The centres of the alignment patterns along each axis (ISO/IEC 18004 annex E).
    private var alignmentPositions: [Int] {
        guard version > 1 else { return [] }
        let count = version / 7 + 2
        let step = version == 32 ? 26 : (version * 4 + count * 2 + 1) / (count * 2 - 2) * 2
        return [6] + (0..<count - 1).map { size - 7 - $0 * step }.reversed()
    }

    /// The 15 format bits (level M, `mask`) in both of their places, and the dark module.
    mutating func drawFormatBits(mask: Int) {
        let bits = Self.formatBits(mask: mask)
        let bit = { (index: Int) in (bits >> index) & 1 == 1 }
        for index in 0...5 { set(8, index, bit(index)) }
        set(8, 7, bit(6))
        set(8, 8, bit(7))
        set(7, 8, bit(8))
        for index in 9..<15 { set(14 - index, 8, bit(index)) }
        for index in 0..<8 { set(size - 1 - index, 8, bit(index)) }
        for index in 8..<15 { set(8, size - 15 + index, bit(index)) }
        set(8, size - 8, true)
    }

    /// Level M (`00`) and the mask, with their BCH(15,5) code, XORed with `101010000010010`.
    static func formatBits(mask: Int) -> Int {
        let data = 0b00 << 3 | mask
        var remainder = data
        for _ in 0..<10 { remainder = (remainder << 1) ^ ((remainder >> 9) * 0x537) }
        return (data << 10 | remainder) ^ 0x5412
    }

    /// The 18 version bits (versions 7 and up) in the two 6×3 blocks.
    private mutating func drawVersion() {
        guard version >= 7 else { return }
        let bits = Self.versionBits(version)
        for index in 0..<18 {
            let dark = (bits >> index) & 1 == 1
            let (a, b) = (size - 11 + index % 3, index / 3)
            set(a, b, dark)
            set(b, a, dark)
        }
    }

    /// The version with its BCH(18,6) code.
    static func versionBits(_ version: Int) -> Int {
        var remainder = version
        for _ in 0..<12 { remainder = (remainder << 1) ^ ((remainder >> 11) * 0x1F25) }
        return version << 12 | remainder
    }

    /// The codewords' bits, most significant first, up and down the two-module columns from the
    /// right, skipping the vertical timing pattern and every function module.
    mutating func drawCodewords(_ codewords: [UInt8]) {
        var index = 0
        var right = size - 1
        while right >= 1 {
            if right == 6 { right = 5 }
            let upward = (right + 1) & 2 == 0
            for vertical in 0..<size {
                let y = upward ? size - 1 - vertical : vertical
                for x in [right, right - 1] where !reserved[y][x] && index < codewords.count * 8 {
                    modules[y][x] = (codewords[index >> 3] >> (7 - index & 7)) & 1 == 1
                    index += 1
                }
            }
            right -= 2
        }
    }

    /// Inverts the data modules where mask pattern `mask` holds.
    mutating func apply(mask: Int) {
        for y in 0..<size {
            for x in 0..<size where !reserved[y][x] && Self.masked(mask, x, y) { modules[y][x].toggle() }
        }
    }

    private static func masked(_ mask: Int, _ x: Int, _ y: Int) -> Bool {
        switch mask {
        case 0: (x + y) % 2 == 0
        case 1: y % 2 == 0
        case 2: x % 3 == 0
        case 3: (x + y) % 3 == 0
        case 4: (x / 3 + y / 2) % 2 == 0
        case 5: x * y % 2 + x * y % 3 == 0
        case 6: (x * y % 2 + x * y % 3) % 2 == 0
        default: ((x + y) % 2 + x * y % 3) % 2 == 0
        }
    }
}

/// The penalty of a masked symbol (ISO/IEC 18004 §7.8.3): the encoder keeps the mask with the
/// lowest, the one whose modules are least likely to confuse a reader.
enum QRPenalty {
    static func score(_ modules: [[Bool]]) -> Int {
        let size = modules.count
        let columns = (0..<size).map { x in modules.map { $0[x] } }
        var score = 0
        for line in modules + columns {
            score += runs(line) + finderLike(line)
        }
        for y in 0..<size - 1 {
            for x in 0..<size - 1 {
                let color = modules[y][x]
                if modules[y][x + 1] == color && modules[y + 1][x] == color && modules[y + 1][x + 1] == color { score += 3 }
            }
        }
        let dark = modules.reduce(0) { $0 + $1.filter { $0 }.count }
        let total = size * size
        // 10 points for each full 5 % the dark share is away from half.
        score += abs(dark * 20 - total * 10) / total * 10
        return score
    }

    /// Rule 1: 3 points for five modules of one colour in a row, 1 for each more.
    private static func runs(_ line: [Bool]) -> Int {
        var score = 0
        var length = 0
        for (index, dark) in line.enumerated() {
            length = index > 0 && line[index - 1] == dark ? length + 1 : 1
            if length == 5 { score += 3 } else if length > 5 { score += 1 }
        }
        return score
    }

    /// Rule 3: 40 points for each dark-light-dark-dark-dark-light-dark run beside four light
    /// modules, which looks like a finder pattern.
    private static func finderLike(_ line: [Bool]) -> Int {
        let patterns: [[Bool]] = [
            [true, false, true, true, true, false, true, false, false, false, false],
            [false, false, false, false, true, false, true, true, true, false, true],
        ]
        guard line.count >= 11 else { return 0 }
        var score = 0
        for start in 0...(line.count - 11) {
            for pattern in patterns where line[start..<start + 11].elementsEqual(pattern) { score += 40 }
        }
        return score
    }
}
