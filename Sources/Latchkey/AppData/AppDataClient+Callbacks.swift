import Foundation
public import LatchkeyWire

/// Completion-handler forms, delivered on the main queue like every callback of the SDK.
extension AppDataClient {
    /// Callback form of ``get(_:forKey:)``.
    public func get<T: Decodable & Sendable>(
        _ type: T.Type,
        forKey key: String,
        completion: @escaping @Sendable (Result<AppDataItem<T>?, LatchkeyError>) -> Void
    ) {
        client.deliver(completion) { try await get(T.self, forKey: key) }
    }

    /// Callback form of ``set(_:forKey:ifMatch:onlyIfAbsent:)``.
    public func set<T: Encodable & Sendable>(
        _ value: T,
        forKey key: String,
        ifMatch etag: String? = nil,
        onlyIfAbsent: Bool = false,
        completion: @escaping @Sendable (Result<AppDataEntry, LatchkeyError>) -> Void
    ) {
        client.deliver(completion) { try await set(value, forKey: key, ifMatch: etag, onlyIfAbsent: onlyIfAbsent) }
    }

    /// Callback form of ``remove(forKey:ifMatch:)``.
    public func remove(forKey key: String, ifMatch etag: String? = nil, completion: @escaping @Sendable (Result<Void, LatchkeyError>) -> Void) {
        client.deliver(completion) { try await remove(forKey: key, ifMatch: etag) }
    }

    /// Callback form of ``keys(after:limit:)``.
    public func keys(
        after cursor: String? = nil,
        limit: Int = 50,
        completion: @escaping @Sendable (Result<AppDataPage, LatchkeyError>) -> Void
    ) {
        client.deliver(completion) { try await keys(after: cursor, limit: limit) }
    }
}
