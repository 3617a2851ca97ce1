import Foundation
import HTTPTypes
import LatchkeyWire

/// The rules of app data (KWS "set app data"): keys of a safe alphabet, values that are JSON within
/// the app's per-value and per-user limits, and optimistic concurrency — every write makes a new
/// revision, which the value's strong `ETag` names, and `If-Match` / `If-None-Match` are checked
/// against the stored revision inside the write's transaction, under a lock on the user's row
/// (``UserStore/lockRow(id:in:)``), so one user's writes run one at a time and totals stay exact.
struct AppDataService: Sendable {
    let driver: any StoreDriver
    let store: AppDataStore
    let users: UserStore
    let time: any TimeSource

    /// The longest key.
    static let maximumKeyLength = 128
    /// The most entries one page lists.
    static let maximumPageSize = 100

    /// Whether `key` is 1–128 of `A–Z a–z 0–9 . _ -`, and not `.` or `..`: as the last segment
    /// of `/v1/me/appdata/{key}` those are dot-segments, which clients and proxies resolve
    /// (libcurl, so the SDK on Linux, turns `DELETE /v1/me/appdata/..` into `DELETE /v1/me`).
    static func isValidKey(_ key: String) -> Bool {
        key != "." && key != ".." && isKeyShaped(key)
    }

    /// Whether `key` is 1–128 of `A–Z a–z 0–9 . _ -`: what a page's `after` cursor may be (a
    /// query parameter, where `.` and `..` are plain strings that sort before every key).
    static func isKeyShaped(_ key: String) -> Bool {
        (1...maximumKeyLength).contains(key.utf8.count)
            && key.utf8.allSatisfy { byte in
                (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                    || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
            }
    }

    /// Throws `422 invalid_app_data_key` unless `key` is valid.
    static func requireKey(_ key: String) throws {
        guard isValidKey(key) else { throw APIError.validation([FieldError(field: "key", code: .invalidAppDataKey)]) }
    }

    /// Refuses a user awaiting parental consent, unless the app keeps app data from such accounts.
    static func requireAllowed(_ user: UserPrincipal) throws {
        guard !user.isRestricted || user.app.settings.appData.appDataForPendingAccounts else {
            throw APIError(.forbidden, .appDataRestricted)
        }
    }

    /// The value stored under `key`, or nil.
    func value(userID: String, key: String) async throws -> AppDataStore.Stored? {
        try Self.requireKey(key)
        return try await driver.read { db in try await store.find(userID: userID, key: key, in: db) }
    }

    /// Stores `body` (JSON text, already within the per-value limit) under `key` when `conditions`
    /// hold for the stored value (`412 etag_mismatch` otherwise) and the user's total stays within
    /// `settings` (`422 app_data_quota_exceeded`). Returns the new entry and whether it was created.
    func write(
        _ body: Data,
        key: String,
        userID: String,
        conditions: EntityTagConditions,
        settings: AppSettings
    ) async throws -> (AppDataEntry, created: Bool) {
        try Self.requireKey(key)
        let value = try Self.json(body)
        let size = value.utf8.count
        let revision = SecureRandom.identifier()
        let now = time.now()
        return try await driver.write { [store, users] db in
            guard try await users.lockRow(id: userID, in: db) else { throw APIError.invalidToken() }
            let current = try await store.find(userID: userID, key: key, in: db)
            guard conditions.allowWrite(current: current?.revision) else { throw APIError(.preconditionFailed, .etagMismatch) }
            let others = try await store.usage(userID: userID, in: db) - (current?.entry.size ?? 0)
            guard others + size <= settings.appData.appDataMaxBytesPerUser else {
                throw APIError(.unprocessableContent, .appDataQuotaExceeded)
            }
            try await store.save(userID: userID, key: key, value: value, revision: revision, at: now, replacing: current != nil, in: db)
            let entry = AppDataEntry(key: key, etag: EntityTagConditions.header(for: revision), size: size, updatedAt: now)
            return (entry, current == nil)
        }
    }

    /// Deletes the value under `key` when `conditions` hold (`412 etag_mismatch` otherwise); deleting
    /// an absent key without conditions succeeds.
    func delete(key: String, userID: String, conditions: EntityTagConditions) async throws {
        try Self.requireKey(key)
        try await driver.write { [store, users] db in
            guard try await users.lockRow(id: userID, in: db) else { throw APIError.invalidToken() }
            let current = try await store.find(userID: userID, key: key, in: db)
            guard conditions.allowWrite(current: current?.revision) else { throw APIError(.preconditionFailed, .etagMismatch) }
            if current != nil { try await store.delete(userID: userID, key: key, in: db) }
        }
    }

    /// A page of the user's keys after the key `after`, with the cursor of the next page.
    func page(userID: String, after: String?, limit: Int) async throws -> AppDataPage {
        if let after, !Self.isKeyShaped(after) {
            throw APIError.validation([FieldError(field: "after", code: .invalidAppDataKey)])
        }
        return try await driver.read { [store] db in
            let entries = try await store.entries(userID: userID, after: after ?? "", limit: limit + 1, in: db)
            let page = Array(entries.prefix(limit))
            return AppDataPage(
                entries: page,
                nextCursor: entries.count > limit ? page.last?.key : nil,
                usedBytes: try await store.usage(userID: userID, in: db)
            )
        }
    }

    /// The body as JSON text: UTF-8 without NUL bytes, one JSON value (any type) of RFC 8259 — it
    /// is served back as sent, so nothing Foundation's parser merely tolerates, such as trailing
    /// commas —, nested at most as deep as request bodies may be; `400 invalid_request` otherwise.
    private static func json(_ body: Data) throws -> String {
        guard !body.contains(0), let text = String(data: body, encoding: .utf8), RequestBody.depth(of: body) <= RequestBody.maximumDepth,
            !RequestBody.hasTrailingComma(body),
            (try? JSONSerialization.jsonObject(with: body, options: .fragmentsAllowed)) != nil
        else { throw APIError(.badRequest, .invalidRequest) }
        return text
    }
}
