import Foundation
import Testing

@testable import LatchkeyServer

/// The QR encoder against the standard's published values: the Reed–Solomon codewords of the
/// well-known `HELLO WORLD` 1-M symbol, the format and version information tables, and the
/// byte-mode capacities at level M. A real decoder reading the hosted page's code back is the
/// interop suite's test (`test_totp_pyotp.py`, `zbarimg`).
@Suite struct QRCodeTests {
    @Test func reedSolomonGivesTheCodewordsOfHelloWorld1M() {
        let data: [UInt8] = [32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17]
        #expect(
            ReedSolomon.remainder(of: data, divisor: ReedSolomon.generator(degree: 10)) == [196, 35, 39, 119, 235, 215, 231, 226, 93, 23]
        )
    }

    @Test func formatAndVersionInformationAreTheStandardsTables() {
        let formats = (0..<8).map { QRSymbol.formatBits(mask: $0) }
        #expect(
            formats == [
                0b1010100_00010010, 0b1010001_00100101, 0b1011110_01111100, 0b1011011_01001011, 0b1000101_11111001, 0b1000000_11001110,
                0b1001111_10010111, 0b1001010_10100000,
            ]
        )
        #expect(QRSymbol.versionBits(7) == 0b00_01111100_10010100)
        #expect(QRSymbol.versionBits(8) == 0b00_10000101_10111100)
        #expect(QRSymbol.versionBits(10) == 0b00_10100100_11010011)
        #expect(QRSymbol.versionBits(40) == 0b10_10001100_01101001)
    }

    @Test func theSmallestVersionThatHoldsTheBytesIsChosen() throws {
        // Byte-mode capacities at level M (ISO/IEC 18004 table 7).
        for (version, capacity) in [(1, 14), (2, 26), (5, 84), (7, 122), (8, 152), (10, 213), (40, 2331)] {
            #expect(try QRCode(bytes: Array(repeating: 0x41, count: capacity)).version == version)
            if version < 40 { #expect(try QRCode(bytes: Array(repeating: 0x41, count: capacity + 1)).version == version + 1) }
        }
        #expect(throws: QRCode.TooLong.self) { try QRCode(bytes: Array(repeating: 0x41, count: 2332)) }
    }

    @Test func theSymbolHasItsFinderPatternsAndTimingAndAnSVG() throws {
        let code = try QRCode("otpauth://totp/App:ann?secret=JBSWY3DPEHPK3PXP&issuer=App")
        #expect(code.size == 17 + 4 * code.version)
        let finder = [[true, true, true, true, true, true, true], [true, false, false, false, false, false, true]]
        for (x, y) in [(0, 0), (code.size - 7, 0), (0, code.size - 7)] {
            #expect(Array(code.modules[y][x..<x + 7]) == finder[0])
            #expect(Array(code.modules[y + 1][x..<x + 7]) == finder[1])
        }
        #expect((8..<code.size - 8).allSatisfy { code.modules[6][$0] == ($0 % 2 == 0) })
        let svg = code.svg(label: "a \"key\" <code>")
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.contains("aria-label=\"a &quot;key&quot; &lt;code>\""))
        #expect(svg.components(separatedBy: "h1v1h-1z").count - 1 == code.modules.joined().filter { $0 }.count)
    }
}
