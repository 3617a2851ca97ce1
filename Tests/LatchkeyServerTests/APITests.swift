import Foundation
import HTTPTypes
import Hummingbird
import LatchkeyWire
import Testing

@testable import LatchkeyServer

/// Discovery, the OpenAPI contract, error documents, limits, headers and ops endpoints.
@Suite struct APITests {
    @Test(arguments: TestStore.enabled) func helloListsModulesWithAccessForTheCaller(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let anonymous = try await client.send(.get, "/v1/hello")
            #expect(anonymous.string("name") == "Latchkey")
            #expect(anonymous.string("version") == LatchkeyVersion.current)
            let modules = try #require(anonymous.value("modules") as? [[String: Any]])
            #expect(
                modules.compactMap { $0["id"] as? String }
                    == [
                        "hello", "auth", "me", "tokens", "phone", "email", "emailTemplates", "emailSignIn", "kids", "guests", "passkeys", "mfa",
                        "providers",
                        "oauth", "login", "admin", "profiles", "appdata", "leaderboards", "wallet", "push", "pages", "database", "ops", "console",
                        "import",
                    ]
            )
            for module in modules {
                #expect(module["vmin"] as? Int == 1)
                #expect(module["vmax"] as? Int == 1)
            }
            func access(_ response: TestResponse, _ id: String) -> Bool? {
                (response.value("modules") as? [[String: Any]])?.first { $0["id"] as? String == id }?["access"] as? Bool
            }
            #expect(access(anonymous, "me") == false)
            #expect(access(anonymous, "auth") == false)
            let named = try await client.send(.get, "/v1/hello", app: client.clientID)
            #expect(access(named, "auth") == true)
            #expect(access(named, "me") == false)
            #expect(named.string("clientId") == client.clientID)
            // Answers are encoded once and kept: the same caller gets the same bytes, and an app
            // id no app has is not echoed (nor kept apart from the anonymous answer).
            #expect(try await client.send(.get, "/v1/hello", app: client.clientID).text == named.text)
            let unknown = try await client.send(.get, "/v1/hello", app: "lk_nosuchapp")
            #expect(unknown.text == anonymous.text)
            let tokens = try await client.signUpUser("hal")
            let signedIn = try await client.send(.get, "/v1/hello", token: tokens.access)
            #expect(access(signedIn, "me") == true)
            #expect(signedIn.string("clientId") == client.clientID)
        }
    }

    @Test(arguments: TestStore.enabled) func servedPathWithAnotherMethodIs405WithAllow(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let trace = try await client.send(.trace, "/v1/me")
            #expect(trace.status == .methodNotAllowed)
            #expect(trace.string("code") == "method_not_allowed")
            #expect(trace.headers[.allow] == "DELETE, GET, PATCH")
            #expect(try await client.send(.put, "/v1/me/sessions/abc").headers[.allow] == "DELETE")
            // As in the router, a constant segment goes before a parameter: `/users/import` is
            // never `/users/{user}`, whose methods it does not allow.
            let imports = try await client.send(.get, "/v1/operator/apps/lk_x/users/import")
            #expect(imports.status == .methodNotAllowed && imports.headers[.allow] == "POST")
            #expect(try await client.send(.put, "/v1/nowhere").status == .notFound)
        }
    }

    @Test(arguments: TestStore.enabled) func openAPIDocumentListsExactlyTheRoutes(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        // The router's `**` is the catch-all route the table declares (the data tree's `/{path}.json`).
        let catchAll = harness.backend.routes.routes.first(where: \.isCatchAll)?.path
        let routes = Set(
            LatchkeyServer.router(backend: harness.backend).routes.map { route in
                let path = route.path.description.split(separator: "/").map { segment in
                    segment.hasPrefix(":") ? "{\(segment.dropFirst())}" : String(segment)
                }.joined(separator: "/")
                if path == "**", let catchAll { return "\(route.method.rawValue) \(catchAll)" }
                return "\(route.method.rawValue) /\(path)"
            }
        )
        try await harness.run { client in
            let response = try await client.send(.get, "/openapi.json")
            #expect(response.status == .ok)
            #expect(response.string("openapi")?.hasPrefix("3.1") == true)
            let paths = try #require(response.value("paths") as? [String: [String: Any]])
            let documented = Set(
                paths.flatMap { path, operations in
                    operations.keys.filter { ["get", "post", "put", "patch", "delete"].contains($0) }.map { "\($0.uppercased()) \(path)" }
                }
            )
            #expect(documented == routes, "undocumented: \(routes.subtracting(documented)); not served: \(documented.subtracting(routes))")
            let codes = (response.value("components.schemas.ErrorCode.enum") as? [String]) ?? []
            #expect(Set(codes) == Set(ErrorCode.allCases.map(\.rawValue)))
        }
    }

    /// `openapi/latchkey.json` is the assembled contract, checked in to read and diff, and
    /// `GET /openapi.json` serves exactly its bytes.
    @Test func servedOpenAPIDocumentIsTheRepositoryFile() async throws {
        let copy = try Data(contentsOf: Repository.url("openapi/latchkey.json"))
        #expect(copy == OpenAPIDocument.served, "openapi/latchkey.json is stale: run `swift run latchkey openapi > openapi/latchkey.json`")
        let harness = try await TestHarness.make(store: .sqlite)
        try await harness.run { client in
            let response = try await client.send(.get, "/openapi.json")
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/json; charset=utf-8")
            #expect(response.headers[.cacheControl] == "public, max-age=300")
            #expect(response.body == OpenAPIDocument.served)
        }
    }

    @Test(arguments: TestStore.enabled) func problemDocumentsAreLocalized(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let chinese = try await client.send(.get, "/v1/me", headers: [.acceptLanguage: "zh-CN,zh;q=0.9,en;q=0.5"])
            #expect(chinese.string("title") == "需要身份验证")
            #expect(chinese.headers[.contentLanguage] == "zh-Hans")
            let japanese = try await client.send(.get, "/v1/me", headers: [.acceptLanguage: "ja-JP"])
            #expect(japanese.string("title") == "認証が必要です")
            let preferred = try await client.send(.get, "/v1/me", headers: [.acceptLanguage: "fr, ja;q=0.2, zh-Hans;q=0.8"])
            #expect(preferred.headers[.contentLanguage] == "zh-Hans")
            let english = try await client.send(.get, "/v1/me", headers: [.acceptLanguage: "de"])
            #expect(english.string("title") == "Authentication required")
            #expect(english.string("code") == "unauthorized")
            #expect(english.value("status") as? Int == 401)
            let field = try await client.send(
                .post,
                "/v1/auth/signup",
                json: ["username": "!!", "password": "correct horse battery"],
                app: client.clientID,
                headers: [.acceptLanguage: "ja"]
            )
            let errors = try #require(field.value("errors") as? [[String: Any]])
            #expect(errors.first?["message"] as? String == "ユーザー名に無効な文字が含まれています")
        }
    }

    @Test(arguments: TestStore.enabled) func hostileBodiesGetTypedErrorsNot500(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let huge = Data(("{\"username\":\"" + String(repeating: "a", count: 70_000) + "\"}").utf8)
            let tooLarge = try await client.send(.post, "/v1/auth/signup", raw: huge, app: client.clientID)
            #expect(tooLarge.status == .contentTooLarge)
            #expect(tooLarge.string("code") == "body_too_large")
            let deep = Data((String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000)).utf8)
            #expect(try await client.send(.post, "/v1/auth/signup", raw: deep, app: client.clientID).status == .badRequest)
            let nested = Data(("{\"username\":" + String(repeating: "{\"a\":", count: 40) + "1" + String(repeating: "}", count: 40) + "}").utf8)
            #expect(try await client.send(.post, "/v1/auth/signup", raw: nested, app: client.clientID).status == .badRequest)
            let badUTF8 = Data([0x7B, 0x22, 0x75, 0x22, 0x3A, 0x22, 0xFF, 0xFE, 0x22, 0x7D])
            #expect(try await client.send(.post, "/v1/auth/signin", raw: badUTF8, app: client.clientID).status == .badRequest)
            let array = try await client.send(.post, "/v1/auth/signin", json: [1, 2], app: client.clientID)
            #expect(array.status == .badRequest)
            for injection in ["' OR '1'='1", "admin'--", "\"; DROP TABLE users; --", "\u{0}", "\r\nX-Injected: 1"] {
                let signIn = try await client.send(
                    .post,
                    "/v1/auth/signin",
                    json: ["username": injection, "password": injection],
                    app: client.clientID
                )
                // U+0000 is refused before any lookup: no identifier holds it and PostgreSQL cannot store it.
                let hasNUL = injection.contains("\u{0}")
                #expect(signIn.status == (hasNUL ? .badRequest : .unauthorized), "\(injection)")
                let signUp = try await client.send(
                    .post,
                    "/v1/auth/signup",
                    json: [
                        "username": injection, "password": "correct horse battery", "country": injection, "dateOfBirth": injection,
                        "parentEmail": injection,
                    ],
                    app: client.clientID
                )
                #expect(signUp.status == (hasNUL ? .badRequest : .unprocessableContent), "\(injection)")
            }
            let missingApp = try await client.send(.post, "/v1/auth/signin", json: ["username": "x", "password": "y"])
            #expect(missingApp.status == .unauthorized)  // a missing clientId credential, like a missing bearer token
            #expect(missingApp.string("code") == "unknown_client")
            #expect(try await client.send(.get, "/no/such/route").string("code") == "not_found")
            #expect(
                try await client.send(.post, "/v1/auth/refresh", json: ["refreshToken": String(repeating: "x", count: 5000)], app: client.clientID)
                    .status == .unauthorized
            )
        }
    }

    @Test(arguments: TestStore.enabled) func securityHeadersAndRequestIDs(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let response = try await client.send(.get, "/v1/hello")
            #expect(response.headers[.xContentTypeOptions] == "nosniff")
            #expect(response.headers[.strictTransportSecurity] != nil)
            #expect(response.headers[.contentType] == "application/json; charset=utf-8")
            #expect(response.headers[.server] == nil)
            #expect((response.headers[HTTPField.Name("X-Request-Id")!] ?? "").count >= 16)
            // New ids never repeat (they come from a counter, not the CSPRNG) and look alike.
            var ids: Set<String> = []
            for _ in 0..<50 {
                let id = try await client.send(.get, "/v1/hello").headers[HTTPField.Name("X-Request-Id")!] ?? ""
                #expect(id.count == 26 && id.allSatisfy { "0123456789abcdefghjkmnpqrstvwxyz".contains($0) })
                ids.insert(id)
            }
            #expect(ids.count == 50)
            let echoed = try await client.send(.get, "/v1/hello", headers: [HTTPField.Name("X-Request-Id")!: "abc-123"])
            #expect(echoed.headers[HTTPField.Name("X-Request-Id")!] == "abc-123")
            let forged = try await client.send(.get, "/v1/me", headers: [HTTPField.Name("X-Request-Id")!: "bad id\u{7F}with junk"])
            #expect(forged.headers[HTTPField.Name("X-Request-Id")!] != "bad id\u{7F}with junk")
            #expect(forged.string("requestId") == forged.headers[HTTPField.Name("X-Request-Id")!])
        }
    }

    @Test(arguments: TestStore.enabled) func healthReadinessAndMetrics(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store) { _ in
        } configureServer: {
            $0.metricsRefreshInterval = .milliseconds(50)
        }
        try await harness.run { client in
            #expect(try await client.send(.get, "/healthz").status == .ok)
            #expect(try await client.send(.get, "/readyz").string("database") == "ok")
            _ = try await client.signUpUser("ivy")
            _ = try await client.signIn("ivy")
            _ = try await client.signIn("ivy", password: "wrong password!")
            try await eventually { try await client.metrics().text.contains("latchkey_active_sessions 2") }
            let metrics = try await client.metrics()
            #expect(metrics.headers[.contentType]?.hasPrefix("text/plain") == true)
            #expect(metrics.text.contains(#"latchkey_http_requests_total{route="/v1/auth/signup",method="POST",status="201"} 1"#))
            #expect(metrics.text.contains(#"latchkey_sign_ins_total{outcome="success"} 1"#))
            #expect(metrics.text.contains(#"latchkey_sign_ins_total{outcome="invalid_credentials"} 1"#))
            #expect(metrics.text.contains("latchkey_http_request_duration_seconds_bucket"))
        }
    }

    @Test(arguments: TestStore.enabled) func metricsAreNotPublic(store: TestStore) async throws {
        let open = try await TestHarness.make(store: store) { _ in
        } configureServer: {
            $0.metricsToken = nil
        }
        try await open.run { client in
            for token in [nil, TestHarness.metricsToken, "anything"] {
                let response = try await client.send(.get, "/metrics", token: token)
                #expect(response.status == .notFound)
                #expect(!response.text.contains("latchkey_"))
            }
        }
        let guarded = try await TestHarness.make(store: store)
        try await guarded.run { client in
            let bare = try await client.send(.get, "/metrics")
            #expect(bare.status == .unauthorized)
            #expect(bare.headers[.wwwAuthenticate]?.hasPrefix("Bearer") == true)
            #expect(!bare.text.contains("latchkey_"))
            for wrong in ["test-metrics-tokeN", "test-metrics-token-and-more", ""] {
                #expect(try await client.send(.get, "/metrics", token: wrong).status == .unauthorized, "\(wrong)")
            }
            let basic = try await client.send(.get, "/metrics", headers: [.authorization: "Basic dGVzdDp0ZXN0"])
            #expect(basic.status == .unauthorized)
            #expect(try await client.metrics().status == .ok)
        }
    }

    /// A scrape reads memory: the live-session gauge is recounted on its own schedule, so sessions
    /// made since the last count do not show until the next one, however often `/metrics` is read.
    @Test(arguments: TestStore.enabled) func scrapesDoNotCountSessions(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store) { _ in
        } configureServer: {
            $0.metricsRefreshInterval = .seconds(3_600)
        }
        try await harness.run { client in
            try await eventually { try await client.metrics().text.contains("latchkey_active_sessions 0") }
            _ = try await client.signUpUser("uma")
            _ = try await client.signUpUser("vic")
            for _ in 0..<5 { #expect(try await client.metrics().text.contains("latchkey_active_sessions 0")) }
        }
    }
}

