public import Foundation

/// One stored app-data value, described: `GET /v1/me/appdata` lists these, and `PUT` answers one.
public struct AppDataEntry: Codable, Sendable, Equatable {
    /// The key (1–128 of `A–Z a–z 0–9 . _ -`).
    public var key: String
    /// The strong entity tag of the value as stored, quoted (`"…"`), as the `ETag` header carries it.
    public var etag: String
    /// The stored value's size in bytes.
    public var size: Int
    /// When the value was last written.
    public var updatedAt: Date

    /// Creates an entry.
    public init(key: String, etag: String, size: Int, updatedAt: Date) {
        self.key = key
        self.etag = etag
        self.size = size
        self.updatedAt = updatedAt
    }
}

/// `GET /v1/me/appdata`: a page of the user's keys in key order, and the cursor of the next page.
public struct AppDataPage: Codable, Sendable, Equatable {
    /// The entries of this page.
    public var entries: [AppDataEntry]
    /// Pass as `after` for the next page; nil on the last page.
    public var nextCursor: String?
    /// The bytes the user's values take, against the app's per-user limit.
    public var usedBytes: Int

    /// Creates a page.
    public init(entries: [AppDataEntry], nextCursor: String?, usedBytes: Int) {
        self.entries = entries
        self.nextCursor = nextCursor
        self.usedBytes = usedBytes
    }
}
