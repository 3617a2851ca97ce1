import Foundation
import HTTPTypes
import Hummingbird
import LatchkeyWire

/// `/console/…`: the console's pages. The browser holds the operator's session token in the
/// `lk_console` cookie (HttpOnly, SameSite=Strict, path `/console`, Secure behind https); every
/// form carries the CSRF token; a viewer's pages have no buttons that change anything, and their
/// posts are refused with 403.
extension ConsoleFeature {
    static let cookieName = "lk_console"

    /// A signed-in operator on a console page.
    struct Visit {
        var `operator`: Operator
        var sessionID: String
        var actor: AdminActor
        var language: Language
        var csrf: CSRFToken
        /// The posted form (empty for a `GET`), its CSRF token checked.
        var form: [String: String]

        var role: OperatorRole { `operator`.role }
    }

    func pageRoutes(into table: inout RouteTable) {
        signInRoutes(into: &table)
        appPageRoutes(into: &table)
        userPageRoutes(into: &table)
        table.on(.get, "/console", operation: "consoleDashboard", access: .consolePage(.viewer)) { request, context in
            try await visit(request, context) { visit in
                let figures = try await admin.figures(by: visit.actor)
                let values = ConsoleViews.figures(figures).merging(ConsoleViews.backups(backups.status)) { $1 }
                return try render("console/dashboard", "console.dashboard.title", visit, values: values)
            }
        }
        table.on(.get, "/console/figures", operation: "consoleFigures", access: .consolePage(.viewer)) { request, context in
            try await visit(request, context) { visit in try JSONResponse.make(try await admin.figures(by: visit.actor)) }
        }
        table.on(.get, "/console/outbox", operation: "consoleOutbox", access: .consolePage(.viewer)) { request, context in
            try await visit(request, context) { visit in
                let status = request.uri.queryParameters["status"].flatMap { OutboxStore.Status(rawValue: String($0)) }
                let entries = try await admin.outbox(status: status, by: visit.actor)
                return try render(
                    "console/outbox",
                    "console.outbox.title",
                    visit,
                    values: ["messages": entries.map(ConsoleViews.message), "hasMessages": !entries.isEmpty, "status": status?.rawValue ?? ""]
                )
            }
        }
        table.on(.post, "/console/outbox/{id}/retry", operation: "consoleRetryMessage", access: .consolePage(.admin), form: []) { request, context in
            try await visit(request, context) { visit in
                try await admin.retryMessage(try context.parameters.require("id"), by: visit.actor)
                return Self.redirect("/console/outbox?status=pending")
            }
        }
        auditPageRoutes(into: &table)
        operatorPageRoutes(into: &table)
        sessionPageRoutes(into: &table)
    }

    // MARK: Sign-in

