public import Foundation
public import LatchkeyWire

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension Latchkey {
    /// The signed-in user's app data (KWS "set app data"): JSON values under keys, with ETags.
    public var appData: AppDataClient { AppDataClient(client: self) }
}

/// A value read from app data, with the entity tag to make a later write conditional on it.
public struct AppDataItem<Value: Sendable>: Sendable {
    /// The value.
    public var value: Value
    /// The stored value's strong `ETag` (quoted), for `ifMatch:`.
    public var etag: String
}

/// Per-user key/value JSON for the app. Keys are 1–128 of `A–Z a–z 0–9 . _ -` (not `.` or `..`); values are any
/// `Codable` (encoded as the server's JSON: camelCase members, ISO 8601 dates) within the app's
/// limits. Optimistic concurrency: pass the `etag` you read as `ifMatch:` and a write fails with
/// ``LatchkeyError/etagMismatch`` when someone changed the value meanwhile. Other failures:
/// `.invalidAppDataKey`, `.appDataValueTooLarge`, `.appDataQuotaExceeded`, `.appDataRestricted`
/// (an account awaiting parental consent, when the app keeps no data from such accounts).
public struct AppDataClient: Sendable {
    let client: Latchkey
    var transport: AuthorizedTransport { AuthorizedTransport(client: client) }

    /// The value under `key` decoded as `T`, with its ETag; nil when there is none.
    public func get<T: Decodable & Sendable>(_ type: T.Type, forKey key: String) async throws -> AppDataItem<T>? {
        guard let raw = try await data(forKey: key) else { return nil }
        return AppDataItem(value: try Transport.decode(T.self, from: raw.value), etag: raw.etag)
    }

    /// The JSON bytes under `key`, as stored, with its ETag; nil when there is none.
    public func data(forKey key: String) async throws -> AppDataItem<Data>? {
        do {
            let (data, response) = try await transport.exchange(.get, try path(key))
            return AppDataItem(value: data, etag: response.value(forHTTPHeaderField: "ETag") ?? "")
        } catch ErrorCode.notFound {
            return nil
        }
    }

    /// Stores `value` under `key`. With `ifMatch`, only if the stored value still has that ETag;
    /// with `onlyIfAbsent`, only if nothing is stored under `key` (``LatchkeyError/etagMismatch``
    /// otherwise). Returns the stored entry, whose `etag` names the new value.
    @discardableResult
    public func set<T: Encodable & Sendable>(
        _ value: T,
        forKey key: String,
        ifMatch etag: String? = nil,
        onlyIfAbsent: Bool = false
    ) async throws -> AppDataEntry {
        var headers: [String: String] = [:]
        headers["If-Match"] = etag
        if onlyIfAbsent { headers["If-None-Match"] = "*" }
        let (data, _) = try await transport.exchange(.put, try path(key), body: value, headers: headers)
        return try Transport.decode(AppDataEntry.self, from: data)
    }

    /// Deletes the value under `key` (nothing stored is fine); with `ifMatch`, only if the stored
    /// value still has that ETag.
    public func remove(forKey key: String, ifMatch etag: String? = nil) async throws {
        var headers: [String: String] = [:]
        headers["If-Match"] = etag
        _ = try await transport.exchange(.delete, try path(key), headers: headers)
    }

    /// A page of the user's keys in key order: pass the previous page's `nextCursor` as `after`.
    public func keys(after cursor: String? = nil, limit: Int = 50) async throws -> AppDataPage {
        var query = ["limit": String(limit)]
        query["after"] = cursor
        return try await transport.decode(AppDataPage.self, .get, "v1/me/appdata", query: query)
    }

    /// The path of `key`, refused before any request when the key cannot be valid (`.` and `..`
    /// too: URL loading resolves them as dot-segments, so `..` would address `v1/me` itself).
    private func path(_ key: String) throws -> String {
        guard key != "." && key != "..", (1...128).contains(key.utf8.count),
            key.unicodeScalars.allSatisfy({ $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "._-".unicodeScalars.contains($0)) })
        else { throw LatchkeyError.invalidAppDataKey }
        return "v1/me/appdata/\(key)"
    }
}
