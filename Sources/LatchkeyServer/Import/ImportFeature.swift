import HTTPTypes
import Hummingbird
import LatchkeyWire

/// Users moved in from another system (Firebase, Supabase, PocketBase, Django, anything with a
/// JSON-lines or CSV export) with their password hashes, which the first sign-in checks and
/// replaces with the app's bcrypt; and moved out again in the same format.
///
/// The operator API's `POST /v1/operator/apps/{id}/users/import` takes the file's text;
/// `latchkey import users` and `latchkey export users` are the command line's way to the same
/// ``AdminService`` operations.
struct ImportFeature: Feature {
    static let id = "import"
    let admin: AdminService
    let requests: RequestReader

    init(backend: LatchkeyBackend) {
        admin = backend.admin
        requests = backend.requests
    }

    static let errorCodes: [ErrorCode] = [.invalidPasswordHash]

    static let module: ModuleDeclaration? = ModuleDeclaration(title: "User import (operators)", access: .operator(.admin))

    /// The largest import body: files are bigger than API bodies (64 KiB by default), and only
    /// admins reach this route. Larger files go through `latchkey import users`.
    static let maximumBodyBytes = 16 << 20

    func routes(into table: inout RouteTable) {
        table.json(.post, "/v1/operator/apps/{id}/users/import", operation: "importUsersAsOperator", access: .operator(.admin)) { request, context in
            let limit = max(requests.maximumBodyBytes, Self.maximumBodyBytes)
            let body = try await RequestBody.decode(UserImportRequest.self, from: request, limit: limit).value
            let actor = AdminActor(try context.operator.operator, address: context.clientInfo.ipAddress)
            let report = try await admin.importUsers(
                body.content,
                format: body.format ?? .jsonl,
                firebase: body.firebaseScrypt,
                dryRun: body.dryRun ?? false,
                appID: try context.parameters.require("id"),
                by: actor
            )
            return report
        }
    }
}