    private func signInRoutes(into table: inout RouteTable) {
        table.on(.get, "/console/sign-in", operation: "consoleSignInPage", access: .anyone) { request, _ in
            try signInPage(request, errors: [])
        }
        table.on(.post, "/console/sign-in", operation: "consoleSignIn", access: .anyone, form: ["username", "password"]) { request, context in
            let language = context.language
            let form = context.form
            let client = context.clientInfo
            do {
                let row = try await operators.checkPassword(username: form["username"] ?? "", password: form["password"] ?? "", client: client)
                let (_, token) = try await operators.startSession(operatorID: row.operator.id, stage: .totp, client: client)
                var response = Self.redirect("/console/totp")
                response.setCookie(sessionCookie(token))
                return response
            } catch let error as APIError {
                return try signInPage(
                    request,
                    errors: [PageError(field: "username", message: message(for: error, in: language))],
                    status: error.status
                )
            }
        }
        table.on(.get, "/console/totp", operation: "consoleTOTPPage", access: .consoleSecondStep) { request, context in
            try totpPage(request, row: try context.operatorSigningIn.row, errors: [])
        }
        table.on(.post, "/console/totp", operation: "consoleTOTP", access: .consoleSecondStep, form: ["code"]) { request, context in
            let signingIn = try context.operatorSigningIn
            let row = signingIn.row
            let client = context.clientInfo
            do {
                try await operators.checkCode(context.form["code"] ?? "", of: row, client: client)
            } catch let error as APIError {
                let text = message(for: error, in: context.language)
                return try totpPage(request, row: row, errors: [PageError(field: "code", message: text)], status: error.status)
            }
            // A new token for the signed-in session: the one that only proved the password ends.
            _ = try await operators.revoke(sessionID: signingIn.sessionID, operatorID: row.operator.id)
            let (_, token) = try await operators.startSession(operatorID: row.operator.id, stage: .live, client: client)
            try await admin.audit.record("operator.sign_in", target: row.operator.id, by: AdminActor(row.operator, address: client.ipAddress))
            var response = Self.redirect("/console")
            response.setCookie(sessionCookie(token))
            return response
        }
        table.on(.post, "/console/sign-out", operation: "consoleSignOut", access: .consolePage(.viewer), form: []) { request, context in
            try await visit(request, context) { visit in
                _ = try await operators.revoke(sessionID: visit.sessionID, operatorID: visit.operator.id)
                try await admin.audit.record("operator.sign_out", target: visit.sessionID, by: visit.actor)
                var response = Self.redirect("/console/sign-in")
                response.setCookie(sessionCookie("", maxAge: 0))
                return response
            }
        }
    }

    private func signInPage(_ request: Request, errors: [PageError], status: HTTPResponse.Status = .ok) throws -> Response {
        var page = Page("console/sign-in", title: "console.sign_in.title", language: Language(of: request))
        page.errors = errors
        page.status = status
        page.csrf = csrf.issue(for: request)
        return try pages.render(page)
    }

    private func totpPage(_ request: Request, row: OperatorStore.Row, errors: [PageError], status: HTTPResponse.Status = .ok) throws -> Response {
        var values: [String: Any] = ["enrolling": false]
        if let totp = try operators.enrollment(of: row) {
            let uri = operators.uri(of: totp, for: row)
            values = [
                "enrolling": true, "secret": ConsoleViews.grouped(totp.base32), "uri": uri,
                "qrCode": try QRCode(uri).svg(label: pages.text("mfa.qr_label", in: Language(of: request))),
            ]
        }
        var page = Page("console/totp", title: "console.totp.title", language: Language(of: request), values: values)
        page.errors = errors
        page.status = status
        page.csrf = csrf.issue(for: request)
        return try pages.render(page)
    }

    // MARK: Apps

