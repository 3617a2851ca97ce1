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

    @Test func concatenatesTagsAndRefusesOneTwoFragmentsDefine() throws {
        var document = OpenAPIDocument()
        try document.add(OpenAPIFragment(#"{"tags": [{"name": "a"}]}"#), from: "first")
        try document.add(OpenAPIFragment(#"{"tags": [{"name": "b"}, {"name": "c"}]}"#), from: "second")
        #expect(throws: OpenAPIDocument.AssemblyError.conflict(member: "tags a", first: "first", second: "third")) {
            try document.add(OpenAPIFragment(#"{"tags": [{"name": "a", "description": "again"}]}"#), from: "third")
        }
        #expect(throws: OpenAPIDocument.AssemblyError.malformed(owner: "fourth")) {
            try document.add(OpenAPIFragment(#"{"tags": ["d"]}"#), from: "fourth")
        }
        let names = ["a", "b", "c"].map { JSONValue.object(["name": .string($0)]) }
        #expect(document.value == .object(["tags": .array(names)]))
    }

    /// The error codes and client scopes come from the features' declarations, so a feature that
    /// adds one documents it without touching the common fragment.
    @Test func derivesErrorCodesAndScopesFromTheFeatures() throws {
        let served = try Served(OpenAPIDocument(features: FeatureSet.all))
        let declaredCodes = APIError.commonCodes + FeatureSet.all.flatMap { $0.errorCodes }
        #expect(served.schemas["ErrorCode"]?["enum"] == .array(declaredCodes.map { .string($0.rawValue) }))
        let declaredScopes = FeatureSet.all.flatMap { $0.clientScopes }
        #expect(served.scopes == Dictionary(uniqueKeysWithValues: declaredScopes.map { ($0.scope.rawValue, JSONValue.string($0.allows)) }))
        #expect(declaredScopes.count >= 10)

        let bare = try Served(OpenAPIDocument(features: []))
        #expect(bare.schemas["ErrorCode"]?["enum"] == .array(APIError.commonCodes.map { .string($0.rawValue) }))
        #expect(bare.scopes == [:])
    }

    @Test func refusesTwoFeaturesDeclaringOneScope() {
        #expect(throws: OpenAPIDocument.AssemblyError.conflict(member: "scope wallet:read", first: "wallet", second: "ledger")) {
            try OpenAPIDocument(features: [WalletFeature.self, LedgerFeature.self])
        }
    }

    /// Every tag an operation names is one a fragment defines, and each is used.
    @Test func everyOperationsTagIsDefinedAndEveryTagUsed() throws {
        let served = try Served(OpenAPIDocument(features: FeatureSet.all))
        let used = Set(
            served.operations.flatMap { operation -> [String] in
                guard case .array(let tags)? = operation["tags"] else { return [] }
                return tags.compactMap { if case .string(let name) = $0 { name } else { nil } }
            }
        )
        #expect(Set(served.tagNames) == used)
        #expect(Set(served.tagNames).count == served.tagNames.count)
    }
}

/// A feature that declares a scope ``WalletFeature`` declares already.
private struct LedgerFeature: Feature {
    static let id = "ledger"
    static let clientScopes = [ClientScope(.walletRead, allows: "Read the ledger.")]

    init(backend: LatchkeyBackend) {}
}

/// The parts of an assembled document the tests read.
private struct Served {
    let schemas: [String: JSONValue]
    let scopes: [String: JSONValue]
    let tagNames: [String]
    let operations: [[String: JSONValue]]

    init(_ document: OpenAPIDocument) throws {
        let root = try #require(document.value.objectMembers)
        let components = try #require(root["components"]?.objectMembers)
        schemas = try #require(components["schemas"]?.objectMembers)
        let scheme = try #require(components["securitySchemes"]?.objectMembers?["clientCredentials"]?.objectMembers)
        scopes = try #require(scheme["flows"]?.objectMembers?["clientCredentials"]?.objectMembers?["scopes"]?.objectMembers)
        let tags: [JSONValue] = if case .array(let list)? = root["tags"] { list } else { [] }
        tagNames = tags.compactMap { if case .string(let name)? = $0.objectMembers?["name"] { name } else { nil } }
        operations = (root["paths"]?.objectMembers ?? [:]).values.flatMap { ($0.objectMembers ?? [:]).values.compactMap(\.objectMembers) }
    }
}

extension JSONValue {
    fileprivate var objectMembers: [String: JSONValue]? {
        if case .object(let members) = self { members } else { nil }
    }

    fileprivate subscript(member: String) -> JSONValue? { objectMembers?[member] }
}
