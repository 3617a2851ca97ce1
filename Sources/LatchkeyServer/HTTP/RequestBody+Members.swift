import Foundation

extension RequestBody {
    /// What one pass over a JSON body's bytes tells before it is decoded.
    enum MemberScan: Equatable {
        /// An object whose top-level member names are these, nested no deeper than the limit and
        /// with no U+0000 in any string, if it is JSON at all (the decoder tells).
        case members(Set<String>)
        /// Nested too deep, or a U+0000 in a string (raw or as `\u0000`): refused, whatever else it holds.
        case refused
        /// Not an object at its top, not closed, or a member name written with escapes: for
        /// Foundation's parser to judge.
        case unsure
    }

    /// The top-level member names of a JSON body in one pass over its bytes: the depth and NUL
    /// checks and the member names that a full parse into Foundation objects gave, without that
    /// parse (its dictionaries and bridged strings, built for every request body).
    static func members(of data: Data) -> MemberScan {
        data.withUnsafeBytes { bytes in members(of: bytes) }
    }

    private static func members(of bytes: UnsafeRawBufferPointer) -> MemberScan {
        let quote = UInt8(ascii: "\"")
        let backslash = UInt8(ascii: "\\")
        var members: Set<String> = []
        var depth = 0
        var sawObject = false
        var expectingName = false
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case quote:
                let start = index + 1
                var escaped = false
                index = start
                while index < bytes.count, bytes[index] != quote {
                    switch bytes[index] {
                    case 0: return .refused
                    case backslash:
                        escaped = true
                        if isEscapedNUL(bytes, at: index) { return .refused }
                        index += 2
                    default: index += 1
                    }
                }
                guard index < bytes.count, depth > 0 else { return .unsure }
                if depth == 1, expectingName {
                    guard !escaped else { return .unsure }
                    members.insert(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
                    expectingName = false
                }
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                if depth == 0 {
                    guard byte == UInt8(ascii: "{"), !sawObject else { return .unsure }
                    sawObject = true
                    expectingName = true
                }
                depth += 1
                if depth > maximumDepth { return .refused }
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                guard depth >= 0 else { return .unsure }
            case UInt8(ascii: ","):
                if depth == 1 { expectingName = true }
            case 0:
                return .refused
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                break
            default:
                guard depth > 0 else { return .unsure }
            }
            index += 1
        }
        return sawObject && depth == 0 ? .members(members) : .unsure
    }

    /// Whether the escape at `index` (a backslash) is `\u0000`.
    private static func isEscapedNUL(_ bytes: UnsafeRawBufferPointer, at index: Int) -> Bool {
        guard index + 5 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else { return false }
        return bytes[(index + 2)...(index + 5)].allSatisfy { $0 == UInt8(ascii: "0") }
    }
}