    private func appPageRoutes(into table: inout RouteTable) {
        table.on(.get, "/console/apps", operation: "consoleApps", access: .consolePage(.viewer)) { request, context in
            try await visit(request, context) { visit in try await appsPage(visit, errors: []) }
        }
        table.on(.post, "/console/apps", operation: "consoleCreateApp", access: .consolePage(.admin), form: ["name"]) { request, context in
            try await visit(request, context) { visit in
                do {
                    let created = try await admin.createApp(name: visit.form["name"] ?? "", by: visit.actor)
                    return try secretPage(visit, app: created.app, secret: created.clientSecret)
                } catch let error as APIError where error.status == .unprocessableContent {
                    return try await appsPage(visit, errors: [PageError(field: "name", message: message(for: error, in: visit.language))])
                }
            }
        }
        table.on(.get, "/console/apps/{id}", operation: "consoleApp", access: .consolePage(.viewer)) { request, context in
            try await visit(request, context) { visit in
                let app = try await admin.app(try context.parameters.require("id"), by: visit.actor)
                let edited = request.uri.queryParameters["provider"].map(String.init).flatMap { name in
                    app.settings.signInProviders.providers[name].map { ProviderForm.values(name: name, of: $0) }
                }
                let saved = request.uri.queryParameters["saved"].map(String.init)
                return try await appPage(visit, app: app, errors: [], provider: edited, saved: saved)
            }
        }
        let settingFields = Set(
            ConsoleViews.editable.compactMap(\.flag) + ConsoleViews.optionFields + ["name", ConsoleViews.switchesField, ConsoleViews.confirmField]
        )
        table.on(.post, "/console/apps/{id}/settings", operation: "consoleUpdateApp", access: .consolePage(.admin), form: settingFields) {
            request,
            context in
            try await visit(request, context) { visit in try await saveSettings(visit, appID: try context.parameters.require("id")) }
        }
        table.on(.post, "/console/apps/{id}/secret", operation: "consoleRotateSecret", access: .consolePage(.admin), form: []) { request, context in
            try await visit(request, context) { visit in
                let rotated = try await admin.rotateSecret(try context.parameters.require("id"), by: visit.actor)
                return try secretPage(visit, app: rotated.app, secret: rotated.secret)
            }
        }
        table.on(.post, "/console/apps/{id}/providers", operation: "consoleChangeProvider", access: .consolePage(.admin), form: ProviderForm.fields) {
            request,
            context in
            try await visit(request, context) { visit in
                let id = try context.parameters.require("id")
                let form = visit.form
                let name = (form["name"] ?? "").trimmingCharacters(in: .whitespaces)
                if form["action"] == "remove" {
                    _ = try await admin.removeProvider(name, appID: id, by: visit.actor)
                    return Self.redirect("/console/apps/\(id)")
                }
                do {
                    _ = try await admin.setProvider(name, ProviderForm.settings(from: form), appID: id, keepingSecret: true, by: visit.actor)
                    return Self.redirect("/console/apps/\(id)")
                } catch let error as APIError where error.status == .unprocessableContent {
                    let field = error.fields.first?.field == "name" ? "provider-name" : "provider-kind"
                    return try await appPage(
                        visit,
                        app: try await admin.app(id, by: visit.actor),
                        errors: [PageError(field: field, message: message(for: error, in: visit.language))],
                        provider: form
                    )
                }
            }
        }
        table.on(.post, "/console/apps/{id}/rules", operation: "consoleSetRules", access: .consolePage(.admin), form: ["rules"]) { request, context in
            try await visit(request, context) { visit in
                let id = try context.parameters.require("id")
                let source = visit.form["rules"] ?? ""
                do {
                    // A document the rules refuse is told in the operator's language, where the
                    // service's refusal (the API's) says it in English, as the protocol does.
                    do throws(DatabaseRules.SyntaxError) {
                        _ = try DatabaseRules(source: source)
                    } catch {
                        let field = FieldError(field: "rules", code: .invalidField, reason: error.description(in: visit.language))
                        throw APIError.validation([field])
                    }
                    try await admin.setRules(source, appID: id, by: visit.actor)
                    return Self.redirect("/console/apps/\(id)")
                } catch let error as APIError where error.status == .unprocessableContent {
                    let text = message(for: error, field: error.fields.first, in: visit.language)
                    return try await appPage(
                        visit,
                        app: try await admin.app(id, by: visit.actor),
                        errors: [PageError(field: "rules", message: text)],
                        rules: visit.form["rules"]
                    )
                }
            }
        }
    }

    private func appsPage(_ visit: Visit, errors: [PageError]) async throws -> Response {
        let apps = try await admin.listApps(by: visit.actor)
        return try render("console/apps", "console.apps.title", visit, values: ["apps": apps.map(ConsoleViews.appRow)], errors: errors)
    }

