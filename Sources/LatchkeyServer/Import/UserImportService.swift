import Foundation
import LatchkeyWire
import SQLKit

/// Moves users in from another system and back out: `latchkey import users` / `export users`
/// and `POST /v1/operator/apps/{id}/users/import` share it.
///
/// Idempotent by external id: each line is planned (``UserImportPlan``), matched to the user an
/// earlier run made of its external id, and skipped when its digest is unchanged, so re-running
/// a file changes nothing and re-running after a crash finishes the job. Lines are written in
/// batches, one transaction each (user, identities and the `user_imports` row together), so a
/// crash never leaves half a user. A refused line (bad field, unknown hash, a name another user
/// holds) is reported with its line number and the rest go on.
struct UserImportService: Sendable {
    let driver: any StoreDriver
    let users: UserStore
    let imports: UserImportStore
    let time: any TimeSource

    /// Lines per transaction.
    static let batchSize = 500

    init(driver: any StoreDriver, users: UserStore, time: any TimeSource) {
        self.driver = driver
        self.users = users
        self.imports = UserImportStore(driver: driver)
        self.time = time
    }

    /// Imports (or, `dryRun`, plans) every line `reader` gives into `app`.
    func run(_ reader: UserImportReader, app: App, firebase: FirebaseScryptParameters?, dryRun: Bool) async throws -> UserImportReport {
        let project = try Self.project(firebase ?? reader.header)
        var report: [UserImportReport.Line] = []
        var batch: [Result<UserImportPlan, RefusedLine>] = []
        for line in reader {
            batch.append(Self.plan(line, app: app, firebase: project))
            if batch.count == Self.batchSize {
                report += try await apply(batch, app: app, dryRun: dryRun)
                batch.removeAll(keepingCapacity: true)
            }
        }
        report += try await apply(batch, app: app, dryRun: dryRun)
        return UserImportReport(dryRun: dryRun, lines: report)
    }

    /// A line refused before any lookup.
    struct RefusedLine: Error {
        var line: UserImportReport.Line
    }

    private static func plan(_ line: UserImportReader.Line, app: App, firebase: FirebaseScrypt.Project?) -> Result<UserImportPlan, RefusedLine> {
        do {
            return .success(try UserImportPlan(try line.user.get(), line: line.number, app: app, firebase: firebase))
        } catch {
            return .failure(RefusedLine(line: .init(line: line.number, externalId: error.externalId, outcome: .refused, errors: error.errors)))
        }
    }

    private static func project(_ parameters: FirebaseScryptParameters?) throws -> FirebaseScrypt.Project? {
        guard let parameters else { return nil }
        do {
            return try FirebaseScrypt.Project(
                signerKey: parameters.signerKey,
                saltSeparator: parameters.saltSeparator,
                rounds: parameters.rounds,
                memoryCost: parameters.memCost
            )
        } catch {
            throw APIError.validation([FieldError(field: "firebaseScrypt", code: .invalidField, reason: error.description)])
        }
    }

    private func apply(_ batch: [Result<UserImportPlan, RefusedLine>], app: App, dryRun: Bool) async throws -> [UserImportReport.Line] {
        guard !batch.isEmpty else { return [] }
        if dryRun { return try await driver.read { db in try await apply(batch, app: app, write: false, in: db) } }
        do {
            return try await driver.write { db in try await apply(batch, app: app, write: true, in: db) }
        } catch is UserStore.Taken {
            // A conflict the lookups could not see (a concurrent sign-up): line by line, so only its line is refused.
            var lines: [UserImportReport.Line] = []
            for entry in batch {
                do {
                    lines += try await driver.write { db in try await apply([entry], app: app, write: true, in: db) }
                } catch let taken as UserStore.Taken {
                    guard case .success(let plan) = entry else { continue }
                    lines.append(Self.refused(plan, FieldError(field: taken.field, code: Self.code(taken.field))))
                }
            }
            return lines
        }
    }

    private func apply(
        _ batch: [Result<UserImportPlan, RefusedLine>],
        app: App,
        write: Bool,
        in db: any SQLDatabase
    ) async throws -> [UserImportReport.Line] {
        var claims = Claims()
        var lines: [UserImportReport.Line] = []
        let now = time.now()
        for entry in batch {
            switch entry {
            case .failure(let refused): lines.append(refused.line)
            case .success(let plan):
                let existing = try await imports.find(appID: app.id, externalId: plan.externalId, in: db)
                if let existing, existing.digest == plan.digest {
                    lines.append(.init(line: plan.line, externalId: plan.externalId, outcome: .unchanged, userId: existing.userID))
                    continue
                }
                if let conflict = try await conflict(of: plan, userID: existing?.userID, app: app, claims: &claims, in: db) {
                    lines.append(Self.refused(plan, conflict))
                    continue
                }
                lines.append(try await apply(plan, existing: existing, app: app, write: write, at: now, in: db))
            }
        }
        return lines
    }

