import Foundation

/// The console's provider form: one field per provider setting, so a provider saved from the
/// page keeps everything the admin API and the CLI can set — Apple's team and key ids and its
/// `.p8` key, scopes and response mode, an OAuth 2.0 provider's URLs and claim paths. Editing a
/// provider fills the form from what is stored; the secret is never shown.
enum ProviderForm {
    /// The fields a provider form posts.
    static let fields: Set<String> = [
        "action", "name", "kind", "issuer", "client_ids", "jwks_url", "client_secret", "apple_key", "graph_url", "scopes",
        "response_mode", "team_id", "key_id", "authorization_url", "token_url", "userinfo_url", "claim_id", "claim_email",
        "claim_email_verified", "claim_name",
    ]

    /// The provider a posted form describes. An empty field is an unset setting; the `.p8` key,
    /// posted in its own multi-line field, is the client secret.
    static func settings(from form: [String: String]) -> ProviderSettings {
        func present(_ field: String) -> String? {
            guard let value = form[field]?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty else { return nil }
            return value
        }
        let scopes = (form["scopes"] ?? "").split(whereSeparator: \.isWhitespace).map(String.init)
        let claimFields = ["claim_id", "claim_email", "claim_email_verified", "claim_name"]
        let claimPaths =
            claimFields.allSatisfy { present($0) == nil }
            ? nil
            : ProviderSettings.ClaimPaths(
                id: present("claim_id") ?? "id",
                email: present("claim_email"),
                emailVerified: present("claim_email_verified"),
                name: present("claim_name")
            )
        return ProviderSettings(
            kind: ProviderSettings.Kind(rawValue: form["kind"] ?? "") ?? .openIDConnect,
            issuer: present("issuer"),
            clientIDs: (form["client_ids"] ?? "").split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty },
            jwksURL: present("jwks_url"),
            clientSecret: present("apple_key") ?? present("client_secret"),
            graphURL: present("graph_url"),
            scopes: scopes.isEmpty ? nil : scopes,
            responseMode: present("response_mode").flatMap(ProviderSettings.ResponseMode.init),
            teamID: present("team_id"),
            keyID: present("key_id"),
            authorizationURL: present("authorization_url"),
            tokenURL: present("token_url"),
            userInfoURL: present("userinfo_url"),
            claimPaths: claimPaths
        )
    }

    /// The form's field values for a stored provider (without its secret).
    static func values(name: String, of provider: ProviderSettings) -> [String: String] {
        let settings: [String: String?] = [
            "name": name, "kind": provider.kind.rawValue, "issuer": provider.issuer, "client_ids": provider.clientIDs.joined(separator: "\n"),
            "jwks_url": provider.jwksURL, "graph_url": provider.graphURL, "scopes": provider.scopes?.joined(separator: " "),
            "response_mode": provider.responseMode?.rawValue, "team_id": provider.teamID, "key_id": provider.keyID,
            "authorization_url": provider.authorizationURL, "token_url": provider.tokenURL, "userinfo_url": provider.userInfoURL,
        ]
        var values = settings.compactMapValues { $0 }
        if let paths = provider.claimPaths {
            values["claim_id"] = paths.id
            values["claim_email"] = paths.email
            values["claim_email_verified"] = paths.emailVerified
            values["claim_name"] = paths.name
        }
        return values
    }

    /// What the template shows: every text field's value (empty when unset) and the choices of
    /// the two menus with the chosen one marked.
    static func view(_ values: [String: String]) -> [String: Any] {
        var view: [String: Any] = [:]
        for field in fields where field != "action" && field != "client_secret" && field != "apple_key" {
            view[field] = values[field] ?? ""
        }
        let kind = values["kind"] ?? ProviderSettings.Kind.openIDConnect.rawValue
        view["kinds"] = [("oidc", "OpenID Connect"), ("facebook", "Facebook"), ("oauth2", "OAuth 2.0")].map { value, label in
            ["value": value, "label": label, "selected": value == kind]
        }
        let mode = values["response_mode"] ?? ""
        view["responseModes"] = ["query", "form_post"].map { ["value": $0, "selected": $0 == mode] }
        return view
    }
}
