import Foundation
import Hummingbird
import LatchkeyWire

/// `GET /v1/hello` (Kurogo): the server, its version, and each module's API versions and whether
/// the caller may use it now; and `GET /openapi.json`, the API contract.
struct HelloRoutes {
    let backend: LatchkeyBackend

    /// The modules this server offers under `/v{version}/{module}`, with their API version ranges.
    /// (The OAuth endpoints live at `/oauth/*`, unversioned, as RFC 6749 clients expect.)
    static let modules: [(id: String, title: String, vmin: Int, vmax: Int, needsSession: Bool)] = [
        ("hello", "Discovery", 1, 1, false),
        ("auth", "Sign-up, sign-in and sessions", 1, 1, false),
        ("me", "The signed-in user's account", 1, 1, true),
    ]

    func register(on router: Router<LatchkeyRequestContext>) {
        let authenticator = Authenticator(backend: backend)
        router.get("v1/hello") { request, _ -> Response in
            let hasToken = Authenticator.bearerToken(in: request) != nil
            let principal = hasToken ? try? await authenticator.principal(for: request) : nil
            let clientID = principal?.app.clientID ?? request.headers[.clientID]
            let appKnown: Bool
            if principal != nil {
                appKnown = true
            } else if let clientID {
                appKnown = try await backend.appDirectory.app(clientID: clientID) != nil
            } else {
                appKnown = false
            }
            let modules = Self.modules.map { module in
                Module(
                    id: module.id, title: module.title, vmin: module.vmin, vmax: module.vmax,
                    access: module.needsSession ? principal != nil : (module.id != "auth" || appKnown))
            }
            return try JSONResponse.make(
                HelloResponse(
                    name: LatchkeyVersion.name, version: LatchkeyVersion.current,
                    clientId: appKnown ? clientID : nil, modules: modules))
        }

        router.get("openapi.json") { _, _ -> Response in
            guard let document = OpenAPIDocument.data else { throw APIError(.notFound, .notFound) }
            return Response(
                status: .ok, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "public, max-age=300"],
                body: .init(byteBuffer: ByteBuffer(bytes: document)))
        }
    }
}

/// The OpenAPI 3.1 document shipped with the server: this resource is the one source of the
/// contract, and `openapi/latchkey.json` at the repository root is a symlink to it.
enum OpenAPIDocument {
    static let data: Data? = Bundle.module
        .url(forResource: "openapi", withExtension: "json", subdirectory: "Resources")
        .flatMap { try? Data(contentsOf: $0) }
}
