import Foundation
import Testing

/// docs/security-tests.md names, for each security and reliability rule, the tests that prove it:
/// every name it gives must be a test that exists, so a renamed or deleted test cannot leave a
/// rule pointing at nothing.
@Suite struct SecurityDocTests {
    @Test func everyTestTheSecurityDocNamesExists() throws {
        let doc = try String(contentsOf: Repository.url("docs/security-tests.md"), encoding: .utf8)
        let swift = try Self.sources(under: "Tests", ending: ".swift")
        let swiftNames = doc.matches(of: /`([A-Z][A-Za-z]*Tests)\/([A-Za-z0-9]+)`/).map { (String($0.1), String($0.2)) }
        #expect(swiftNames.count > 100, "the document names its Swift tests as `Suite/test`")
        for (suite, test) in swiftNames {
            let file = swift.first { $0.text.contains("struct \(suite) ") || $0.text.contains("extension \(suite) ") }
            #expect(file != nil, "docs/security-tests.md names \(suite), which no test file declares")
            #expect(swift.contains { $0.text.contains("func \(test)(") }, "docs/security-tests.md names \(suite)/\(test), which does not exist")
        }
        let python = try Self.sources(under: "Tests/interop", ending: ".py")
        for match in doc.matches(of: /`(test_[a-z0-9_]+\.py)::(test_[a-z0-9_]+)`/) {
            let file = python.first { $0.path.hasSuffix("/" + String(match.1)) }
            #expect(file?.text.contains("def \(match.2)(") == true, "docs/security-tests.md names \(match.1)::\(match.2), which does not exist")
        }
    }

    /// The files under `folder` whose names end with `suffix` (virtual environments left out).
    private static func sources(under folder: String, ending suffix: String) throws -> [(path: String, text: String)] {
        let base = Repository.url(folder)
        guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { return [] }
        var files: [(String, String)] = []
        for case let url as URL in walker where url.path.hasSuffix(suffix) && !url.path.contains("/.venv/") {
            files.append((url.path, try String(contentsOf: url, encoding: .utf8)))
        }
        return files
    }
}
