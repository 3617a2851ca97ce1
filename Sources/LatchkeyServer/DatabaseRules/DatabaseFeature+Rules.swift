import Foundation
import HTTPTypes
import Hummingbird
import LatchkeyWire

/// The rules' table and routes: `GET/PUT /.settings/rules.json`, the protocol's way for an
/// app's servers (a confidential client's token) to read and replace the app's rules.
extension DatabaseFeature {
    static var rulesMigrations: [Migration] {
        [
            Migration(
                2,
                [
                    """
                    CREATE TABLE database_rules (
                        app_id TEXT PRIMARY KEY REFERENCES apps(id) ON DELETE CASCADE,
                        source TEXT NOT NULL,
                        updated_at BIGINT NOT NULL
                    )
                    """
                ]
            )
        ]
    }

    static var rulesTables: [OwnedTable] {
        [.shared("database_rules", why: "each app's data-tree security rules, as uploaded")]
    }

    /// The largest rules document accepted, in bytes.
    static let maximumRulesBytes = 256 * 1024

    func rulesRoutes(into table: inout RouteTable) {
        let admin = Access.scheme(callers.adminScheme)
        table.on(.get, "/.settings/rules.json", operation: "DatabaseGetRules", access: admin) { _, context in
            try await answering {
                let app = try context.app
                let source = try await rules.store.source(appID: app.id) ?? DatabaseRules.defaults.source
                return Self.response(source)
            }
        }

        table.on(.put, "/.settings/rules.json", operation: "DatabaseSetRules", access: admin) { request, context in
            try await answering {
                let app = try context.app
                let body: Data
                do {
                    body = try await RequestBody.bytes(of: request, limit: Self.maximumRulesBytes)
                } catch let error as APIError where error.code == .bodyTooLarge {
                    throw DatabaseError(status: .contentTooLarge, message: "The rules document is larger than 256 KiB.")
                }
                guard let source = String(data: body, encoding: .utf8) else {
                    throw DatabaseError(status: .badRequest, message: "The rules document is not UTF-8 text.")
                }
                do {
                    try await rules.store.set(source, appID: app.id)
                } catch let error as DatabaseRules.SyntaxError {
                    throw DatabaseError(status: .badRequest, message: error.description)
                }
                return Self.response(#"{"status":"ok"}"#)
            }
        }
    }

    /// The protocol's `{"error": …}` for a ``DatabaseError`` thrown by `work`.
    private func answering(_ work: () async throws -> Response) async throws -> Response {
        do {
            return try await work()
        } catch let error as DatabaseError {
            return Self.response(to: error)
        }
    }
}

extension DatabaseRules.SyntaxError: CustomStringConvertible {
    /// `Line 7, column 31: Unknown variable 'auht'.`: the catalog's English text, which the
    /// protocol and the admin API answer.
    var description: String { description(in: .english) }
}
