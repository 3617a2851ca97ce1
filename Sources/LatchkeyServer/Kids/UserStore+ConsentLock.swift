import Foundation
import LatchkeyWire
import SQLKit

extension UserStore {
    /// A child's account (one with a consent record) tried to change a field its parent's
    /// consent rests on.
    struct Locked: Error {
        /// The refused fields (`dateOfBirth`, `parentEmail`).
        var fields: [String]

        /// The `422` a route answers: `field_locked` for each field.
        var apiError: APIError {
            APIError.validation(fields.map { FieldError(field: $0, code: .fieldLocked) })
        }
    }

    /// Refuses, with ``Locked``, a change of a child's `dateOfBirth` or `parentEmail` after
    /// sign-up: the consent age and the parent who decides rest on them. Setting a field to the
    /// value it has is not a change. Every writer of these fields calls this in its transaction
    /// (``update(id:username:dateOfBirth:country:parentEmail:at:in:)`` does); pass `.none` for a
    /// field the write leaves alone.
    func requireUnlocked(userID: String, dateOfBirth: String??, parentEmail: String??, in db: any SQLDatabase) async throws {
        guard dateOfBirth != nil || parentEmail != nil,
            let row = try await db.raw(
                """
                SELECT users.date_of_birth AS date_of_birth, users.parent_email AS parent_email
                FROM users JOIN consents ON consents.user_id = users.id WHERE users.id = \(bind: userID)
                """
            ).first()
        else { return }
        var refused: [String] = []
        if let dateOfBirth, dateOfBirth != (try row.decode(column: "date_of_birth", as: String?.self)) { refused.append("dateOfBirth") }
        if let parentEmail, parentEmail != (try row.decode(column: "parent_email", as: String?.self)) { refused.append("parentEmail") }
        guard refused.isEmpty else { throw Locked(fields: refused) }
    }
}
