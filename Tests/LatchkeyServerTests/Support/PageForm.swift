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

extension PageForm {
    /// The fields of the form posting to `action` in `html` (the one `labelledBy` names, when
    /// several post there), as a browser sends it untouched: each named `<input>`'s value (a box's
    /// only when checked), each `<textarea>`'s text and each `<select>`'s chosen option, with
    /// HTML's character references read.
    static func fields(in html: String, action: String, labelledBy label: String? = nil) throws -> [String: String] {
        let opening = html.matches(of: /<form ([^>]*)>/).first { match in
            let attributes = attributes(of: String(match.1))
            return attributes["action"] == action && (label == nil || attributes["aria-labelledby"] == label)
        }
        guard let opening, let end = html[opening.range.upperBound...].range(of: "</form>") else {
            throw HarnessError.unexpected("no form posting to \(action)")
        }
        let form = html[opening.range.upperBound..<end.lowerBound]
        var fields: [String: String] = [:]
        for input in form.matches(of: /<input ([^>]*)>/) {
            let attributes = attributes(of: String(input.1))
            // A box not checked is not sent.
            let isBox = ["checkbox", "radio"].contains(attributes["type"])
            guard !isBox || input.1.split(separator: " ").contains("checked") else { continue }
            if let name = attributes["name"] { fields[name] = attributes["value"] ?? "" }
        }
        for area in form.matches(of: /(?s)<textarea ([^>]*)>(.*?)<\/textarea>/) {
            if let name = attributes(of: String(area.1))["name"] { fields[name] = unescaped(String(area.2)) }
        }
        for select in form.matches(of: /(?s)<select ([^>]*)>(.*?)<\/select>/) {
            let options = select.2.matches(of: /<option ([^>]*)>/).map { String($0.1) }
            let chosen = options.first { $0.split(separator: " ").contains("selected") } ?? options.first
            if let name = attributes(of: String(select.1))["name"] { fields[name] = chosen.flatMap { attributes(of: $0)["value"] } ?? "" }
        }
        return fields
    }

    /// `name="value"` attributes, their values unescaped.
    private static func attributes(of tag: String) -> [String: String] {
        Dictionary(tag.matches(of: /([a-z-]+)="([^"]*)"/).map { (String($0.1), unescaped(String($0.2))) }) { first, _ in first }
    }

    /// Text with HTML's character references (`&amp;`, `&#39;`, `&#x2F;`…) replaced by their characters.
    static func unescaped(_ text: String) -> String {
        let named = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"]
        return text.replacing(/&(#x[0-9A-Fa-f]+|#[0-9]+|[a-z]+);/) { match in
            let reference = String(match.1)
            if let character = named[reference] { return character }
            let number = reference.hasPrefix("#x") ? UInt32(reference.dropFirst(2), radix: 16) : UInt32(reference.dropFirst(), radix: 10)
            return number.flatMap(Unicode.Scalar.init).map { String(Character($0)) } ?? String(match.0)
        }
    }
}
