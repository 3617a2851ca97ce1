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
}