    private func apply(
        _ plan: UserImportPlan,
        existing: UserImportStore.Imported?,
        app: App,
        write: Bool,
        at now: Date,
        in db: any SQLDatabase
    ) async throws -> UserImportReport.Line {
        if let existing {
            if write {
                try await imports.update(
                    userID: existing.userID,
                    with: plan,
                    replaceHash: existing.passwordDigest != plan.passwordDigest,
                    at: now,
                    in: db
                )
                let linked = try await users.find(id: existing.userID, in: db)?.identities ?? []
                for identity in plan.identities
                where !linked.contains(where: { $0.subject == identity.subject && ($0.issuer ?? $0.provider) == identity.provider }) {
                    try await users.link(identity, userID: existing.userID, appID: app.id, at: now, in: db)
                }
                try await imports.record(plan, userID: existing.userID, appID: app.id, at: now, in: db)
            }
            return .init(line: plan.line, externalId: plan.externalId, outcome: .updated, userId: existing.userID)
        }
        guard write else { return .init(line: plan.line, externalId: plan.externalId, outcome: .created) }
        let firstIsPassword = plan.passwordHash != nil || plan.identities.isEmpty
        let user = UserStore.NewUser(
            id: SecureRandom.identifier(),
            appID: app.id,
            username: plan.username,
            email: plan.email,
            emailVerified: plan.emailVerified,
            passwordHash: plan.passwordHash,
            phone: plan.phone,
            displayName: plan.displayName,
            identity: firstIsPassword ? nil : plan.identities.first,
            createdAt: plan.createdAt ?? now
        )
        try await users.insert(user, in: db)
        for identity in plan.identities.dropFirst(firstIsPassword ? 0 : 1) {
            try await users.link(identity, userID: user.id, appID: app.id, at: user.createdAt, in: db)
        }
        try await imports.record(plan, userID: user.id, appID: app.id, at: now, in: db)
        return .init(line: plan.line, externalId: plan.externalId, outcome: .created, userId: user.id)
    }

    /// The names, numbers and identities lines of one batch have claimed, so two lines of a
    /// batch cannot both take one (the lookups only see what earlier batches wrote).
    private struct Claims {
        var keys: [String: String] = [:]

        /// Claims `key` for `externalId`; false when another line holds it.
        mutating func claim(_ key: String, for externalId: String) -> Bool {
            if let holder = keys[key] { return holder == externalId }
            keys[key] = externalId
            return true
        }
    }

    /// Why `plan` cannot be written: a username, email, phone or identity that another user (or
    /// an earlier line of the batch) holds.
    private func conflict(
        of plan: UserImportPlan,
        userID: String?,
        app: App,
        claims: inout Claims,
        in db: any SQLDatabase
    ) async throws -> FieldError? {
        if let username = plan.username {
            let holder = try await imports.holder(appID: app.id, username: username, in: db)
            if holder.map({ $0 != userID }) ?? false || !claims.claim("u:" + Canonical.username(username), for: plan.externalId) {
                return FieldError(field: "username", code: .duplicateUsername)
            }
        }
        if let email = plan.email {
            let holder = try await imports.holder(appID: app.id, email: email, in: db)
            if holder.map({ $0 != userID }) ?? false || !claims.claim("e:" + Canonical.email(email), for: plan.externalId) {
                return FieldError(field: "email", code: .duplicateEmail)
            }
        }
        for (index, identity) in plan.identities.enumerated() {
            let holder = try await imports.holder(appID: app.id, identity: identity, in: db)
            if holder.map({ $0 != userID }) ?? false
                || !claims.claim("i:\(identity.provider)\u{0}\(identity.subject)", for: plan.externalId)
            {
                return FieldError(field: identity.provider == "phone" ? "phone" : "identities[\(index)]", code: .identityInUse)
            }
        }
        return nil
    }

    private static func refused(_ plan: UserImportPlan, _ error: FieldError) -> UserImportReport.Line {
        .init(line: plan.line, externalId: plan.externalId, outcome: .refused, errors: [error])
    }

    private static func code(_ field: String) -> ErrorCode {
        switch field {
        case "email": return .duplicateEmail
        case "username": return .duplicateUsername
        default: return .identityInUse
        }
    }
}
