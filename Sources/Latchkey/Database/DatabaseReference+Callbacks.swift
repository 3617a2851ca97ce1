public import LatchkeyWire

/// Completion-handler forms, delivered on the main queue like every callback of the SDK.
extension DatabaseQuery {
    /// Callback form of ``getData()``.
    public func getData(completion: @escaping @Sendable (Result<DataSnapshot, LatchkeyError>) -> Void) {
        client.deliver(completion) { try await self.getData() }
    }
}

extension DatabaseReference {
    /// Callback form of ``setValue(_:)-(JSONValue?)``.
    public func setValue(_ value: JSONValue?, completion: @escaping @Sendable (Result<Void, LatchkeyError>) -> Void) {
        client.deliver(completion) { try await self.setValue(value) }
    }

    /// Callback form of ``setValue(_:)-(T)``.
    public func setValue<T: Encodable & Sendable>(_ value: T, completion: @escaping @Sendable (Result<Void, LatchkeyError>) -> Void) {
        client.deliver(completion) { try await self.setValue(value) }
    }

    /// Callback form of ``updateChildValues(_:)``.
    public func updateChildValues(_ values: [String: JSONValue], completion: @escaping @Sendable (Result<Void, LatchkeyError>) -> Void) {
        client.deliver(completion) { try await self.updateChildValues(values) }
    }

    /// Callback form of ``removeValue()``.
    public func removeValue(completion: @escaping @Sendable (Result<Void, LatchkeyError>) -> Void) {
        client.deliver(completion) { try await self.removeValue() }
    }

    /// Callback form of ``runTransactionBlock(_:)``: the block may run several times, off the main
    /// queue; `completion` gets whether it committed and the data as left.
    public func runTransactionBlock(
        _ block: @escaping @Sendable (MutableData) -> TransactionResult,
        andCompletionBlock completion: @escaping @Sendable (Result<(committed: Bool, snapshot: DataSnapshot), LatchkeyError>) -> Void
    ) {
        client.deliver(completion) { try await self.runTransactionBlock(block) }
    }
}
