import Hummingbird

extension Authenticator {
    /// The operator whose live console session the browser's cookie carries, with at least
    /// `role`. A browser without one is sent to the sign-in page; a lower role gets the
    /// forbidden page.
    func consoleOperator(for request: Request, role: OperatorRole) async throws -> OperatorPrincipal {
        guard let token = request.cookies[ConsoleFeature.cookieName]?.value,
            let (row, session) = try await operators.authenticate(token: token, stage: .live)
        else { throw RefusalResponse(response: ConsoleFeature.redirect("/console/sign-in")) }
        guard row.operator.role >= role else { throw RefusalResponse(response: try ConsoleFeature.forbiddenPage(for: request, pages: pages)) }
        return OperatorPrincipal(operator: row.operator, sessionID: session.id)
    }

    /// The operator whose console cookie carries a session that has proved the password and
    /// awaits the TOTP code. A browser without one is sent to the sign-in page.
    func consoleOperatorSigningIn(for request: Request) async throws -> OperatorSigningIn {
        guard let token = request.cookies[ConsoleFeature.cookieName]?.value,
            let (row, session) = try await operators.authenticate(token: token, stage: .totp)
        else { throw RefusalResponse(response: ConsoleFeature.redirect("/console/sign-in")) }
        return OperatorSigningIn(row: row, sessionID: session.id)
    }
}
