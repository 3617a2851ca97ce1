import Foundation
import LatchkeyWire
import Testing

@testable import LatchkeyServer

/// Truths kept in two places stay equal: a strict request's accepted members and its schema in
/// the OpenAPI document, and the texts of the three string catalogs. Each test fails when one
/// side moves alone.
@Suite struct ContractTests {
    /// The names of the request types that declare `StrictRequest`, read from the sources of the
    /// modules that declare them.
    static func strictRequestNames() throws -> [(module: String, name: String)] {
        var names: [(String, String)] = []
        let declaration = /struct (\w+):[^{]*\bStrictRequest\b/
        for module in ["LatchkeyWire", "LatchkeyServer"] {
            let folder = Repository.url("Sources/\(module)")
            let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? []
            for file in files where file.pathExtension == "swift" {
                let source = try String(contentsOf: file, encoding: .utf8)
                for match in source.matches(of: declaration) { names.append((module, String(match.output.1))) }
            }
        }
        return names
    }

    @Test func everyStrictRequestAcceptsExactlyTheMembersItsSchemaDocuments() throws {
        let document = try JSONSerialization.jsonObject(with: OpenAPIDocument.served)
        let schemas = try #require(((document as? [String: Any])?["components"] as? [String: Any])?["schemas"] as? [String: Any])
        let names = try Self.strictRequestNames()
        #expect(names.count >= 40, "the source scan found only \(names.map(\.name))")
        for (module, name) in names {
            // The struct's mangled name, which the runtime looks types up by.
            let mangled = "\(module.utf8.count)\(module)\(name.utf8.count)\(name)V"
            let type = try #require(_typeByName(mangled) as? any StrictRequest.Type, "\(module).\(name) is not found at run time")
            let schema = try #require(schemas[name] as? [String: Any], "openapi.json has no schema \(name)")
            let documented = Set((schema["properties"] as? [String: Any] ?? [:]).keys)
            #expect(type.acceptedFields == documented, "\(name): accepted \(type.acceptedFields.sorted()), documented \(documented.sorted())")
        }
    }

    @Test func everyCatalogHoldsTheSameTexts() {
        let catalog = StringCatalog.shipped
        let english = Set(catalog.texts[.english].map { Array($0.keys) } ?? [])
        #expect(english.count > 400)
        for language in Language.allCases where language != .english {
            let texts = Set(catalog.texts[language].map { Array($0.keys) } ?? [])
            #expect(texts == english, "\(language) lacks \(english.subtracting(texts).sorted()) and adds \(texts.subtracting(english).sorted())")
        }
    }
}
