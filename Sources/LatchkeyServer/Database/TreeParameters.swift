import Foundation
import HTTPTypes

/// The query parameters of a tree request, decoded the way the protocol's clients encode them:
/// as an HTML form (`application/x-www-form-urlencoded`), where `+` is a space and `%2B` a plus.
/// Python's `urlencode` (Pyrebase, firebase-admin) writes a space as `+`, so
/// `equalTo="hello world"` arrives as `equalTo=%22hello+world%22`; Hummingbird's
/// `queryParameters` keeps that `+` and leaves keys encoded, which is right for the server's
/// other routes but not for this protocol. A repeated parameter counts by its last value.
struct TreeParameters: Sendable {
    /// Each parameter's decoded value, by decoded name.
    let values: [String: String]

    /// The parameters of a URI's `query` (the text after `?`); a name or value whose
    /// percent-encoding is broken is the protocol's 400.
    init(_ query: String?) throws(DatabaseError) {
        var values: [String: String] = [:]
        for pair in (query ?? "").split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = try Self.decoded(parts[0])
            values[name] = try parts.count > 1 ? Self.decoded(parts[1]) : ""
        }
        self.values = values
    }

    subscript(name: String) -> String? { values[name] }

    /// `text` with `+` as a space and then its percent-escapes decoded.
    static func decoded(_ text: Substring) throws(DatabaseError) -> String {
        guard let decoded = text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding else {
            throw DatabaseError(status: .badRequest, message: "Invalid query string: broken percent-encoding in \(String(text.prefix(64))).")
        }
        return decoded
    }
}
