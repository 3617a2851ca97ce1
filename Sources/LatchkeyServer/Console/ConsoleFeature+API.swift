import Foundation
import HTTPTypes
import Hummingbird
import LatchkeyWire

/// `/v1/operator/…`: the admin HTTP API, for operators' scripts. A script signs in with the
/// operator's password and a current TOTP code and calls with `Authorization: Bearer lko_…`.
extension ConsoleFeature {
    func apiRoutes(into table: inout RouteTable) {
        sessionRoutes(into: &table)
        appRoutes(into: &table)
        userRoutes(into: &table)
        table.on(.get, "/v1/operator/outbox", operation: "listOutboxAsOperator", access: .operator(.viewer)) { request, context in
            let status = try request.uri.queryParameters["status"].map { value in
                guard let status = OutboxStore.Status(rawValue: String(value)) else {
                    throw APIError.validation([FieldError(field: "status", code: .invalidField)])
                }
                return status
            }
            let entries = try await admin.outbox(status: status, limit: limit(request), by: try actor(request, context))
            return try JSONResponse.make(Listing(items: entries))
        }
        table.on(.post, "/v1/operator/outbox/{id}/retry", operation: "retryOutboxMessage", access: .operator(.admin)) { request, context in
            try await admin.retryMessage(try context.parameters.require("id"), by: try actor(request, context))
            return Response(status: .noContent)
        }
        table.json(.get, "/v1/operator/audit", operation: "listAuditLog", access: .operator(.viewer)) { request, context in
            let before = request.uri.queryParameters["before"].map(String.init)
            let filter = try auditFilter(request)
            return Listing(items: try await admin.auditLog(filter, limit: limit(request), before: before, by: try actor(request, context)))
        }
        table.json(.get, "/v1/operator/figures", operation: "getLiveFigures", access: .operator(.viewer)) { request, context in
            try await admin.figures(by: try actor(request, context))
        }
        operatorRoutes(into: &table)
    }

    private func sessionRoutes(into table: inout RouteTable) {
        table.json(.post, "/v1/operator/enrollment", operation: "enrollOperatorTOTP", access: .anyone, body: OperatorEnrollmentRequest.self) {
            body,
            _,
            context in
            let row = try await operators.checkPassword(
                username: body.username,
                password: body.password,
                client: context.clientInfo
            )
            guard let totp = try operators.enrollment(of: row) else { throw APIError(.conflict, .totpAlreadyEnrolled) }
            return OperatorEnrollment(secret: totp.base32, otpauthURI: operators.uri(of: totp, for: row))
        }
        table.json(.post, "/v1/operator/sessions", operation: "signInOperator", access: .anyone, body: OperatorSignInRequest.self, status: .created) {
            body,
            _,
            context in
            let client = context.clientInfo
            let row = try await operators.checkPassword(username: body.username, password: body.password, client: client)
            try await operators.checkCode(body.code, of: row, client: client)
            let (session, token) = try await operators.startSession(operatorID: row.operator.id, stage: .live, client: client)
            try await admin.audit.record("operator.sign_in", target: row.operator.id, by: AdminActor(row.operator, address: client.ipAddress))
            var signedIn = row.operator
            signedIn.totpEnrolled = true
            return OperatorSignIn(token: token, session: session, operator: signedIn)
        }
        table.json(.get, "/v1/operator/sessions", operation: "listOperatorSessions", access: .operator(.viewer)) { _, context in
            Listing(items: try await operators.sessions(operatorID: try context.operator.operator.id))
        }
        table.on(.delete, "/v1/operator/sessions/{id}", operation: "revokeOperatorSession", access: .operator(.viewer)) { request, context in
            let signedIn = try context.operator
            var id = try context.parameters.require("id")
            if id == "current" { id = signedIn.sessionID }
            guard try await operators.revoke(sessionID: id, operatorID: signedIn.operator.id) else { throw APIError(.notFound, .notFound) }
            try await admin.audit.record("operator.sign_out", target: id, by: try actor(request, context))
            return Response(status: .noContent)
        }
    }

    private func appRoutes(into table: inout RouteTable) {
        table.json(.get, "/v1/operator/apps", operation: "listAppsAsOperator", access: .operator(.viewer)) { request, context in
            Listing(items: try await admin.listApps(by: try actor(request, context)))
        }
        table.json(
            .post,
            "/v1/operator/apps",
            operation: "createAppAsOperator",
            access: .operator(.admin),
            body: AppCreateRequest.self,
            status: .created
        ) { body, request, context in
            let created = try await admin.createApp(name: body.name, by: try actor(request, context))
            return AppWithSecret(app: created.app, clientSecret: created.clientSecret)
        }
        table.json(.get, "/v1/operator/apps/{id}", operation: "getAppAsOperator", access: .operator(.viewer)) { request, context in
            try await admin.app(try context.parameters.require("id"), by: try actor(request, context))
        }
        table.json(.patch, "/v1/operator/apps/{id}", operation: "updateAppAsOperator", access: .operator(.admin), body: AppUpdateRequest.self) {
            body,
            request,
            context in
            try await admin.updateApp(
                try context.parameters.require("id"),
                name: body.name,
                changes: body.changes,
                by: try actor(request, context)
            )
        }
        table.json(.post, "/v1/operator/apps/{id}/secret", operation: "rotateAppSecretAsOperator", access: .operator(.admin)) { request, context in
            let rotated = try await admin.rotateSecret(try context.parameters.require("id"), by: try actor(request, context))
            return AppWithSecret(app: rotated.app, clientSecret: rotated.secret)
        }
        table.json(.get, "/v1/operator/apps/{id}/rules", operation: "getAppRulesAsOperator", access: .operator(.viewer)) { request, context in
            RulesDocument(rules: try await admin.rules(appID: try context.parameters.require("id"), by: try actor(request, context)))
        }
        table.json(.put, "/v1/operator/apps/{id}/rules", operation: "setAppRulesAsOperator", access: .operator(.admin), body: RulesDocument.self) {
            body,
            request,
            context in
            try await admin.setRules(body.rules, appID: try context.parameters.require("id"), by: try actor(request, context))
            return body
        }
        table.json(
            .put,
            "/v1/operator/apps/{id}/providers/{name}",
            operation: "setAppProviderAsOperator",
            access: .operator(.admin),
            body: ProviderRequest.self
        ) { body, request, context in
            try await admin.setProvider(
                try context.parameters.require("name"),
                body.settings,
                appID: try context.parameters.require("id"),
                by: try actor(request, context)
            )
        }
        table.json(.delete, "/v1/operator/apps/{id}/providers/{name}", operation: "removeAppProviderAsOperator", access: .operator(.admin)) {
            request,
            context in
            try await admin.removeProvider(
                try context.parameters.require("name"),
                appID: try context.parameters.require("id"),
                by: try actor(request, context)
            )
        }
    }

