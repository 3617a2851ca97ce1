import Foundation
import Hummingbird
import LatchkeyWire

/// `/v1/me/*`: the signed-in user's own account, sessions and data export.
struct MeRoutes {
    let backend: LatchkeyBackend

    func register(on router: Router<LatchkeyRequestContext>) {
        let authenticator = Authenticator(backend: backend)
        let accounts = AccountService(backend: backend)
        let group = router.group("v1/me")

        group.get { request, _ -> Response in
            let principal = try await authenticator.principal(for: request)
            return try JSONResponse.make(try await account(of: principal).record)
        }

        group.patch { request, _ -> Response in
            let principal = try await authenticator.principal(for: request)
            let (update, present) = try await backend.body(UpdateUserRequest.self, of: request)
            return try JSONResponse.make(try await apply(update, present: present, principal: principal).record)
        }

        group.delete { request, _ -> Response in
            let principal = try await authenticator.principal(for: request)
            try await backend.deleteUser(userID: principal.userID, appID: principal.app.id)
            return Response(status: .noContent)
        }

        group.post("password") { request, _ -> Response in
            let principal = try await authenticator.principal(for: request)
            let body = try await backend.body(ChangePasswordRequest.self, of: request).value
            try await accounts.changePassword(body, principal: principal)
            return Response(status: .noContent)
        }

        group.get("sessions") { request, _ -> Response in
            let principal = try await authenticator.principal(for: request)
            let sessions = try await backend.sessions.list(userID: principal.userID, at: backend.time.now())
            return try JSONResponse.make(SessionList(sessions: sessions.map { $0.descriptor(current: principal.sessionID) }))
        }

        group.delete("sessions/:id") { request, context -> Response in
            let principal = try await authenticator.principal(for: request)
            let id = try context.parameters.require("id")
            guard let session = try await backend.sessions.find(id: id), session.userID == principal.userID else {
                throw APIError(.notFound, .notFound)
            }
            try await accounts.signOut(sessionID: session.id, userID: principal.userID, everywhere: false)
            return Response(status: .noContent)
        }

        group.get("export") { request, _ -> Response in
            let principal = try await authenticator.principal(for: request)
            let now = backend.time.now()
            let account = try await account(of: principal)
            let sessions = try await backend.sessions.list(userID: principal.userID, includeEnded: true, at: now)
            let export = AccountExport(
                exportedAt: now, clientId: principal.app.clientID, user: account.record,
                sessions: sessions.map { $0.descriptor(current: principal.sessionID) })
            return try JSONResponse.make(
                export, headers: [.contentDisposition: #"attachment; filename="latchkey-export.json""#])
        }
    }

    private func account(of principal: Principal) async throws -> UserAccount {
        guard let account = try await backend.userCache.account(id: principal.userID, appID: principal.app.id) else {
            throw APIError.invalidToken()
        }
        return account
    }

    /// Validates and stores a profile change; `null` clears an optional field.
    private func apply(_ update: UpdateUserRequest, present: Set<String>, principal: Principal) async throws -> UserAccount {
        var errors: [FieldError] = []
        let today = backend.time.now()
        if present.contains("username"), !(update.username.map(Validation.isValidUsername) ?? false) {
            errors.append(FieldError(field: "username", code: .invalidUsername))
        }
        errors += SignUpValidator.profileErrors(
            dateOfBirth: update.dateOfBirth, country: update.country, parentEmail: update.parentEmail, today: today)
        guard errors.isEmpty else { throw APIError.validation(errors) }
        @Sendable func change(_ field: String, _ value: String?) -> String?? { present.contains(field) ? .some(value) : .none }
        do {
            try await backend.driver.write { db in
                try await backend.users.update(
                    id: principal.userID, username: change("username", update.username),
                    dateOfBirth: change("dateOfBirth", update.dateOfBirth),
                    country: change("country", update.country?.uppercased()),
                    parentEmail: change("parentEmail", update.parentEmail), at: today, in: db)
            }
        } catch is UserStore.Taken {
            throw APIError.validation([FieldError(field: "username", code: .duplicateUsername)])
        }
        return try await account(of: principal)
    }
}
