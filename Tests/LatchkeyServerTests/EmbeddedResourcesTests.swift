import Foundation
import Testing

@testable import LatchkeyServer

/// The server reads its templates, assets and catalogs from its own binary (the EmbedResources
/// plugin); a file that reached it changed, or one left out, fails here.
@Suite struct EmbeddedResourcesTests {
    @Test func everyResourceFileIsEmbeddedAsItIs() throws {
        let folder = Repository.url("Sources/LatchkeyServer/Resources").standardizedFileURL
        var onDisk: [String: String] = [:]
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        while let url = files?.nextObject() as? URL {
            guard try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true else { continue }
            onDisk[String(url.standardizedFileURL.path.dropFirst(folder.path.count + 1))] = try String(contentsOf: url, encoding: .utf8)
        }
        #expect(onDisk.keys.contains("templates/layout.mustache") && onDisk.keys.contains("common-passwords.txt"))
        #expect(Set(EmbeddedResources.files.keys) == Set(onDisk.keys))
        for (path, text) in onDisk {
            #expect(EmbeddedResources.files[path] == text, "Resources/\(path) differs from its embedded copy")
        }
        #expect(EmbeddedResources.files(under: "strings").keys.sorted() == ["en.json", "ja.json", "zh-Hans.json"])
        #expect(throws: EmbeddedResources.MissingFile.self) { try EmbeddedResources.text(at: "strings/missing.json") }
    }
}
