import Foundation
public import LatchkeyWire

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The data a transaction's block sees and changes.
public struct MutableData: Sendable {
    /// The location's key; nil for the root.
    public let key: String?
    /// The value: the current one when the block is called; set it to the new one (nil deletes).
    public var value: JSONValue?

    /// The value decoded as `T` (see ``DataSnapshot/value(as:)``).
    public func value<T: Decodable>(as type: T.Type) throws -> T {
        try (value ?? .null).decoded(as: T.self)
    }
}

/// What a transaction's block decides.
public struct TransactionResult: Sendable {
    let value: JSONValue?
    let commits: Bool

    /// Write `data`'s value (if the location still holds what the block saw).
    public static func success(withValue data: MutableData) -> TransactionResult { TransactionResult(value: data.value, commits: true) }

    /// Write nothing.
    public static func abort() -> TransactionResult { TransactionResult(value: nil, commits: false) }
}

extension DatabaseReference {
    /// How many times a transaction's block runs before it gives up (firebase-admin's limit).
    public static let transactionAttempts = 25

    /// Changes the data here atomically with the protocol's ETags: reads the value with its ETag,
    /// calls `block` with it and writes the result only if the location still has that ETag
    /// (`if-match`); when another writer came first, the server answers 412 with the current
    /// value and `block` runs again on it, up to ``transactionAttempts`` times (then
    /// ``LatchkeyError/etagMismatch``). Returns whether it committed — false when `block`
    /// aborted — and the data as left.
    public func runTransactionBlock(
        _ block: @Sendable (MutableData) -> TransactionResult
    ) async throws -> (committed: Bool, snapshot: DataSnapshot) {
        var (data, response) = try await transport.send(.get, path, headers: ["X-Firebase-ETag": "true"])
        for _ in 0..<Self.transactionAttempts {
            let current = try DatabaseTransport.value(of: data)
            guard let etag = response.value(forHTTPHeaderField: "ETag") else {
                throw LatchkeyError.server(code: "unexpected_response", message: "the data tree sent no ETag")
            }
            let result = block(MutableData(key: key, value: current))
            guard result.commits else { return (false, DataSnapshot(ref: self, value: current)) }
            (data, response) = try await transport.send(
                .put,
                path,
                body: result.value ?? .null,
                headers: ["if-match": etag],
                accepting: [412]
            )
            if response.statusCode != 412 { return (true, DataSnapshot(ref: self, value: try DatabaseTransport.value(of: data))) }
        }
        throw LatchkeyError(.etagMismatch, message: "the transaction at \(path) lost to other writers \(Self.transactionAttempts) times")
    }
}
