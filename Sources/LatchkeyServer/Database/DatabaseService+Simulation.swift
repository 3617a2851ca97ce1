import LatchkeyWire

/// The rules simulator: what an app's rules say of a read or a write by a given caller, on the
/// tree as it is now, with the rule that decided. It runs the same evaluation as a real request
/// (server values resolved, `.validate` over the new data) inside a read transaction, so nothing
/// is written.
extension DatabaseService {
    /// A request the simulator asks about.
    enum SimulatedRequest: Sendable {
        /// A read of the location.
        case read(DataPath)
        /// A write (`PUT`) of the value at the location; nil deletes.
        case write(DataPath, JSONValue?)
    }

    /// The rules' answer to `request` in `appID`'s tree for a caller whose `auth` variable is
    /// `auth` (`.null` for one without a credential), and every rule evaluated on the way. A
    /// value larger than a write may be is refused as the write would be.
    func simulate(_ request: SimulatedRequest, appID: String, auth: JSONValue) async throws -> RuleTrace {
        let rules = try await rules.rules(forApp: appID)
        let now = time.now().epochMilliseconds
        var prepared: PreparedReplacement?
        if case .write(let path, let value) = request {
            _ = try Self.checkSize(of: .put(path, value))
            prepared = try PreparedReplacement(path, value)
        }
        return try await driver.read { [store, prepared] db in
            let reader = TransactionTreeReader(store: store, appID: appID, db: db)
            let context = RuleContext(auth: auth, now: now, data: reader)
            var trace: RuleTrace? = RuleTrace()
            let allowed: Bool
            switch request {
            case .read(let path):
                allowed = try await rules.allowsRead(at: path, context: context, trace: &trace)
            case .write:
                guard let replacement = try await prepared?.resolved(now: now, current: reader.value(at:)) else { return RuleTrace() }
                let write = DataWrite(path: replacement.path, value: replacement.value)
                allowed = try await rules.refusal(of: [write], context: context, trace: &trace) == nil
            }
            trace?.allowed = allowed
            return trace ?? RuleTrace()
        }
    }
}
