public import Foundation
import LatchkeyWire

/// The OpenAPI 3.1 document that `GET /openapi.json` serves and `latchkey openapi` prints:
/// ``OpenAPIFragment/common`` and every feature's ``Feature/openAPI``, merged in ``FeatureSet``
/// order.
///
/// Fragments merge at three levels: a path's operation (`paths /v1/me get`), a component
/// (`components schemas Problem`) and any other top-level member (`info`). An operation belongs
/// to one fragment; a component or top-level member may stand in two only with the same content,
/// so one feature cannot quietly change what another documents.
public struct OpenAPIDocument: Sendable {
    /// Why fragments do not assemble.
    enum AssemblyError: Error, CustomStringConvertible, Equatable {
        /// Two fragments define one member: the same operation, or one component differently.
        case conflict(member: String, first: String, second: String)
        /// A fragment is not a JSON object, or its `paths` or `components` do not nest objects.
        case malformed(owner: String)

        var description: String {
            switch self {
            case .conflict(let member, let first, let second): "\(member) is defined by both \(first) and \(second)"
            case .malformed(let owner): "the OpenAPI fragment of \(owner) is not an object of objects where the document nests them"
            }
        }
    }

    /// The members at the level they merge at, keyed by their place in the document
    /// (`["paths", "/v1/me", "get"]`), each with the fragment that added it.
    private var members: [[String]: (value: JSONValue, owner: String)] = [:]

    init() {}

    /// The server's document: the common fragment, then each of `features`' in order.
    init(features: [any Feature.Type]) throws {
        try add(.common, from: "common")
        for feature in features { try add(feature.openAPI, from: feature.id) }
    }

    /// Merges `fragment` in, naming it `owner` in an error.
    mutating func add(_ fragment: OpenAPIFragment, from owner: String) throws {
        guard case .object(let object) = try JSONDecoder().decode(JSONValue.self, from: Data(fragment.json.utf8)) else {
            throw AssemblyError.malformed(owner: owner)
        }
        for (name, value) in object {
            switch name {
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
