import Foundation
import HTTPTypes
import Hummingbird
import LatchkeyWire

/// Creating accounts and making single-use links: for the app's servers
/// (`POST /v1/admin/users`, `POST /v1/admin/users/{id}/links`, with `users:write`), for
/// operators through the admin API (`/v1/operator/apps/{id}/users…`), and in the console (a form
/// beside the users list, a button on a user's page). All go through
/// ``AdminService/createUser(_:appID:with:by:)`` and ``AdminService/userLink(_:userID:appID:with:by:)``,
/// which audit them. A link is a credential: its answer is `no-store` and the audit row keeps
/// only its type.
extension AdminFeature {
    func creationRoutes(into table: inout RouteTable) {
        table.json(
            .post,
            "/v1/admin/users",
            operation: "createUserAsAdmin",
            access: .client(.usersWrite),
            body: AdminUserCreateRequest.self,
            status: .created
        ) {
            body,
            _,
            context in
            let app = try context.client.app
            let account = try await admin.createUser(body, appID: app.id, with: creation, by: .client(of: app, address: context.clientInfo.ipAddress))
            return AdminUser(user: account.record, disabled: account.disabled)
        }
        table.on(.post, "/v1/admin/users/{id}/links", operation: "createUserLinkAsAdmin", access: .client(.usersWrite)) { request, context in
            let app = try context.client.app
            let body = try await requests.body(AdminLinkRequest.self, of: request).value
            let actor = AdminActor.client(of: app, address: context.clientInfo.ipAddress)
            return try Self.unstored(
                try await admin.userLink(body.type, userID: try context.parameters.require("id"), appID: app.id, with: creation, by: actor)
            )
        }
        table.json(
            .post,
            "/v1/operator/apps/{id}/users",
            operation: "createUserAsOperator",
            access: .operator(.admin),
            body: AdminUserCreateRequest.self,
            status: .created
        ) {
            body,
            _,
            context in
            let actor = AdminActor(try context.operator.operator, address: context.clientInfo.ipAddress)
            let account = try await admin.createUser(body, appID: try context.parameters.require("id"), with: creation, by: actor)
            return AdminUser(user: account.record, disabled: account.disabled)
        }
        table.on(.post, "/v1/operator/apps/{id}/users/{user}/links", operation: "createUserLinkAsOperator", access: .operator(.admin)) {
            request,
            context in
            let body = try await requests.body(AdminLinkRequest.self, of: request).value
            let actor = AdminActor(try context.operator.operator, address: context.clientInfo.ipAddress)
            let (appID, userID) = (try context.parameters.require("id"), try context.parameters.require("user"))
            return try Self.unstored(try await admin.userLink(body.type, userID: userID, appID: appID, with: creation, by: actor))
        }
        consoleCreationRoutes(into: &table)
    }

    /// The console's form for a new user, and the page that shows a link made for one.
    private func consoleCreationRoutes(into table: inout RouteTable) {
        let fields: Set<String> = ["username", "email", "phone", "password", "display_name", "email_verified"]
        table.on(.get, "/console/apps/{id}/users/new", operation: "consoleNewUser", access: .consolePage(.admin)) { request, context in
            try await console.visit(request, context) { visit in
                try await newUserPage(visit, appID: try context.parameters.require("id"), form: [:], errors: [])
            }
        }
        table.on(.post, "/console/apps/{id}/users", operation: "consoleCreateUser", access: .consolePage(.admin), form: fields) { request, context in
            try await console.visit(request, context) { visit in
                let appID = try context.parameters.require("id")
                let form = visit.form
                let given = { (name: String) in form[name].flatMap { $0.isEmpty ? nil : $0 } }
                let asked = AdminUserCreateRequest(
                    username: given("username"),
                    email: given("email"),
                    phone: given("phone"),
                    password: given("password"),
                    displayName: given("display_name"),
                    emailVerified: form["email_verified"] == "true"
                )
                do {
                    let account = try await admin.createUser(asked, appID: appID, with: creation, by: visit.actor)
                    return ConsoleFeature.redirect("/console/apps/\(appID)/users/\(account.id)?created=1")
                } catch let error as APIError where [.unprocessableContent, .conflict].contains(error.status) {
                    let errors = error.fields.map { field in
                        PageError(
                            field: field.field == "displayName" ? "display-name" : field.field,
                            message: console.message(for: error, field: field, in: visit.language)
                        )
                    }
                    return try await newUserPage(visit, appID: appID, form: form, errors: errors)
                }
            }
        }
        table.on(.post, "/console/apps/{id}/users/{user}/links", operation: "consoleCreateUserLink", access: .consolePage(.admin), form: ["type"]) {
            request,
            context in
            try await console.visit(request, context) { visit in
                let (appID, userID) = (try context.parameters.require("id"), try context.parameters.require("user"))
                guard let type = visit.form["type"].flatMap(AdminLinkType.init(rawValue:)) else {
                    throw APIError.validation([
                        FieldError(field: "type", code: .invalidField, reason: AdminLinkType.allCases.map(\.rawValue).joined(separator: ", "))
                    ])
                }
                let link = try await admin.userLink(type, userID: userID, appID: appID, with: creation, by: visit.actor)
                let values: [String: Any] = [
                    "appID": appID, "userID": userID, "link": link.link, "expires": ConsoleViews.date(link.expiresAt),
                    "kind": console.pages.text("console.user_link.\(type.rawValue)", in: visit.language),
                ]
                var response = try console.render("console/user-link", "console.user_link.title", visit, values: values)
                response.headers[.cacheControl] = "no-store"
                return response
            }
        }
    }

    private func newUserPage(_ visit: ConsoleFeature.Visit, appID: String, form: [String: String], errors: [PageError]) async throws -> Response {
        let app = try await admin.app(appID, by: visit.actor)
        var values: [String: Any] = ["app": ["id": app.id, "name": app.name], "appID": app.id, "emailVerified": form["email_verified"] == "true"]
        for name in ["username", "email", "phone", "display_name"] { values[name] = form[name] ?? "" }
        values["fieldErrors"] = ConsoleViews.fieldErrors(errors)
        return try console.render("console/user-new", "console.user_new.title", visit, values: values, errors: errors)
    }

    /// `link` as JSON that no cache keeps: it is a credential.
    private static func unstored(_ link: AdminLink) throws -> Response {
        var response = try JSONResponse.make(link)
        response.headers[.cacheControl] = "no-store"
        return response
    }
}
