import Foundation
import Hummingbird

/// What a provider sends the browser back with: in the query of a redirect, or as a form posted
/// from the provider's site (`response_mode=form_post`, which Sign in with Apple requires when
/// it is asked for the name or email).
struct ProviderAnswer {
    /// The fields read: the code or error and the state, and Apple's `user` (a JSON object with
    /// the name, sent on the first sign-in only). Any other field is ignored.
    static let recognized: Set<String> = ["code", "state", "error", "user"]

    /// The provider's fields.
    var fields: [String: String]
    /// Whether this is a posted form, which the relay page turns into this site's own `GET`.
    var isPosted: Bool

    /// The answer `request` carries; nil for a form that cannot be read.
    init?(_ request: Request, reader: RequestReader) async throws {
        if request.method == .post {
            guard let form = try await reader.form(of: request, recognized: Self.recognized) else { return nil }
            isPosted = true
            fields = form
        } else {
            let query = request.uri.queryParameters
            isPosted = false
            fields = [:]
            for name in Self.recognized {
                fields[name] = query[name[...]].map(String.init)
            }
        }
    }

    /// The callback's own URL with these fields in its query: where the relay page sends the
    /// browser.
    var relayURL: String {
        ProviderLogin.callbackPath + "?"
            + fields.sorted { $0.key < $1.key }.map { FormEncoding.encode($0.key) + "=" + FormEncoding.encode($0.value) }
            .joined(separator: "&")
    }

    /// The name in Apple's `user` field (`{"name": {"firstName": …, "lastName": …}}`): the only
    /// place Apple ever gives it, on the first sign-in. It is not signed, so it only fills the
    /// new account's display name, like a name the user typed.
    static func name(inUser json: String?) -> String? {
        guard let data = json?.data(using: .utf8), data.count <= 4096,
            let user = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let name = user["name"] as? [String: Any]
        else { return nil }
        let parts = [name["firstName"], name["lastName"]].compactMap { ($0 as? String)?.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }
}
