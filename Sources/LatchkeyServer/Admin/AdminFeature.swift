import Hummingbird
import LatchkeyWire

/// `/v1/admin/users…`: what an app's own servers do to its users, with a `client_credentials`
/// token carrying `users:read` or `users:write` — the same operations as `latchkey users` — and
/// the operators' routes and console pages that create users (``creationRoutes(into:)``). A
/// user's token is refused: these routes need a confidential client.
struct AdminFeature: Feature {
    static let id = "admin"
    let userCache: UserCache
    let administration: UserAdministration
    let requests: RequestReader
    /// The operators' (and the app's servers') audited path for creating users and links.
    let admin: AdminService
    let creation: AccountCreation
    /// The console, whose sign-in, form checks and layout the new-user pages share.
    let console: ConsoleFeature

    init(backend: LatchkeyBackend) {
        self.userCache = backend.userCache
        self.administration = backend.administration
        self.requests = backend.requests
        admin = backend.admin
        creation = AccountCreation(backend: backend)
        console = ConsoleFeature(backend: backend)
    }

    static let clientScopes: [ClientScope] = [
        ClientScope(.usersRead, allows: "Read the app's users."),
        ClientScope(.usersWrite, allows: "Create, disable, enable and delete the app's users, and make their single-use links."),
    ]

    static let module: ModuleDeclaration? = ModuleDeclaration(title: "Server-to-server user administration", access: .client(.usersRead))

    func routes(into table: inout RouteTable) {
        creationRoutes(into: &table)
        table.json(.get, "/v1/admin/users/{id}", operation: "getUserAsAdmin", access: .client(.usersRead)) { _, context in
            try await adminUser(try context.parameters.require("id"), app: try context.client.app)
        }

        table.json(.patch, "/v1/admin/users/{id}", operation: "updateUserAsAdmin", access: .client(.usersWrite)) { request, context in
            let app = try context.client.app
            let id = try context.parameters.require("id")
            let update = try await requests.body(AdminUserUpdate.self, of: request).value
            try await found { try await administration.setUserDisabled(update.disabled, userID: id, appID: app.id) }
            return try await adminUser(id, app: app)
        }

        table.on(.delete, "/v1/admin/users/{id}", operation: "deleteUserAsAdmin", access: .client(.usersWrite)) { _, context in
            let app = try context.client.app
            let id = try context.parameters.require("id")
            try await found { try await administration.deleteUser(userID: id, appID: app.id) }
            return Response(status: .noContent)
        }
    }

    private func adminUser(_ id: String, app: App) async throws -> AdminUser {
        guard let account = try await userCache.account(id: id, appID: app.id) else { throw APIError(.notFound, .notFound) }
        return AdminUser(user: account.record, disabled: account.disabled)
    }

    /// Runs `operation`, answering 404 for a user that is not in the app.
    private func found(_ operation: () async throws -> Void) async throws {
        do {
            try await operation()
        } catch is LatchkeyBackend.UserNotFound {
            throw APIError(.notFound, .notFound)
        }
    }
}

extension Scope {
    /// Read an app's users (server-to-server).
    static let usersRead = Scope(rawValue: "users:read")
    /// Disable, enable and delete an app's users (server-to-server).
    static let usersWrite = Scope(rawValue: "users:write")
}
