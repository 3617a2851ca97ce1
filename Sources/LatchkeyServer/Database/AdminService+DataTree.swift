import HTTPTypes
import LatchkeyWire

/// What operators do with an app's data tree from the console: read a location, set or delete
/// a value (admin access, rules skipped, every other limit of the API applies), and ask the
/// rules simulator. Reads and simulations are audited like writes: the tree holds the app's
/// users' data.
extension AdminService {
    /// The most characters of a value the audit log keeps for each side of a change.
    static let auditedValueLength = 200
    /// How many times an operator's write is tried while the location keeps changing under it.
    static let conditionalWriteAttempts = 5

    /// The value at `path` of the app's tree, with the app (secrets redacted) it was read from, so
    /// a page of it reads the app once; `404` for no such app. Audited (`data.read`).
    func treeValue(
        at path: DataPath,
        appID: String,
        in database: DatabaseService,
        by actor: AdminActor
    ) async throws -> (app: App, snapshot: TreeSnapshot) {
        try actor.require(.viewer)
        let app = try await existingApp(appID)
        let snapshot = try await Self.unlessBusy { try await database.read(path, query: nil, as: .admin(app)) }
        try await audit.record("data.read", target: "\(app.id) \(path)", appID: app.id, by: actor)
        return (app.redacted, snapshot)
    }

    /// Replaces the value at `path` with `value` (nil deletes it), as a `PUT` with admin access
    /// would: server values resolved, the write and quota limits applied. Audited (`data.set` or
    /// `data.delete`) with the value before and after.
    func setTreeValue(
        _ value: JSONValue?,
        at path: DataPath,
        appID: String,
        in database: DatabaseService,
        by actor: AdminActor
    ) async throws {
        try actor.require(.admin)
        let app = try await existingApp(appID)
        // The audited "before" is the value the write replaced: the write holds only while the
        // location still has the value read (its ETag, checked in the write's transaction), and a
        // change made in between is taken from the refusal and the write tried again.
        var before = try await Self.unlessBusy { try await database.read(path, query: nil, as: .admin(app)).value }
        var written: DatabaseService.Written?
        for _ in 0..<Self.conditionalWriteAttempts where written == nil {
            do {
                let etag = DatabaseService.etag(of: before)
                written = try await Self.unlessBusy { try await database.apply(.put(path, value), as: .admin(app), ifMatch: etag) }
            } catch let failed as DatabaseService.ConditionFailed {
                before = failed.value
            }
        }
        // A location rewritten faster than an operator's write can land: asked to try again.
        guard let written else { throw APIError(.serviceUnavailable, .serviceUnavailable, headers: [.retryAfter: "1"]) }
        let change = AuditChange(
            field: path.description,
            before: before.map { Self.auditedText(TreeJSON.text($0)) },
            after: written.value.map { _ in Self.auditedText(written.text) }
        )
        try await audit.record(value == nil ? "data.delete" : "data.set", target: "\(app.id) \(path)", appID: app.id, changes: [change], by: actor)
    }

    /// What the app's rules say of `request` by the user `userID` (signed in now, with the
    /// claims a new access token would carry), or by a caller without a credential when nil.
    /// `404` for no such app or user. Audited (`data.simulate`).
    func simulateRules(
        _ request: DatabaseService.SimulatedRequest,
        userID: String?,
        appID: String,
        in database: DatabaseService,
        tokens: TokenMinter,
        by actor: AdminActor
    ) async throws -> RuleTrace {
        try actor.require(.viewer)
        let app = try await existingApp(appID)
        var auth = JSONValue.null
        if let userID {
            let account = try await existingUser(userID, appID: app.id)
            let claims = tokens.claims(
                app: app,
                subject: account.id,
                sessionID: nil,
                scope: TokenMinter.scope(of: account),
                isAnonymous: account.isAnonymous
            )
            auth = DatabaseCaller.auth(of: claims)
        }
        let trace = try await Self.unlessBusy { try await database.simulate(request, appID: app.id, auth: auth) }
        try await audit.record("data.simulate", target: "\(app.id) \(request.path)", appID: app.id, by: actor)
        return trace
    }

    /// Runs `body`, answering the tree's "busy" (its compute threads have more large work
    /// waiting than they take) as the console's `503`; the tree's other refusals stay theirs.
    private static func unlessBusy<Value>(_ body: () async throws -> Value) async throws -> Value {
        do {
            return try await body()
        } catch let error as DatabaseError where error.status == .serviceUnavailable {
            throw APIError(.serviceUnavailable, .serviceUnavailable, headers: error.headers)
        }
    }

    private static func auditedText(_ text: String) -> String {
        text.count <= auditedValueLength ? text : String(text.prefix(auditedValueLength)) + "…"
    }
}

extension DatabaseService.SimulatedRequest {
    /// The location asked about.
    var path: DataPath {
        switch self {
        case .read(let path), .write(let path, _): path
        }
    }
}
