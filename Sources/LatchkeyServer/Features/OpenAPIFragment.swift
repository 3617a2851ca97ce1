/// A part of the OpenAPI document: a JSON object holding the `paths` and `components` members it
/// adds. Each feature keeps its own next to its code (`<Feature>+OpenAPI.swift`), so documenting a
/// route touches the folder that serves it; ``common`` holds what the features share.
///
/// The JSON is Swift source, not a resource file, so the contract is compiled into the binary and
/// a server needs no resource folder to serve it. ``OpenAPIDocument`` parses and merges the
/// fragments.
struct OpenAPIFragment: Sendable {
    /// The fragment's JSON object, as text.
    let json: String

    init(_ json: String) {
        self.json = json
    }

    /// No paths and no components: what a feature without routes documents.
    static let empty = OpenAPIFragment("{}")
}
