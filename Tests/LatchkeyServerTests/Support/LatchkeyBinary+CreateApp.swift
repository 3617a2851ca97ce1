import Testing

/// An app as `apps create --json` reported it: what tests sign in to and administer it with.
struct CreatedApp: Sendable {
    let id: String
    let clientID: String
    /// Printed once, at creation.
    let clientSecret: String
}

extension LatchkeyBinary {
    /// Creates an app named `name` with `apps create`, in the store `location` names
    /// (`["--data-dir", DIR]` or `["--database", URL]`).
    static func createApp(_ name: String, in location: [String]) async throws -> CreatedApp {
        let created = try #require(try await json(["apps", "create", "--name", name] + location) as? [String: Any])
        let app = try #require(created["app"] as? [String: Any])
        return CreatedApp(
            id: try #require(app["id"] as? String),
            clientID: try #require(app["clientId"] as? String),
            clientSecret: try #require(created["clientSecret"] as? String)
        )
    }
}
