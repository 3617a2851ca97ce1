/// The files of `Resources/` — page templates and assets, string catalogs, the common-password
/// list — as the EmbedResources plugin compiled them into the server, so a copied binary needs no
/// file beside it.
extension EmbeddedResources {
    /// Thrown for a path that is not embedded: a broken build, which a test catches.
    struct MissingFile: Error, CustomStringConvertible {
        var path: String
        var description: String { "Resources/\(path) is not embedded in this build" }
    }

    /// The text of the file at `path` under `Resources/`.
    static func text(at path: String) throws -> String {
        guard let text = files[path] else { throw MissingFile(path: path) }
        return text
    }

    /// The files under the folder `folder` of `Resources/`, at any depth, by their path relative
    /// to it.
    static func files(under folder: String) -> [String: String] {
        let prefix = folder + "/"
        var found: [String: String] = [:]
        for (path, text) in files where path.hasPrefix(prefix) {
            found[String(path.dropFirst(prefix.count))] = text
        }
        return found
    }
}
