/// The opaque cursor of a ledger page: the entry number the next page starts below, so entries
/// written after the first page never shift later pages.
enum LedgerCursor {
    private static let prefix = "ledger:"

    /// The cursor for entries numbered below `sequence`.
    static func encode(_ sequence: Int64) -> String {
        Base64URL.encode(Array((prefix + String(sequence)).utf8))
    }

    /// The entry number in `cursor`, or nil when it is not a cursor this server made.
    static func sequence(in cursor: String) -> Int64? {
        guard let bytes = Base64URL.decode(cursor), let text = String(validating: bytes, as: UTF8.self), text.hasPrefix(prefix),
            let sequence = Int64(text.dropFirst(prefix.count)), sequence > 0
        else { return nil }
        return sequence
    }
}
