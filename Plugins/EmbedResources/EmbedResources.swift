import Foundation
import PackagePlugin

/// Compiles every file under a target's `Resources` folder into the target as Swift source (the
/// `EmbeddedResources` enum, written by the ResourceEmbedder tool), so a binary built from it finds
/// its templates and catalogs in itself, never in a bundle whose path is the build folder's. The
/// target excludes the folder from its sources; the file list is read at every build, so a file
/// added or removed there needs no change anywhere else.
@main
struct EmbedResources: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        let folder = target.directoryURL.appending(path: "Resources")
        let files = try Self.files(under: folder)
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedResources.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(files.count) files of \(target.name)/Resources",
                executable: try context.tool(named: "ResourceEmbedder").url,
                arguments: [output.path(percentEncoded: false), folder.path(percentEncoded: false)] + files.map { $0.path(percentEncoded: false) },
                inputFiles: files,
                outputFiles: [output]
            )
        ]
    }

    /// The regular files under `folder`, at any depth, leaving out hidden ones (an editor's swap file).
    private static func files(under folder: URL) throws -> [URL] {
        let keys: [URLResourceKey] = [.isRegularFileKey]
        guard let walk = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: keys, options: [.skipsHiddenFiles]) else {
            throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: folder.path(percentEncoded: false)])
        }
        var files: [URL] = []
        while let url = walk.nextObject() as? URL {
            if try url.resourceValues(forKeys: Set(keys)).isRegularFile == true { files.append(url) }
        }
        return files.sorted { $0.path < $1.path }
    }
}
