import Foundation
import HTTPTypes
import Testing

/// A page's form as a browser sends it: with the `lk_csrf` cookie the page set and the page's
/// `csrf_token` field.
struct PageForm: Sendable {
    /// The `Cookie` header value, `lk_csrf=…`.
    var cookie: String
    /// The form's `csrf_token`.
    var token: String

    /// The form of `page`, which must carry a token and set the cookie.
    init(of page: TestResponse) throws {
        let setCookie = page.headers[values: .setCookie].first { $0.hasPrefix("lk_csrf=") }
        let field = try Regex(#"name="csrf_token" value="([^"]+)""#)
        guard let cookie = setCookie?.split(separator: ";").first, let match = page.text.firstMatch(of: field),
            let token = match.output[1].substring
        else { throw HarnessError.unexpected("no form token on the page: \(page.status) \(page.text)") }
        self.cookie = String(cookie)
        self.token = String(token)
    }

    /// `fields` with the token, and the header carrying the cookie.
    func request(_ fields: [String: String]) -> (form: [String: String], headers: HTTPFields) {
        (fields.merging(["csrf_token": token]) { $1 }, [.cookie: cookie])
    }
}

extension Client {
    /// Sends `fields` to `action` as the form of a page that `form` came from.
    func submit(_ fields: [String: String], to action: String, with form: PageForm, headers: HTTPFields = [:]) async throws -> TestResponse {
        let (body, cookie) = form.request(fields)
        var all = headers
        all.append(contentsOf: cookie)
        return try await send(.post, action, form: body, headers: all)
    }

    /// Opens the page at `page` and sends its form to `action` with `fields`, as a browser does.
    func submit(_ fields: [String: String], to action: String, from page: String, headers: HTTPFields = [:]) async throws -> TestResponse {
        try await submit(fields, to: action, with: try PageForm(of: try await send(.get, page, headers: headers)), headers: headers)
    }
}
