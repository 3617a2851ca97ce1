import Foundation
import Hummingbird
import LatchkeyWire

/// The console's data-tree page: a browser of an app's tree (a location's children 50 at a time
/// in the protocol's key order, each linked to its own location), an editor that sets, adds or
/// deletes a value as a `PUT` with admin access would (the same limits as the API), and the
/// rules simulator, which says whether a user (or a caller without a credential) may read or
/// write a location with given data, and which rule decided. Every read, write and simulation
/// goes through ``AdminService`` and is audited.
extension DatabaseFeature {
    /// The children one page of a location shows.
    static let consolePageSize = 50
    /// The longest value the editor shows in its text area; a larger node is edited child by child.
    static let consoleEditableLength = 20_000

    func consoleRoutes(into table: inout RouteTable) {
        let page = "/console/apps/{id}/data"
        table.on(.get, page, operation: "consoleDataTree", access: .consolePage(.viewer)) { request, context in
            try await console.visit(request, context) { visit in
                let query = request.uri.queryParameters
                let shown = DataTreeView(
                    path: query["path"].map(String.init) ?? "/",
                    after: query["after"].map(String.init),
                    saved: query["saved"].map(String.init)
                )
                return try await dataTreePage(visit, appID: try context.parameters.require("id"), shown)
            }
        }
        table.on(.post, page, operation: "consoleSetDataTreeValue", access: .consolePage(.admin), form: ["path", "key", "value", "action"]) {
            request,
            context in
            try await console.visit(request, context) { visit in
                let appID = try context.parameters.require("id")
                let form = visit.form
                var shown = DataTreeView(path: form["path"] ?? "/", editedKey: form["key"], editedValue: form["value"])
                do {
                    let path = try consolePath(form["path"] ?? "/", field: "path", visit)
                    if form["action"] == "delete" {
                        try await admin.setTreeValue(nil, at: path, appID: appID, in: service, by: visit.actor)
                        let parent = path.isRoot ? path : DataPath(validated: Array(path.keys.dropLast()))
                        return ConsoleFeature.redirect(Self.consoleLink(appID, parent, saved: "deleted"))
                    }
                    let key = (form["key"] ?? "").trimmingCharacters(in: .whitespaces)
                    guard key.isEmpty || DataPath.isValidKey(key) else { throw consoleInvalid("key", visit, "console.data.invalid_key") }
                    let target = key.isEmpty ? path : path.child(key)
                    let value = try consoleValue(form["value"] ?? "", field: "value", visit)
                    try await admin.setTreeValue(value, at: target, appID: appID, in: service, by: visit.actor)
                    return ConsoleFeature.redirect(Self.consoleLink(appID, target, saved: "set"))
                } catch let refusal as ConsolePageRefusal {
                    shown.errors = [refusal.error]
                } catch let error as DatabaseError {
                    shown.errors = [PageError(field: "value", message: error.message)]
                }
                return try await dataTreePage(visit, appID: appID, shown)
            }
        }
        table.on(
            .post,
            page + "/simulate",
            operation: "consoleSimulateRules",
            access: .consolePage(.viewer),
            form: ["path", "operation", "user", "data", "at"]
        ) {
            request,
            context in
            try await console.visit(request, context) { visit in
                let appID = try context.parameters.require("id")
                let form = visit.form
                var shown = DataTreeView(path: form["at"] ?? "/", simulation: form)
                do {
                    let path = try consolePath(form["path"] ?? "/", field: "sim-path", visit)
                    let asked: DatabaseService.SimulatedRequest
                    switch form["operation"] {
                    case "write": asked = .write(path, try consoleValue(form["data"] ?? "", field: "sim-data", visit))
                    case "read", nil: asked = .read(path)
                    default: throw consoleInvalid("sim-operation", visit, "console.data.invalid_operation")
                    }
                    let user = (form["user"] ?? "").trimmingCharacters(in: .whitespaces)
                    shown.trace = try await admin.simulateRules(
                        asked,
                        userID: user.isEmpty ? nil : user,
                        appID: appID,
                        in: service,
                        tokens: tokens,
                        by: visit.actor
                    )
                } catch let refusal as ConsolePageRefusal {
                    shown.errors = [refusal.error]
                } catch let error as DatabaseError {
                    shown.errors = [PageError(field: "sim-data", message: error.message)]
                } catch let error as APIError where error.status == .notFound && !(form["user"] ?? "").isEmpty {
                    // The app exists (the page below reads it again): the user is the one missing.
                    shown.errors = [PageError(field: "sim-user", message: console.pages.text("console.data.no_such_user", in: visit.language))]
                }
                return try await dataTreePage(visit, appID: appID, shown)
            }
        }
    }

