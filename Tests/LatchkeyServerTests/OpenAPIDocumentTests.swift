import Foundation
import LatchkeyWire
import Testing

@testable import LatchkeyServer

/// The OpenAPI document merges its fragments and refuses two that define one member, naming
/// both, so a feature cannot quietly replace another's operation or schema.
@Suite struct OpenAPIDocumentTests {
    @Test func refusesAnOperationTwoFragmentsDefine() throws {
        var document = OpenAPIDocument()
        let get = OpenAPIFragment(#"{"paths": {"/v1/x": {"get": {"operationId": "getX"}}}}"#)
        try document.add(get, from: "first")
        #expect(throws: OpenAPIDocument.AssemblyError.conflict(member: "paths /v1/x get", first: "first", second: "second")) {
            try document.add(get, from: "second")
        }
        // Another method of the same path is another operation.
        try document.add(OpenAPIFragment(#"{"paths": {"/v1/x": {"put": {"operationId": "putX"}}}}"#), from: "second")
        let operations = JSONValue.object(["get": .object(["operationId": .string("getX")]), "put": .object(["operationId": .string("putX")])])
        #expect(document.value == .object(["paths": .object(["/v1/x": operations])]))
    }

    @Test func sharesAComponentOnlyWithTheSameContent() throws {
        var document = OpenAPIDocument()
        let problem = OpenAPIFragment(#"{"components": {"schemas": {"Problem": {"type": "object"}}}}"#)
        try document.add(problem, from: "first")
        try document.add(problem, from: "second")
        #expect(throws: OpenAPIDocument.AssemblyError.conflict(member: "components schemas Problem", first: "first", second: "third")) {
            try document.add(OpenAPIFragment(#"{"components": {"schemas": {"Problem": {"type": "string"}}}}"#), from: "third")
        }
    }

    @Test func refusesAFragmentThatIsNotAnObjectOfObjects() {
        var document = OpenAPIDocument()
        #expect(throws: OpenAPIDocument.AssemblyError.malformed(owner: "first")) {
            try document.add(OpenAPIFragment(#"{"paths": {"/v1/x": []}}"#), from: "first")
        }
    }

    /// OpenAPI 3.1 §4.8.10.1: an `operationId` is unique in the document; clients generated from
    /// it name their methods by it.
    @Test func everyOperationIDOfTheServedDocumentIsUnique() throws {
        guard case .object(let root) = try OpenAPIDocument(features: FeatureSet.all).value, case .object(let paths)? = root["paths"] else {
            Issue.record("the document has no paths")
            return
        }
        var ids: [String] = []
        for case .object(let operations) in paths.values {
            for case .object(let operation) in operations.values {
                if case .string(let id)? = operation["operationId"] { ids.append(id) }
            }
        }
        let repeated = Dictionary(grouping: ids, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
        #expect(repeated.isEmpty, "operationIds used more than once: \(repeated)")
        #expect(ids.count > 150)
    }
}
