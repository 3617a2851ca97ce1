import Foundation
import Hummingbird
import LatchkeyWire

/// `/console/users`: an app's users, 50 a page, filtered by text, status, sign-in method,
/// pending consent and days of sign-up and last sign-in, and sorted (a `GET` form, so a view is
/// a link; the pages' links keep it). A value that does not parse shows the form again with
/// the error beside it.
extension ConsoleFeature {
    /// The users one page shows.
    static let userPageSize = 50

    func userListRoutes(into table: inout RouteTable) {
        table.on(.get, "/console/users", operation: "consoleUsers", access: .consolePage(.viewer)) { request, context in
            try await visit(request, context) { visit in
                let query = request.uri.queryParameters
                let parameter = { (name: String) in query[Substring(name)].map(String.init) }
                let apps = try await admin.listApps(by: visit.actor)
                let appID = parameter("app").flatMap { $0.isEmpty ? nil : $0 } ?? apps.first?.id ?? ""
                let text = { pages.text($0, in: visit.language) }
                var values = ConsoleViews.userFilterForm(parameter: parameter, apps: apps, appID: appID, text: text)
                guard !apps.isEmpty else { return try render("console/users", "console.users.title", visit, values: values) }
                do {
                    let filter = try UserFilter(parameter: parameter)
                    let page = try Self.pageNumber(parameter("page"))
                    let found = try await admin.listUsers(appID: appID, filter: filter, page: page, size: Self.userPageSize, by: visit.actor)
                    values["users"] = found.users.map { ConsoleViews.userRow($0, text: text) }
                    values["hasUsers"] = !found.users.isEmpty
                    values["listed"] = true
                    values["page"] = page
                    let link = { (page: Int) -> String in
                        var parameters = [("app", appID)] + filter.query
                        if page > 1 { parameters.append(("page", String(page))) }
                        return "/console/users" + ConsoleViews.queryString(parameters)
                    }
                    if page > 1 { values["previousLink"] = link(page - 1) }
                    if found.hasMore { values["nextLink"] = link(page + 1) }
                    return try render("console/users", "console.users.title", visit, values: values)
                } catch let error as APIError where error.status == .unprocessableContent {
                    let errors = error.fields.map { PageError(field: $0.field, message: message(for: error, field: $0, in: visit.language)) }
                    return try render("console/users", "console.users.title", visit, values: values, errors: errors)
                }
            }
        }
    }

    /// The page a `page` parameter names, from 1 (absent: the first); anything else is `422
    /// invalid_field` naming it.
    static func pageNumber(_ value: String?) throws -> Int {
        guard let value, !value.isEmpty else { return 1 }
        guard let page = Int(value), page >= 1, page <= AdminService.userPageCount else {
            throw APIError.validation([FieldError(field: "page", code: .invalidField, reason: "1 to \(AdminService.userPageCount)")])
        }
        return page
    }
}
