import Foundation
import HTTPTypes
import Hummingbird
import LatchkeyWire

/// `/console/audit`: the audit log, filtered by operator, app, action and days (a `GET` form,
/// so a filtered view is a link), a page at a time, with names for ids and each entry's changes;
/// `/console/audit.csv` exports what the same filter lets through.
extension ConsoleFeature {
    /// The entries one page shows.
    static let auditPageSize = 50
    /// The most entries one export holds.
    static let auditExportLimit = 10_000

    func auditPageRoutes(into table: inout RouteTable) {
        table.on(.get, "/console/audit", operation: "consoleAuditLog", access: .consolePage(.viewer)) { request, context in
            try await visit(request, context) { visit in
                let filter = try auditFilter(request)
                let before = request.uri.queryParameters["before"].map(String.init)
                let found = try await admin.auditLog(filter, limit: Self.auditPageSize + 1, before: before, by: visit.actor)
                let entries = Array(found.prefix(Self.auditPageSize))
                let names = try await admin.auditNames(of: entries, by: visit.actor)
                let apps = try await admin.listApps(by: visit.actor)
                var values = ConsoleViews.auditFilter(filter, apps: apps)
                values["entries"] = entries.map { ConsoleViews.audit($0, names: names) }
                values["hasEntries"] = !entries.isEmpty
                values["exportLink"] = "/console/audit.csv" + ConsoleViews.queryString(filter.query)
                if found.count > Self.auditPageSize, let last = entries.last {
                    values["olderLink"] = "/console/audit" + ConsoleViews.queryString(filter.query + [("before", last.id)])
                }
                if before != nil { values["newestLink"] = "/console/audit" + ConsoleViews.queryString(filter.query) }
                return try render("console/audit", "console.audit.title", visit, values: values)
            }
        }
        table.on(.get, "/console/audit.csv", operation: "consoleAuditExport", access: .consolePage(.viewer)) { request, context in
            try await visit(request, context) { visit in
                let filter = try auditFilter(request)
                var entries: [AuditEntry] = []
                while entries.count < Self.auditExportLimit {
                    let page = try await admin.auditLog(filter, limit: AdminService.pageLimit, before: entries.last?.id, by: visit.actor)
                    entries += page
                    if page.count < AdminService.pageLimit { break }
                }
                let names = try await admin.auditNames(of: entries, by: visit.actor)
                return Response(
                    status: .ok,
                    headers: [
                        .contentType: "text/csv; charset=utf-8", .contentDisposition: #"attachment; filename="latchkey-audit.csv""#,
                        .cacheControl: "no-store",
                    ],
                    body: ResponseBody(byteBuffer: ByteBuffer(string: AuditCSV.document(entries, names: names)))
                )
            }
        }
    }

    /// The filter a request's query gives.
    func auditFilter(_ request: Request) throws -> AuditFilter {
        let query = request.uri.queryParameters
        return try AuditFilter { query[Substring($0)].map(String.init) }
    }
}
