import Foundation
import HTTPTypes
import Hummingbird
import LatchkeyWire

/// The console's pages for an app's boards: the list with each board's settings and the entry
/// count of its current period, and a board's ranked entries a page at a time, in its current
/// period or an earlier one the store keeps. Ranks come from the same rank lists the API reads,
/// so an operator sees what players see. An admin may remove an entry (a cheat's), as
/// `DELETE /v1/operator/apps/{id}/leaderboards/{board}/scores/{user}` does.
extension LeaderboardsFeature {
    /// The entries one page of a board shows.
    static let consolePageSize = 50

    func consoleRoutes(into table: inout RouteTable) {
        let list = "/console/apps/{id}/leaderboards"
        let one = list + "/{board}"
        table.on(.get, list, operation: "consoleLeaderboards", access: .consolePage(.viewer)) { request, context in
            try await console.visit(request, context) { visit in
                let app = try await admin.app(try context.parameters.require("id"), by: visit.actor)
                let text = { (id: String) in console.pages.text(id, in: visit.language) }
                var rows: [[String: Any]] = []
                for board in try await service.store.boards(appID: app.id) {
                    rows.append(ConsoleViews.boardRow(board, entries: try await service.warm(board), text: text))
                }
                return try console.render(
                    "console/leaderboards",
                    "console.leaderboards.title",
                    visit,
                    values: ["app": ["id": app.id, "name": app.name], "boards": rows, "hasBoards": !rows.isEmpty]
                )
            }
        }
        table.on(.get, one, operation: "consoleLeaderboard", access: .consolePage(.viewer)) { request, context in
            try await console.visit(request, context) { visit in
                let app = try await admin.app(try context.parameters.require("id"), by: visit.actor)
                let board = try await service.board(appID: app.id, id: try context.parameters.require("board"))
                let named = request.uri.queryParameters["period"].map(String.init)
                let period = try service.period(of: board, named: named)
                let number = try request.integerParameter("page", default: 1, in: 1...(Int(Int32.max) / Self.consolePageSize))
                let page = try await service.top(
                    board: board,
                    period: period,
                    offset: (number - 1) * Self.consolePageSize,
                    limit: Self.consolePageSize
                )
                try await admin.audit.record("leaderboard.read", target: "\(app.id) \(board.id)", appID: app.id, by: visit.actor)
                let text = { (id: String) in console.pages.text(id, in: visit.language) }
                var entries: [[String: Any]] = []
                for entry in page.entries {
                    let account = try await userCache.account(id: entry.userId, appID: app.id)
                    entries.append(ConsoleViews.boardEntry(entry, name: account.map { ConsoleViews.listName($0, text: text) } ?? entry.userId))
                }
                var values = ConsoleViews.board(board, at: service.time.now(), text: text)
                values["app"] = ["id": app.id, "name": app.name]
                values["appID"] = app.id
                values["entries"] = entries
                values["hasEntries"] = !entries.isEmpty
                values["period"] = ConsoleViews.periodValue(period)
                values["periodShown"] = ConsoleViews.date(period)
                values["total"] = page.total
                if board.cron != nil {
                    let kept = try await service.periods(board: board).periods
                    values["periods"] = ConsoleViews.periodChoices(current: board.period(at: service.time.now()), kept: kept, chosen: period)
                }
                let path = "/console/apps/\(app.id)/leaderboards/\(board.id)"
                let periodQuery = named == nil ? [] : [("period", ConsoleViews.periodValue(period))]
                if number > 1 {
                    values["previousLink"] = path + ConsoleViews.queryString(periodQuery + [("page", String(number - 1))])
                }
                if page.nextOffset != nil {
                    values["nextLink"] = path + ConsoleViews.queryString(periodQuery + [("page", String(number + 1))])
                }
                values["pageNumber"] = number
                return try console.render("console/leaderboard", "console.leaderboard.title", visit, values: values)
            }
        }
        table.on(.post, one + "/remove", operation: "consoleRemoveLeaderboardEntry", access: .consolePage(.admin), form: ["user", "period"]) {
            request,
            context in
            try await console.visit(request, context) { visit in
                let (app, board) = (try context.parameters.require("id"), try context.parameters.require("board"))
                let period = visit.form["period"].flatMap { $0.isEmpty ? nil : $0 }
                try await admin.removeLeaderboardScore(board: board, userID: visit.form["user"] ?? "", period: period, appID: app, by: visit.actor)
                let query = period.map { ConsoleViews.queryString([("period", $0)]) } ?? ""
                return ConsoleFeature.redirect("/console/apps/\(app)/leaderboards/\(board)\(query)")
            }
        }
    }
}
