public import Foundation
import HTTPTypes
import LatchkeyWire
import SQLKit

/// Who did what to what, when and from where: one row per operator action, whether it came from
/// the console, the admin API or the command line.
public struct AuditEntry: Codable, Sendable, Equatable {
    /// The entry id.
    public var id: String
    /// When it happened.
    public var at: Date
    /// The operator's username, `cli:<system user>@<host>` for the command line, or the name a
    /// failed operator sign-in gave (`operator.sign_in_failed`).
    public var actor: String
    /// The operator's id (none for the command line).
    public var operatorID: String?
    /// What was done: `app.create`, `user.disable`, `operator.sign_in`, …
    public var action: String
    /// What it was done to: an app, user, message or operator id.
    public var target: String?
    /// Where it came from: the client's IP address, or `cli`.
    public var source: String
    /// The app the action concerned, when it concerned one (recorded since the console's audit
    /// filters; older entries have none).
    public var appID: String?
    /// What the action changed, before → after, secrets redacted; empty when it changed no
    /// value (a sign-in, a read) or the entry is older than this record.
    public var changes: [AuditChange] = []
}

/// The audit log's rows.
struct AuditLog: Sendable {
    let driver: any StoreDriver
    let time: any TimeSource

    /// Records `action` by `actor` on `target` (of the app `appID`, when it concerns one), now,
    /// with what it changed.
    func record(
        _ action: String,
        target: String?,
        appID: String? = nil,
        changes: [AuditChange] = [],
        by actor: AdminActor
    ) async throws {
        let now = time.now()
        let changed = try changes.isEmpty ? nil : String(decoding: JSONEncoder().encode(changes), as: UTF8.self)
        try await driver.write { db in
            try await db.raw(
                """
                INSERT INTO audit_log (id, at, actor, operator_id, action, target, source, app_id, changes)
                VALUES (\(bind: Self.sortableID(at: now)), \(bind: now.epochSeconds), \(bind: actor.name), \(bind: actor.operatorID),
                        \(bind: action), \(bind: target), \(bind: actor.source), \(bind: appID), \(bind: changed))
                """
            ).run()
        }
        AuditTrail.current?.recorded()
    }

    /// The entries `filter` lets through, newest first; `before` pages on from an entry id.
    func list(_ filter: AuditFilter = AuditFilter(), limit: Int, before: String?) async throws -> [AuditEntry] {
        try await driver.read { db in
            var conditions = filter.conditions
            if let before { conditions.append("id < \(bind: before)") }
            let clause: SQLQueryString = conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
            return try await db.raw(
                """
                SELECT id, at, actor, operator_id, action, target, source, app_id, changes FROM audit_log\(clause)
                ORDER BY id DESC LIMIT \(bind: limit)
                """
            ).all().map { row in
                let changes = try row.decode(column: "changes", as: String?.self).flatMap { text in
                    try? JSONDecoder().decode([AuditChange].self, from: Data(text.utf8))
                }
                return AuditEntry(
                    id: try row.decode(column: "id", as: String.self),
                    at: Date(epochSeconds: try row.decode(column: "at", as: Int64.self)),
                    actor: try row.decode(column: "actor", as: String.self),
                    operatorID: try row.decode(column: "operator_id", as: String?.self),
                    action: try row.decode(column: "action", as: String.self),
                    target: try row.decode(column: "target", as: String?.self),
                    source: try row.decode(column: "source", as: String.self),
                    appID: try row.decode(column: "app_id", as: String?.self),
                    changes: changes ?? []
                )
            }
        }
    }

    /// An id that sorts by time (milliseconds, zero-padded) and then at random, so the log reads
    /// in order and pages by id.
    private static func sortableID(at date: Date) -> String {
        String(date.epochMilliseconds, zeroPaddedTo: 14) + "-" + SecureRandom.identifier()
    }
}

/// Who performs an administrative action and from where: an operator signed in to the console
/// or the admin API (with their role), or the command line, which whoever can run it on the
/// server's data may use as an owner.
public struct AdminActor: Sendable {
    /// The name the audit log records.
    public var name: String
    /// The operator's id; nil for the command line.
    public var operatorID: String?
    /// What the actor may do.
    public var role: OperatorRole
    /// The client's IP address, or `cli`.
    public var source: String

    /// The command line, as `cli:<system user>@<host>`: the account the process runs as (by its
    /// user id, not `$USER`, which a shell or `sudo` may leave naming someone else) on this machine.
    public static func commandLine() -> AdminActor {
        AdminActor(name: "cli:\(SystemIdentity.userName)@\(SystemIdentity.hostName)", operatorID: nil, role: .owner, source: "cli")
    }

    /// An app's own servers, by the confidential client of `app`, calling from `address`: what
    /// the server-to-server admin routes record. They act with an admin's reach in their app only.
    static func client(of app: App, address: String?) -> AdminActor {
        AdminActor(name: "client:\(app.clientID)", operatorID: nil, role: .admin, source: address ?? "unknown")
    }

    /// An operator calling from `address`.
    init(_ `operator`: Operator, address: String?) {
        name = `operator`.username
        operatorID = `operator`.id
        role = `operator`.role
        source = address ?? "unknown"
    }

    init(name: String, operatorID: String?, role: OperatorRole, source: String) {
        self.name = name
        self.operatorID = operatorID
        self.role = role
        self.source = source
    }

    /// Refuses with `403 forbidden` an actor whose role is below `role`.
    func require(_ role: OperatorRole) throws {
        guard self.role >= role else { throw APIError(.forbidden, .forbidden) }
    }
}
