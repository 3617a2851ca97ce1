import Foundation

/// The repository the tests run from, for the tests that read its files (documents, sources,
/// resources) or run what it built.
enum Repository {
    /// The repository's root, from this file's place in it (`Tests/LatchkeyServerTests/Support`).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The file or folder at `path`, relative to the root.
    static func url(_ path: String) -> URL { root.appendingPathComponent(path) }
}