    /// Saves a posted settings form: a change to a risky setting is first shown for confirmation
    /// (nothing saved until the same form comes back with ``ConsoleViews/confirmField``); a saved
    /// change goes back to the app's page, which lists the settings changed.
    private func saveSettings(_ visit: Visit, appID id: String) async throws -> Response {
        let current = try await admin.app(id, by: visit.actor)
        var form = ConsoleViews.resolvingSwitches(visit.form)
        let confirmed = form.removeValue(forKey: ConsoleViews.confirmField) != nil
        let changes = ConsoleViews.changes(from: form, comparedWith: current.settings)
        do {
            if !confirmed, ConsoleViews.needsConfirmation(changes) {
                let updated = try admin.preview(changes, to: current, by: visit.actor)
                let values = ConsoleViews.confirmation(changes, app: current, updated: updated, form: form) { pages.text($0, in: visit.language) }
                return try render("console/app-confirm", "console.settings.confirm_title", visit, values: values)
            }
            let app = try await admin.updateApp(id, name: form["name"], changes: changes, by: visit.actor)
            let saved = changes.map(\.flag).joined(separator: ",")
            return Self.redirect("/console/apps/\(app.id)?saved=\(saved)")
        } catch let error as APIError where error.status == .unprocessableContent {
            let errors = error.fields.map { field in
                PageError(field: ConsoleViews.fieldID(forKey: field.field), message: message(for: error, field: field, in: visit.language))
            }
            return try await appPage(visit, app: current, errors: errors, submitted: form)
        }
    }

    private func appPage(
        _ visit: Visit,
        app: App,
        errors: [PageError],
        submitted: [String: String]? = nil,
        provider: [String: String]? = nil,
        rules: String? = nil,
        saved: String? = nil
    ) async throws -> Response {
        let text = { (id: String) in pages.text(id, in: visit.language) }
        var values = ConsoleViews.app(app, submitted: submitted, errors: errors, text: text)
        values["providerForm"] = ProviderForm.view(provider ?? [:])
        if let saved {
            let labels = ConsoleViews.savedLabels(saved, text: text)
            values["saved"] = ["settings": labels, "hasSettings": !labels.isEmpty]
        }
        values["rulesError"] = errors.first { $0.field == "rules" }?.message
        if let rules {
            values["rules"] = rules
        } else {
            values["rules"] = try await admin.rules(appID: app.id, by: visit.actor)
        }
        return try render("console/app", "console.app.title", visit, values: values, errors: errors)
    }

    private func secretPage(_ visit: Visit, app: App, secret: String) throws -> Response {
        var response = try render(
            "console/secret",
            "console.secret.title",
            visit,
            values: ["app": ConsoleViews.appRow(app), "secret": secret]
        )
        response.headers[.cacheControl] = "no-store"
        return response
    }

    // MARK: Users

    private func userPageRoutes(into table: inout RouteTable) {
        userListRoutes(into: &table)
        table.on(.get, "/console/apps/{id}/users/{user}", operation: "consoleUser", access: .consolePage(.viewer)) { request, context in
            try await visit(request, context) { visit in
                let appID = try context.parameters.require("id")
                var values = try await userValues(try context.parameters.require("user"), appID: appID, request, visit)
                values["justCreated"] = request.uri.queryParameters["created"] != nil
                return try render("console/user", "console.user.title", visit, values: values)
            }
        }
        table.on(
            .post,
            "/console/apps/{id}/users/{user}",
            operation: "consoleChangeUser",
            access: .consolePage(.admin),
            form: ["action", "session", "passkey"]
        ) {
            request,
            context in
            try await visit(request, context) { visit in
                let (appID, userID) = (try context.parameters.require("id"), try context.parameters.require("user"))
                switch visit.form["action"] {
                case "disable": try await admin.setUserDisabled(true, userID: userID, appID: appID, by: visit.actor)
                case "enable": try await admin.setUserDisabled(false, userID: userID, appID: appID, by: visit.actor)
                case "revoke": try await admin.revokeSessions(userID: userID, appID: appID, by: visit.actor)
                case "reset_mfa": try await admin.resetSecondFactor(userID: userID, appID: appID, by: visit.actor)
                case "end_session": try await admin.endSession(visit.form["session"] ?? "", userID: userID, appID: appID, by: visit.actor)
                case "remove_passkey": try await admin.removePasskey(visit.form["passkey"] ?? "", userID: userID, appID: appID, by: visit.actor)
                case "resend_verification":
                    try await admin.resendVerification(userID: userID, appID: appID, by: visit.actor) { account, app in
                        try await emailLinks.sendVerification(
                            principal: .child(account, app: app),
                            client: context.clientInfo,
                            language: visit.language
                        )
                    }
                case "delete":
                    try await admin.deleteUser(userID, appID: appID, by: visit.actor)
                    return Self.redirect("/console/users?app=\(appID)")
                default: throw APIError(.badRequest, .invalidRequest)
                }
                return Self.redirect("/console/apps/\(appID)/users/\(userID)")
            }
        }
        table.on(.get, "/console/apps/{id}/users/{user}/export", operation: "consoleExportUser", access: .consolePage(.admin)) { request, context in
            try await visit(request, context) { visit in
                let (appID, userID) = (try context.parameters.require("id"), try context.parameters.require("user"))
                let document = try await admin.exportUser(userID, appID: appID, from: exportSources, by: visit.actor)
                let disposition = #"attachment; filename="latchkey-user-export.json""#
                return try JSONResponse.make(document, headers: [.contentDisposition: disposition, .cacheControl: "no-store"])
            }
        }
    }

