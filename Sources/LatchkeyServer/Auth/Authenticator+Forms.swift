import Hummingbird

extension Authenticator {
    /// The form a browser posted to a route that reads `fields`: those fields only, and only
    /// with the token bound to the browser's form cookie, so another site cannot post it for the
    /// browser (CSRF). A form without it, or one that does not parse, gets the refused-form page.
    func form(of request: Request, fields: Set<String>) async throws -> [String: String] {
        guard var form = try await requests.form(of: request, recognized: fields.union([CSRFProtection.fieldName])),
            csrf.verify(request, form: form)
        else { throw RefusalResponse(response: try pages.render(.refusedForm(in: Language(of: request)))) }
        form[CSRFProtection.fieldName] = nil
        return form
    }
}
