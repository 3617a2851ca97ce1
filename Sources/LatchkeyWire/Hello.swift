/// `GET /v1/hello` (Kurogo): what the server is and which modules it offers the caller.
public struct HelloResponse: Codable, Sendable, Equatable {
    /// The server's name, `Latchkey`.
    public var name: String
    /// The server's version.
    public var version: String
    /// The app the request was scoped to, if any.
    public var clientId: String?
    /// The modules and their API versions.
    public var modules: [Module]

    /// Creates a hello answer.
    public init(name: String, version: String, clientId: String?, modules: [Module]) {
        self.name = name
        self.version = version
        self.clientId = clientId
        self.modules = modules
    }
}

/// One module of the API as Kurogo's hello lists it.
public struct Module: Codable, Sendable, Equatable {
    /// The module id, also its path segment (`auth`, `me`).
    public var id: String
    /// A human title.
    public var title: String
    /// The lowest API version the server speaks for this module.
    public var vmin: Int
    /// The highest API version the server speaks for this module.
    public var vmax: Int
    /// Whether the caller may use the module now (`false`: sign in first).
    public var access: Bool

    /// Creates a module entry.
    public init(id: String, title: String, vmin: Int, vmax: Int, access: Bool) {
        self.id = id
        self.title = title
        self.vmin = vmin
        self.vmax = vmax
        self.access = access
    }
}
