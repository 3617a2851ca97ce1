public import Foundation
import LatchkeyWire

/// The OpenAPI 3.1 document that `GET /openapi.json` serves and `latchkey openapi` prints:
/// ``OpenAPIFragment/common`` and every feature's ``Feature/openAPI``, merged in ``FeatureSet``
/// order.
///
/// Fragments merge at three levels: a path's operation (`paths /v1/me get`), a component
/// (`components schemas Problem`) and any other top-level member (`info`). An operation belongs
/// to one fragment; a component or top-level member may stand in two only with the same content,
/// so one feature cannot quietly change what another documents. `tags` concatenate: each feature
/// names its own, and a tag belongs to one fragment.
///
/// What features declare in code is not written in a fragment but derived when the document is
/// assembled: the `ErrorCode` schema's values from ``APIError/commonCodes`` and each feature's
/// ``Feature/errorCodes``, and the `clientCredentials` scheme's scopes from each feature's
/// ``Feature/clientScopes``. A new feature adds its folder and its line in ``FeatureSet``, and the
/// contract follows.
public struct OpenAPIDocument: Sendable {
    /// Why fragments do not assemble.
    enum AssemblyError: Error, CustomStringConvertible, Equatable {
        /// Two fragments define one member: the same operation, or one component differently.
        case conflict(member: String, first: String, second: String)
        /// A fragment is not a JSON object, its `paths` or `components` do not nest objects, or
        /// its `tags` are not named objects.
        case malformed(owner: String)
        /// No fragment defines a member the document derives part of from the features.
        case missing(member: String)

        var description: String {
            switch self {
            case .conflict(let member, let first, let second): "\(member) is defined by both \(first) and \(second)"
            case .malformed(let owner): "the OpenAPI fragment of \(owner) is not an object of objects where the document nests them"
            case .missing(let member): "no OpenAPI fragment defines \(member)"
            }
        }
    }

    /// The members at the level they merge at, keyed by their place in the document
    /// (`["paths", "/v1/me", "get"]`), each with the fragment that added it.
    private var members: [[String]: (value: JSONValue, owner: String)] = [:]
    /// The document's tags in the order fragments added them, each with its fragment.
    private var tags: [(name: String, value: JSONValue, owner: String)] = []

    init() {}

    /// The server's document: the common fragment, then each of `features`' in order, with the
    /// error codes and client scopes they declare.
    init(features: [any Feature.Type]) throws {
        try add(.common, from: "common")
        for feature in features { try add(feature.openAPI, from: feature.id) }
        let codes = APIError.commonCodes + features.flatMap { $0.errorCodes }
        try derive(.array(codes.map { .string($0.rawValue) }), at: ["enum"], inside: ["components", "schemas", "ErrorCode"])
        var scopes: [String: JSONValue] = [:]
        var scopeOwners: [String: String] = [:]
        for feature in features {
            for declared in feature.clientScopes {
                let name = declared.scope.rawValue
                if let first = scopeOwners[name] { throw AssemblyError.conflict(member: "scope \(name)", first: first, second: feature.id) }
                scopes[name] = .string(declared.allows)
                scopeOwners[name] = feature.id
            }
        }
        try derive(.object(scopes), at: ["flows", "clientCredentials", "scopes"], inside: ["components", "securitySchemes", "clientCredentials"])
    }

    /// Merges `fragment` in, naming it `owner` in an error.
    mutating func add(_ fragment: OpenAPIFragment, from owner: String) throws {
        guard case .object(let object) = try JSONDecoder().decode(JSONValue.self, from: Data(fragment.json.utf8)) else {
            throw AssemblyError.malformed(owner: owner)
        }
        for (name, value) in object {
            switch name {
            case "tags":
                try addTags(value, from: owner)
            case "paths", "components":
                for (place, member) in try Self.nested(value, under: [name], owner: owner) {
                    try add(member, at: place, from: owner)
                }
            default:
                try add(value, at: [name], from: owner)
            }
        }
    }

    /// The members two levels below `value` (a path's operations, a section's components).
    private static func nested(_ value: JSONValue, under place: [String], owner: String) throws -> [([String], JSONValue)] {
        guard case .object(let outer) = value else { throw AssemblyError.malformed(owner: owner) }
        return try outer.flatMap { key, value in
            guard case .object(let inner) = value else { throw AssemblyError.malformed(owner: owner) }
            return inner.map { (place + [key, $0.key], $0.value) }
        }
    }

    private mutating func addTags(_ value: JSONValue, from owner: String) throws {
        guard case .array(let list) = value else { throw AssemblyError.malformed(owner: owner) }
        for tag in list {
            guard case .object(let members) = tag, case .string(let name)? = members["name"] else { throw AssemblyError.malformed(owner: owner) }
            if let first = tags.first(where: { $0.name == name }) {
                throw AssemblyError.conflict(member: "tags \(name)", first: first.owner, second: owner)
            }
            tags.append((name, tag, owner))
        }
    }

    /// Writes `value` at `path` inside the member at `place`, which a fragment defines without it.
    private mutating func derive(_ value: JSONValue, at path: [String], inside place: [String]) throws {
        guard let member = members[place], case .object(var object) = member.value else {
            throw AssemblyError.missing(member: place.joined(separator: " "))
        }
        Self.insert(value, at: path[...], into: &object)
        members[place] = (.object(object), member.owner)
    }

    private mutating func add(_ value: JSONValue, at place: [String], from owner: String) throws {
        guard let existing = members[place] else {
            members[place] = (value, owner)
            return
        }
        if place.first == "paths" || existing.value != value {
            throw AssemblyError.conflict(member: place.joined(separator: " "), first: existing.owner, second: owner)
        }
    }

    /// The document as one JSON value.
    var value: JSONValue {
        var root: [String: JSONValue] = [:]
        for (place, member) in members { Self.insert(member.value, at: place[...], into: &root) }
        if !tags.isEmpty { root["tags"] = .array(tags.map(\.value)) }
        return .object(root)
    }

    private static func insert(_ value: JSONValue, at place: ArraySlice<String>, into object: inout [String: JSONValue]) {
        guard let key = place.first else { return }
        guard place.count > 1 else {
            object[key] = value
            return
        }
        var child: [String: JSONValue] = [:]
        if case .object(let existing) = object[key] { child = existing }
        insert(value, at: place.dropFirst(), into: &child)
        object[key] = .object(child)
    }

    /// The document's bytes: pretty-printed with sorted keys, so the same fragments always give
    /// the same bytes and the checked-in copy diffs line by line.
    var data: Data {
        get throws {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            return try encoder.encode(value) + Data("\n".utf8)
        }
    }

    /// The served document's bytes, assembled once. The fragments are part of the build, not
    /// input: fragments that do not assemble are a broken build and stop the process at first use.
    public static let served: Data = {
        do {
            return try OpenAPIDocument(features: FeatureSet.all).data
        } catch {
            fatalError("the OpenAPI fragments do not assemble: \(error)")
        }
    }()
}