    /// Renders the page for `shown`: the location's value with its children paged, the editor
    /// and the simulator (with its result or the errors `shown` carries).
    private func dataTreePage(_ visit: ConsoleFeature.Visit, appID: String, _ shown: DataTreeView) async throws -> Response {
        let text = { (id: String) in console.pages.text(id, in: visit.language) }
        var errors = shown.errors
        let path: DataPath
        do {
            path = try consolePath(shown.path, field: "path", visit)
        } catch let refusal as ConsolePageRefusal {
            if !errors.contains(where: { $0.field == refusal.error.field }) { errors.append(refusal.error) }
            path = .root
        }
        if let after = shown.after, !DataPath.isValidKey(after) {
            errors.append(PageError(field: "path", message: text("console.data.invalid_key")))
        }
        let (app, snapshot) = try await admin.treeValue(at: path, appID: appID, in: service, by: visit.actor)
        var values = ConsoleViews.dataTree(
            snapshot.value,
            at: path,
            after: errors.isEmpty ? shown.after : nil,
            pageSize: Self.consolePageSize,
            editableLength: Self.consoleEditableLength,
            link: { Self.consoleLink(app.id, $0, after: $1) },
            text: text
        )
        values["app"] = ["id": app.id, "name": app.name]
        values["appID"] = app.id
        if let saved = shown.saved { values["saved"] = ["set": saved == "set", "deleted": saved == "deleted"] }
        if let key = shown.editedKey { values["keyValue"] = key }
        if let value = shown.editedValue { values["valueText"] = value }
        values["simulator"] = ConsoleViews.simulator(shown.simulation, browsing: path, trace: shown.trace, text: text)
        values["fieldErrors"] = ConsoleViews.fieldErrors(errors)
        return try console.render("console/data", "console.data.title", visit, values: values, errors: errors)
    }

    /// The console's link to `path` of the app's tree, the page after `after` when given.
    static func consoleLink(_ appID: String, _ path: DataPath, after: String? = nil, saved: String? = nil) -> String {
        var parameters = [("path", path.description)]
        if let after { parameters.append(("after", after)) }
        if let saved { parameters.append(("saved", saved)) }
        return "/console/apps/\(appID)/data" + ConsoleViews.queryString(parameters)
    }

    private func consolePath(_ text: String, field: String, _ visit: ConsoleFeature.Visit) throws -> DataPath {
        do {
            return try DataPath(text.trimmingCharacters(in: .whitespaces))
        } catch {
            throw consoleInvalid(field, visit, "console.data.invalid_path")
        }
    }

    /// The JSON value typed into `field`, parsed as the API parses a body; empty text is refused
    /// (deleting is its own button).
    private func consoleValue(_ text: String, field: String, _ visit: ConsoleFeature.Visit) throws -> JSONValue {
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw consoleInvalid(field, visit, "console.data.empty_value") }
        return try TreeJSON.parse(Data(text.utf8))
    }

    private func consoleInvalid(_ field: String, _ visit: ConsoleFeature.Visit, _ message: String) -> ConsolePageRefusal {
        ConsolePageRefusal(error: PageError(field: field, message: console.pages.text(message, in: visit.language)))
    }
}

/// What the data-tree page shows besides the tree: the location, the page of children, a
/// notice of the last save, the form as it was posted, the simulation and the errors.
struct DataTreeView {
    var path: String
    var after: String? = nil
    var saved: String? = nil
    var editedKey: String? = nil
    var editedValue: String? = nil
    var simulation: [String: String] = [:]
    var trace: RuleTrace? = nil
    var errors: [PageError] = []
}

/// A form field the console refuses, shown next to the field.
struct ConsolePageRefusal: Error {
    var error: PageError
}
