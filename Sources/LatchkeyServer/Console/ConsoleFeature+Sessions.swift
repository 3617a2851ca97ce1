import Foundation
import HTTPTypes
import Hummingbird
import LatchkeyWire

/// `/console/sessions`: the signed-in operator's own live sessions (console and admin API), where
/// and when each began, and a button to end any of them — a browser left signed in elsewhere, a
/// script's token no longer needed. Ending this browser's own session signs it out.
extension ConsoleFeature {
    func sessionPageRoutes(into table: inout RouteTable) {
        table.on(.get, "/console/sessions", operation: "consoleSessions", access: .consolePage(.viewer)) { request, context in
            try await visit(request, context) { visit in
                let sessions = try await operators.sessions(operatorID: visit.operator.id)
                return try render(
                    "console/sessions",
                    "console.sessions.title",
                    visit,
                    values: ["sessions": sessions.map { ConsoleViews.operatorSession($0, current: visit.sessionID) }]
                )
            }
        }
        table.on(.post, "/console/sessions/{id}/end", operation: "consoleEndSession", access: .consolePage(.viewer), form: []) {
            request,
            context in
            try await visit(request, context) { visit in
                let id = try context.parameters.require("id")
                guard try await operators.revoke(sessionID: id, operatorID: visit.operator.id) else { throw APIError(.notFound, .notFound) }
                try await admin.audit.record("operator.sign_out", target: id, by: visit.actor)
                guard id == visit.sessionID else { return Self.redirect("/console/sessions") }
                var response = Self.redirect("/console/sign-in")
                response.setCookie(sessionCookie("", maxAge: 0))
                return response
            }
        }
    }
}