    private func userRoutes(into table: inout RouteTable) {
        table.json(.get, "/v1/operator/apps/{id}/users", operation: "searchUsersAsOperator", access: .operator(.viewer)) { request, context in
            let query = request.uri.queryParameters["q"].map(String.init) ?? ""
            let found = try await admin.searchUsers(
                appID: try context.parameters.require("id"),
                query: query,
                limit: limit(request),
                by: try actor(request, context)
            )
            return Listing(items: found.map { AdminUser(user: $0.record, disabled: $0.disabled) })
        }
        table.json(.get, "/v1/operator/apps/{id}/users/{user}", operation: "getUserAsOperator", access: .operator(.viewer)) { request, context in
            try await admin.user(
                try context.parameters.require("user"),
                appID: try context.parameters.require("id"),
                by: try actor(request, context)
            )
        }
        table.json(
            .patch,
            "/v1/operator/apps/{id}/users/{user}",
            operation: "updateUserAsOperator",
            access: .operator(.admin),
            body: DisabledUpdate.self
        ) { body, request, context in
            let (user, app) = (try context.parameters.require("user"), try context.parameters.require("id"))
            let actor = try actor(request, context)
            try await admin.setUserDisabled(body.disabled, userID: user, appID: app, by: actor)
            return try await admin.user(user, appID: app, by: actor)
        }
        table.on(.delete, "/v1/operator/apps/{id}/users/{user}", operation: "deleteUserAsOperator", access: .operator(.admin)) {
            request,
            context in
            try await admin.deleteUser(
                try context.parameters.require("user"),
                appID: try context.parameters.require("id"),
                by: try actor(request, context)
            )
            return Response(status: .noContent)
        }
        table.on(
            .delete,
            "/v1/operator/apps/{id}/leaderboards/{board}/scores/{user}",
            operation: "removeLeaderboardScoreAsOperator",
            access: .operator(.admin)
        ) { request, context in
            try await admin.removeLeaderboardScore(
                board: try context.parameters.require("board"),
                userID: try context.parameters.require("user"),
                period: request.uri.queryParameters["period"].map(String.init),
                appID: try context.parameters.require("id"),
                by: try actor(request, context)
            )
            return Response(status: .noContent)
        }
        table.on(
            .delete,
            "/v1/operator/apps/{id}/users/{user}/sessions",
            operation: "revokeUserSessionsAsOperator",
            access: .operator(.admin)
        ) { request, context in
            try await admin.revokeSessions(
                userID: try context.parameters.require("user"),
                appID: try context.parameters.require("id"),
                by: try actor(request, context)
            )
            return Response(status: .noContent)
        }
        table.on(.delete, "/v1/operator/apps/{id}/users/{user}/mfa", operation: "resetUserMFAAsOperator", access: .operator(.admin)) {
            request,
            context in
            try await admin.resetSecondFactor(
                userID: try context.parameters.require("user"),
                appID: try context.parameters.require("id"),
                by: try actor(request, context)
            )
            return Response(status: .noContent)
        }
    }

    private func operatorRoutes(into table: inout RouteTable) {
        table.json(.get, "/v1/operator/operators", operation: "listOperators", access: .operator(.owner)) { request, context in
            Listing(items: try await admin.listOperators(by: try actor(request, context)))
        }
        table.json(
            .post,
            "/v1/operator/operators",
            operation: "createOperator",
            access: .operator(.owner),
            body: OperatorCreateRequest.self,
            status: .created
        ) { body, request, context in
            try await admin.createOperator(username: body.username, role: body.role, by: try actor(request, context))
        }
        table.json(.patch, "/v1/operator/operators/{id}", operation: "updateOperator", access: .operator(.owner), body: DisabledUpdate.self) {
            body,
            request,
            context in
            try await admin.setOperatorDisabled(body.disabled, id: try context.parameters.require("id"), by: try actor(request, context))
        }
        table.json(.delete, "/v1/operator/operators/{id}/totp", operation: "resetOperatorTOTP", access: .operator(.owner)) { request, context in
            try await admin.resetOperatorTOTP(id: try context.parameters.require("id"), by: try actor(request, context))
        }
    }

    /// The `limit` query parameter (50 when absent).
    private func limit(_ request: Request) throws -> Int {
        try request.integerParameter("limit", default: 50, in: 1...Int.max)
    }
}
