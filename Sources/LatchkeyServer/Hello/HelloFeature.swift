import Foundation
import Hummingbird
import LatchkeyWire

/// `GET /v1/hello` (Kurogo): the server, its version, and each feature's API versions and whether
/// the caller may use it now; and `GET /openapi.json`, the API contract.
struct HelloFeature: Feature {
    static let id = "hello"
    let appDirectory: AppDirectory
    let answers = HelloAnswers()
    /// The contract's bytes, assembled when the server is composed rather than at the first
    /// request, and shared by every answer.
    let document = ByteBuffer(bytes: OpenAPIDocument.served)

    init(backend: LatchkeyBackend) {
        self.appDirectory = backend.appDirectory
    }

    static let module: ModuleDeclaration? = ModuleDeclaration(title: "Discovery", access: .anyone)

    func routes(into table: inout RouteTable) {

        table.on(.get, "/v1/hello", operation: "getHello", access: .anyoneNamed) { request, context in
            let principal = context.principal
            let clientID = principal?.app?.clientID ?? request.headers[.clientID]
            let appKnown: Bool
            if principal != nil {
                appKnown = true
            } else if let clientID {
                appKnown = try await appDirectory.app(clientID: clientID) != nil
            } else {
                appKnown = false
            }
            return try answers.response(clientID: appKnown ? clientID : nil) { access in
                Self.allows(access, principal: principal, appKnown: appKnown)
            }
        }

        table.on(.get, "/openapi.json", operation: "getOpenAPIDocument", access: .anyone) { _, _ in
            Response(
                status: .ok,
                headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "public, max-age=300"],
                body: .init(byteBuffer: document)
            )
        }
    }

    /// Whether a caller with `principal` (or naming a known app) meets `access`.
    private static func allows(_ access: Access, principal: Principal?, appKnown: Bool) -> Bool {
        switch (access, principal) {
        case (.anyone, _), (.anyoneNamed, _), (.oauthClient, _), (.browser, _), (.scheme, _): true
        case (.app, _): appKnown
        case (.user(let scope), .user(let user)?): Scope.parse(user.claims.scope).contains(scope)
        case (.client(let scope), .client(let client)?): client.scopes.contains(scope)
        case (.operator(let role), .operator(let signedIn)?), (.consolePage(let role), .operator(let signedIn)?): signedIn.operator.role >= role
        case (.consoleSecondStep, .operatorSigningIn?): true
        case (.user, _), (.client, _), (.operator, _), (.consolePage, _), (.consoleSecondStep, _): false
        }
    }
}