/// CORS answers only for origins an app allows.
@Suite struct CORSTests {
    @Test(arguments: TestStore.enabled) func onlyListedOriginsGetCORSHeaders(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store) { $0.cors.corsOrigins = ["https://app.example"] }
        try await harness.run { client in
            let preflight = try await client.send(
                .options,
                "/v1/auth/signin",
                headers: [.origin: "https://app.example", .accessControlRequestMethod: "POST"]
            )
            #expect(preflight.status == .noContent)
            #expect(preflight.headers[.accessControlAllowOrigin] == "https://app.example")
            #expect(preflight.headers[.accessControlAllowHeaders]?.contains("latchkey-client-id") == true)
            let stranger = try await client.send(
                .options,
                "/v1/auth/signin",
                headers: [.origin: "https://evil.example", .accessControlRequestMethod: "POST"]
            )
            #expect(stranger.headers[.accessControlAllowOrigin] == nil)
            let actual = try await client.send(.get, "/v1/hello", app: client.clientID, headers: [.origin: "https://app.example"])
            #expect(actual.headers[.accessControlAllowOrigin] == "https://app.example")
            let evil = try await client.send(.get, "/v1/hello", app: client.clientID, headers: [.origin: "https://evil.example"])
            #expect(evil.headers[.accessControlAllowOrigin] == nil)

            // A bearer token names its app as the header would: another app's origin is not this one's.
            _ = try await harness.makeApp(name: "Other") { $0.cors.corsOrigins = ["https://other.example"] }
            let token = try await client.signUpUser("cora").access
            let own = try await client.send(.get, "/v1/me", token: token, headers: [.origin: "https://app.example"])
            #expect(own.status == .ok && own.headers[.accessControlAllowOrigin] == "https://app.example")
            let foreign = try await client.send(.get, "/v1/me", token: token, headers: [.origin: "https://other.example"])
            #expect(foreign.status == .ok && foreign.headers[.accessControlAllowOrigin] == nil)
        }
    }
}
