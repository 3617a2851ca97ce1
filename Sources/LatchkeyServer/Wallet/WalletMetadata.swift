import Foundation
import LatchkeyWire

/// Ledger entry metadata as stored: the JSON object in its canonical form (sorted keys, no
/// spaces), so the same object always has the same bytes — for the size limit and for telling a
/// replayed request from a different one.
enum WalletMetadata {
    /// The most bytes an entry's metadata may take, canonically encoded.
    static let maximumBytes = 1_024

    /// The canonical JSON text of `metadata`.
    static func encode(_ metadata: [String: JSONValue]) throws -> String {
        String(decoding: try WireCoding.makeEncoder().encode(metadata), as: UTF8.self)
    }

    /// The object stored as `text`.
    static func decode(_ text: String) throws -> [String: JSONValue] {
        try WireCoding.makeDecoder().decode([String: JSONValue].self, from: Data(text.utf8))
    }
}
