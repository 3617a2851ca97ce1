import Foundation
import HTTPTypes
import Hummingbird
import LatchkeyWire

/// `/v1/me/appdata/{key}` (KWS "set app data"): per-user key/value JSON for the app, with strong
/// `ETag`s and `If-Match` / `If-None-Match` for optimistic concurrency, size limits per value and
/// per user (app settings), and reads by the app's servers with `appdata:read`. An account
/// awaiting parental consent gets `403 app_data_restricted` unless the app allows it.
struct AppDataFeature: Feature {
    static let id = "appdata"
    let service: AppDataService
    let userCache: UserCache

    init(backend: LatchkeyBackend) {
        self.service = AppDataService(
            driver: backend.driver,
            store: AppDataStore(driver: backend.driver),
            users: backend.users,
            time: backend.time
        )
        self.userCache = backend.userCache
    }

    static let module: ModuleDeclaration? = ModuleDeclaration(title: "App data: per-user key/value JSON", access: .user(.profile))

    static let clientScopes: [ClientScope] = [
        ClientScope(.appDataRead, allows: "Read users' app data.")
    ]

    func routes(into table: inout RouteTable) {
        let me = Access.user(.profile)

        table.on(.get, "/v1/me/appdata", operation: "listAppData", access: me) { request, context in
            let user = try context.user
            try AppDataService.requireAllowed(user)
            return try await page(of: user.userID, request: request)
        }

        table.on(.get, "/v1/me/appdata/{key}", operation: "getAppData", access: me) { request, context in
            let user = try context.user
            try AppDataService.requireAllowed(user)
            return try await value(of: user.userID, request: request, context: context)
        }

        table.on(.put, "/v1/me/appdata/{key}", operation: "putAppData", access: me) { request, context in
            let user = try context.user
            try AppDataService.requireAllowed(user)
            let key = try context.parameters.require("key")
            let body: Data
            do {
                body = try await RequestBody.bytes(of: request, limit: user.app.settings.appData.appDataMaxValueBytes)
            } catch let error as APIError where error.code == .bodyTooLarge {
                throw APIError(.contentTooLarge, .appDataValueTooLarge)
            }
            let (entry, created) = try await service.write(
                body,
                key: key,
                userID: user.userID,
                conditions: EntityTagConditions(headers: request.headers),
                settings: user.app.settings
            )
            return try JSONResponse.make(entry, status: created ? .created : .ok, headers: [.eTag: entry.etag])
        }

        table.on(.delete, "/v1/me/appdata/{key}", operation: "deleteAppData", access: me) { request, context in
            let user = try context.user
            try AppDataService.requireAllowed(user)
            try await service.delete(
                key: try context.parameters.require("key"),
                userID: user.userID,
                conditions: EntityTagConditions(headers: request.headers)
            )
            return Response(status: .noContent)
        }

        table.on(.get, "/v1/users/{id}/appdata", operation: "listUserAppData", access: .client(.appDataRead)) { request, context in
            try await page(of: try await member(context), request: request)
        }

        table.on(.get, "/v1/users/{id}/appdata/{key}", operation: "getUserAppData", access: .client(.appDataRead)) { request, context in
            try await value(of: try await member(context), request: request, context: context)
        }
    }

    /// The value under the path's key as stored JSON with its `ETag`; `412` when `If-Match` does
    /// not hold (RFC 9110 evaluates it first, and it fails when nothing is stored), `304` when
    /// `If-None-Match` names it, `404` when there is none.
    private func value(of userID: String, request: Request, context: LatchkeyRequestContext) async throws -> Response {
        let conditions = EntityTagConditions(headers: request.headers)
        let stored = try await service.value(userID: userID, key: try context.parameters.require("key"))
        guard conditions.ifMatchHolds(current: stored?.revision) else { throw APIError(.preconditionFailed, .etagMismatch) }
        guard let stored else { throw APIError(.notFound, .notFound) }
        if conditions.notModified(current: stored.revision) {
            return Response(status: .notModified, headers: [.eTag: stored.entry.etag])
        }
        return Response(
            status: .ok,
            headers: [.eTag: stored.entry.etag, .contentType: "application/json; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(string: stored.value))
        )
    }

    /// A page of keys: `after` (a key, the previous page's `nextCursor`) and `limit` (1–100, default 50).
    private func page(of userID: String, request: Request) async throws -> Response {
        let limit = try request.integerParameter("limit", default: 50, in: 1...AppDataService.maximumPageSize)
        return try JSONResponse.make(
            try await service.page(userID: userID, after: request.uri.queryParameters["after"].map(String.init), limit: limit)
        )
    }

    /// The path's user, who must belong to the calling client's app (`404` otherwise).
    private func member(_ context: LatchkeyRequestContext) async throws -> String {
        let id = try context.parameters.require("id")
        guard try await userCache.account(id: id, appID: try context.client.app.id) != nil else { throw APIError(.notFound, .notFound) }
        return id
    }
}

extension Scope {
    /// Read users' app data (server-to-server).
    static let appDataRead = Scope(rawValue: "appdata:read")
}
