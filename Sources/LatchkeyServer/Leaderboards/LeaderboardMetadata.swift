import Foundation
import LatchkeyWire

/// An entry's metadata as stored: compact JSON text, 1 KiB at most.
enum LeaderboardMetadata {
    /// The largest stored metadata, in UTF-8 bytes of its compact JSON.
    static let maximumBytes = 1024

    /// The stored form of `metadata`, or nil when it is larger than ``maximumBytes``.
    static func encode(_ metadata: [String: JSONValue]) -> String? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        guard let data = try? encoder.encode(metadata), data.count <= maximumBytes else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// The metadata stored as `text` (nil when there is none).
    static func decode(_ text: String?) -> [String: JSONValue]? {
        guard let text else { return nil }
        return try? JSONDecoder().decode([String: JSONValue].self, from: Data(text.utf8))
    }
}
