import Hummingbird

/// What a route needs from its caller. The router authenticates once, before the handler, and
/// puts the resulting ``Principal`` in the request context; a handler never reads credentials.
enum Access: Sendable, Equatable {
    /// Nothing: discovery, health, and holders of single-use links (the link is the credential).
    case anyone
    /// Anyone; a usable bearer token, when one comes, names its user or client, which the answer
    /// describes without guarding anything by it (`hello` lists what that caller may use).
    case anyoneNamed
    /// A public client naming its app with `Latchkey-Client-Id` (mobile apps hold no secret).
    case app
    /// A live user session whose token carries `scope`.
    case user(Scope)
    /// A confidential client's `client_credentials` token carrying `scope`: server-to-server calls.
    /// A user's token never carries these scopes.
    case client(Scope)
    /// An OAuth endpoint that authenticates its client from the form body itself (RFC 6749 §2.3).
    case oauthClient
    /// An operator's live session (`Authorization: Bearer lko_…`) whose role is at least this one:
    /// the admin API. Operators belong to the installation, not to an app.
    case `operator`(OperatorRole)
    /// An operator's live console session in a browser (the console's session cookie) whose role
    /// is at least this one: the console's pages. Refusals are pages, not problem documents: a
    /// browser without a session is sent to the sign-in page, a lower role gets the forbidden page.
    case consolePage(OperatorRole)
    /// The console session of an operator who has proved their password and not yet their TOTP
    /// code: the sign-in's second page. A browser without one is sent to the sign-in page.
    case consoleSecondStep
    /// A browser of the hosted login, with or without a browser session: the table reads the
    /// session cookie, and the flow opens the session of the app its authorization request names.
    case browser
    /// A protocol's own credentials, which the feature speaking the protocol resolves (the data
    /// tree's tokens in `auth=`, `ns=` or the `Host`; the metrics scraper's token): declared here, so the route is
    /// authenticated before its handler like any other; the scheme refuses in its protocol's form.
    case scheme(CredentialScheme)
}

/// How a protocol's requests name their caller: a name for the route table and tests, and the
/// feature's resolver. Two schemes are the same when their names are.
struct CredentialScheme: Sendable, Equatable {
    /// Names the scheme in tests and logs.
    var name: String
    /// The caller `request` names (nil for a scheme that admits without naming anyone, as the
    /// metrics token does), or a refusal in the protocol's form.
    var resolve: @Sendable (Request) async throws -> Principal?

    static func == (lhs: CredentialScheme, rhs: CredentialScheme) -> Bool { lhs.name == rhs.name }
}

/// An OAuth scope (RFC 6749 §3.3): one space-free token.
struct Scope: RawRepresentable, Hashable, Sendable {
    var rawValue: String

    init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// OpenID Connect's identity scope, on every user token.
    static let openid = Scope(rawValue: "openid")
    /// The user's own account and data, on every user token.
    static let profile = Scope(rawValue: "profile")
    /// Acting where others can see or reach the user (leaderboard names, public data, push). A
    /// child's account awaiting parental consent gets tokens without it, so routes that need it
    /// refuse them and routes that only behave differently read ``UserPrincipal/isRestricted``.
    static let `public` = Scope(rawValue: "public")

    /// The scopes of a token's space-separated `scope` claim.
    static func parse(_ claim: String) -> Set<Scope> {
        Set(claim.split(separator: " ").map { Scope(rawValue: String($0)) })
    }
}