    /// The user page's values: the user and its sections (second factors, consent, devices,
    /// data keys, audit trail), their wallet (its ledger a page at a time, older entries below the
    /// query's `before`) and their entries on the app's boards.
    private func userValues(_ userID: String, appID: String, _ request: Request, _ visit: Visit) async throws -> [String: Any] {
        let before = try request.integerParameter("before").map(Int64.init)
        let page = try await admin.userOverview(userID, appID: appID, ledgerBefore: before, ledgerLimit: Self.ledgerPageSize, by: visit.actor)
        let path = "/console/apps/\(appID)/users/\(page.detail.user.id)"
        let text = { pages.text($0, in: visit.language) }
        var values = ConsoleViews.user(page.detail, appID: appID, liveSessions: page.sections.liveSessions)
        values.merge(ConsoleViews.userSections(page.sections, text: text)) { $1 }
        values.merge(ConsoleViews.wallet(page.wallet, path: path, paged: before != nil, text: text)) { $1 }
        values["boardEntries"] = ConsoleViews.leaderboardEntries(page.boardEntries)
        values["hasBoardEntries"] = !page.boardEntries.isEmpty
        return values
    }

    /// The ledger entries one user page shows.
    static let ledgerPageSize = 25

    // MARK: Operators

    private func operatorPageRoutes(into table: inout RouteTable) {
        table.on(.get, "/console/operators", operation: "consoleOperators", access: .consolePage(.owner)) { request, context in
            try await visit(request, context) { visit in try await operatorsPage(visit, errors: []) }
        }
        table.on(.post, "/console/operators", operation: "consoleCreateOperator", access: .consolePage(.owner), form: ["username", "role"]) {
            request,
            context in
            try await visit(request, context) { visit in
                do {
                    let role = OperatorRole(rawValue: visit.form["role"] ?? "") ?? .viewer
                    let created = try await admin.createOperator(username: visit.form["username"] ?? "", role: role, by: visit.actor)
                    return try await operatorsPage(visit, errors: [], created: created)
                } catch let error as APIError where error.status == .unprocessableContent || error.status == .conflict {
                    return try await operatorsPage(visit, errors: [PageError(field: "username", message: message(for: error, in: visit.language))])
                }
            }
        }
        table.on(.post, "/console/operators/{id}", operation: "consoleChangeOperator", access: .consolePage(.owner), form: ["action"]) {
            request,
            context in
            try await visit(request, context) { visit in
                let id = try context.parameters.require("id")
                switch visit.form["action"] {
                case "disable": _ = try await admin.setOperatorDisabled(true, id: id, by: visit.actor)
                case "enable": _ = try await admin.setOperatorDisabled(false, id: id, by: visit.actor)
                case "reset_totp": _ = try await admin.resetOperatorTOTP(id: id, by: visit.actor)
                default: throw APIError(.badRequest, .invalidRequest)
                }
                return Self.redirect("/console/operators")
            }
        }
    }

