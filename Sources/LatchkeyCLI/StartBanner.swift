import LatchkeyServer

/// What `serve` prints once it listens: where, its data, and on a new installation the first
/// app's and the first operator's credentials, which are shown only this once. Scripts read the
/// `client id:` line; the rest is for the person who started it.
struct StartBanner {
    let url: String
    let data: String
    let console: String
    let app: AppCredentials?
    let owner: OperatorCredentials?

    var text: String {
        var lines = [
            "Latchkey \(LatchkeyVersion.current) listening on \(url)",
            "  data:    \(data)",
            "  console: \(console)",
        ]
        if app != nil || owner != nil {
            lines += ["", "A new installation. These secrets are shown only now: keep them somewhere safe."]
        }
        if let app {
            lines += [
                "  The first app, \"\(app.app.name)\":",
                "    client id:     \(app.app.clientID)",
                "    client secret: \(app.clientSecret)",
            ]
        }
        if let owner {
            lines += [
                "  The console's first operator, an owner (they enroll an authenticator at first sign-in):",
                "    operator: \(owner.operator.username)",
                "    password: \(owner.password)",
            ]
        }
        return lines.joined(separator: "\n")
    }
}
