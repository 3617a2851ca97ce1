import Foundation
import Hummingbird
import LatchkeyWire

/// The installation's administration: operators (password + TOTP sign-in, roles, sessions), the
/// admin HTTP API under `/v1/operator` for operators' scripts, the audit log, and the console's
/// pages under `/console`. Both the API and the pages only translate requests into
/// ``AdminService`` calls, which the `latchkey` command makes too.
struct ConsoleFeature: Feature {
    static let id = "console"
    let admin: AdminService
    let operators: OperatorService
    let requests: RequestReader
    let pages: PageRenderer
    let csrf: CSRFProtection
    let secureCookies: Bool
    let backups: BackupMonitor
    /// The verification email an operator sends again.
    let emailLinks: EmailLinks
    /// What a user's export reads.
    let exportSources: ExportSources

    init(backend: LatchkeyBackend) {
        admin = backend.admin
        operators = backend.operators
        requests = backend.requests
        pages = backend.pages
        csrf = backend.csrf
        secureCookies = backend.configuration.issuer.hasPrefix("https:")
        backups = backend.backups
        emailLinks = EmailLinks(backend: backend)
        exportSources = ExportSources(backend: backend)
    }

    static let module: ModuleDeclaration? = ModuleDeclaration(title: "Administration (operators)", access: .operator(.viewer))

    static let errorCodes: [ErrorCode] = [.totpAlreadyEnrolled, .messageExpired]

    func routes(into table: inout RouteTable) {
        apiRoutes(into: &table)
        pageRoutes(into: &table)
    }

    /// The actor of an API request: the signed-in operator, from the caller's address.
    func actor(_ request: Request, _ context: LatchkeyRequestContext) throws -> AdminActor {
        AdminActor(try context.operator.operator, address: context.clientInfo.ipAddress)
    }
}