    private func operatorsPage(_ visit: Visit, errors: [PageError], created: OperatorCredentials? = nil) async throws -> Response {
        let listed = try await admin.listOperators(by: visit.actor)
        var values: [String: Any] = ["operators": listed.map { ConsoleViews.operatorRow($0, current: visit.operator.id) }]
        if let created { values["created"] = ["username": created.operator.username, "password": created.password] }
        var response = try render("console/operators", "console.operators.title", visit, values: values, errors: errors)
        if created != nil { response.headers[.cacheControl] = "no-store" }
        return response
    }

    // MARK: Shared

    /// Runs `body` for the operator the route table signed in (``Access/consolePage(_:)``). For a
    /// `POST` (`fields` given), the form is read and its CSRF token checked first. A refusal of
    /// the admin service becomes a page.
    func visit(
        _ request: Request,
        _ context: LatchkeyRequestContext,
        _ body: (Visit) async throws -> Response
    ) async throws -> Response {
        let language = context.language
        let signedIn = try context.operator
        let visit = Visit(
            operator: signedIn.operator,
            sessionID: signedIn.sessionID,
            actor: AdminActor(signedIn.operator, address: context.clientInfo.ipAddress),
            language: language,
            csrf: csrf.issue(for: request),
            form: context.form
        )
        do {
            return try await body(visit)
        } catch let error as APIError where error.status == .forbidden {
            return try forbidden(request)
        } catch let error as APIError {
            return try pages.render(
                Page("message", title: "console.failed.title", language: language, values: ["message": message(for: error, in: language)])
                    .with(status: error.status)
            )
        }
    }

    /// A console page with the navigation's values.
    func render(_ template: String, _ title: String, _ visit: Visit, values: [String: Any], errors: [PageError] = []) throws -> Response {
        var all = values
        all["signedInOperator"] = ["username": visit.operator.username, "role": visit.role.rawValue]
        all["canEdit"] = visit.role >= .admin
        all["isOwner"] = visit.role >= .owner
        var page = Page(template, title: title, language: visit.language, values: all)
        page.errors = errors
        page.csrf = visit.csrf
        if !errors.isEmpty { page.status = .unprocessableContent }
        return try pages.render(page)
    }

    /// The 403 page: a form without its token, or an operator whose role does not allow it.
    private func forbidden(_ request: Request) throws -> Response {
        try Self.forbiddenPage(for: request, pages: pages)
    }

    /// The page an operator gets for what their role or the form's token does not allow.
    static func forbiddenPage(for request: Request, pages: PageRenderer) throws -> Response {
        let language = Language(of: request)
        return try pages.render(
            Page(
                "message",
                title: "console.forbidden.title",
                language: language,
                values: ["message": pages.text("console.forbidden.message", in: language)]
            )
            .with(status: .forbidden)
        )
    }

    /// The text for a refusal: the field's message when there is one, with its reason.
    func message(for error: APIError, field: FieldError? = nil, in language: Language) -> String {
        if let field = field ?? error.fields.first {
            let text = Messages.fieldMessage(for: field, in: language)
            guard let reason = field.reason, field.code == .invalidField else { return text }
            return "\(text): \(reason)"
        }
        let text = Messages.text(for: error.code, in: language)
        return text.detail ?? text.title
    }

    func sessionCookie(_ token: String, maxAge: Int? = nil) -> Cookie {
        Cookie(name: Self.cookieName, value: token, maxAge: maxAge, path: "/console", secure: secureCookies, httpOnly: true, sameSite: .strict)
    }

    static func redirect(_ location: String) -> Response {
        Response(status: .seeOther, headers: [.location: location, .cacheControl: "no-store"])
    }
}

extension Page {
    /// This page answered with `status`.
    func with(status: HTTPResponse.Status) -> Page {
        var page = self
        page.status = status
        return page
    }
}
