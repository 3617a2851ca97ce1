public import Foundation
public import LatchkeyWire

extension AdminService {
    private var userImport: UserImportService { UserImportService(driver: driver, users: users, time: time) }

    /// Imports the users of `content` (a JSON-lines or CSV file's text) into the app, or with
    /// `dryRun` reports what each line would do and changes nothing. Needs the admin role; a
    /// real run is audited with its counts.
    public func importUsers(
        _ content: String,
        format: UserImportFormat,
        firebase: FirebaseScryptParameters? = nil,
        dryRun: Bool,
        appID: String,
        by actor: AdminActor
    ) async throws -> UserImportReport {
        try actor.require(.admin)
        let app = try await existingApp(appID)
        let report = try await userImport.run(
            UserImportReader(content: content, format: format),
            app: app,
            firebase: firebase,
            dryRun: dryRun
        )
        if dryRun {
            AuditTrail.nothingChanged()
        } else {
            try await audit.record(
                "users.import",
                target: "\(app.id) created=\(report.created) updated=\(report.updated) refused=\(report.refused)",
                by: actor
            )
        }
        return report
    }

    /// Every user of the app in the import format, a page at a time. Needs the admin role (the
    /// lines carry password hashes); audited.
    public func exportUsers(appID: String, by actor: AdminActor, emit: ([ImportedUser]) throws -> Void) async throws {
        try actor.require(.admin)
        let app = try await existingApp(appID)
        try await audit.record("users.export", target: app.id, by: actor)
        try await userImport.export(app: app, emit: emit)
    }
}
