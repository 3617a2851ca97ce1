import Foundation

/// Writes a Swift source declaring `EmbeddedResources.files`: the text of each given file by its
/// path under a root folder. The EmbedResources plugin runs it at build time, so the server's
/// templates, assets and catalogs are compiled into its binary, which then needs no file beside it.
///
///     ResourceEmbedder OUTPUT ROOT FILE…
@main
struct ResourceEmbedder {
    /// A file that cannot be embedded, and why.
    struct Refusal: Error, CustomStringConvertible {
        var path: String
        var reason: String
        var description: String { "ResourceEmbedder: \(path): \(reason)" }
    }

    static func main() throws {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard arguments.count >= 2 else {
            FileHandle.standardError.write(Data("usage: ResourceEmbedder OUTPUT ROOT FILE…\n".utf8))
            exit(64)
        }
        let root = URL(filePath: arguments[1], directoryHint: .isDirectory).standardizedFileURL.path(percentEncoded: false)
        var entries = ""
        for path in arguments.dropFirst(2).sorted() {
            let file = URL(filePath: path).standardizedFileURL.path(percentEncoded: false)
            guard file.hasPrefix(root) else { throw Refusal(path: path, reason: "is not under \(root)") }
            let literal: RawStringLiteral
            do {
                literal = try RawStringLiteral(String(contentsOfFile: file, encoding: .utf8))
            } catch {
                throw Refusal(path: path, reason: "\(error)")
            }
            entries += "        \(String(file.dropFirst(root.count)).debugDescription): \(literal),\n"
        }
        let source = """
            // Generated at build time by the EmbedResources plugin; do not edit.

            /// The files of the target's `Resources` folder, compiled into the binary.
            enum EmbeddedResources {
                /// Each file's text by its path under `Resources` (`templates/layout.mustache`).
                static let files: [String: String] = [
            \(entries)    ]
            }

            """
        // An unchanged file keeps its date, so the target is not compiled again when only this
        // tool was rebuilt (a build with other link flags).
        let output = URL(filePath: arguments[0])
        if (try? String(contentsOf: output, encoding: .utf8)) != source {
            try source.write(to: output, atomically: true, encoding: .utf8)
        }
    }
}
