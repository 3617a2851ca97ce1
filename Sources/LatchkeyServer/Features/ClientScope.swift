/// A scope a confidential client's token may carry, declared by the feature whose `.client` routes
/// ask for it, with what it allows: the OpenAPI document's `clientCredentials` scheme lists these,
/// so a new scope is documented where it is declared.
struct ClientScope: Sendable {
    /// The scope as tokens carry it.
    var scope: Scope
    /// What a token with it may do, one sentence for the API's readers.
    var allows: String

    init(_ scope: Scope, allows: String) {
        self.scope = scope
        self.allows = allows
    }
}
