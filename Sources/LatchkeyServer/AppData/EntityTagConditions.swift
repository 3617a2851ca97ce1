import Foundation
import HTTPTypes

/// A request's `If-Match` and `If-None-Match` headers (RFC 9110 §13.1), checked against the entity
/// tag of a value as stored. `If-Match` compares strongly (a weak tag never matches), `If-None-Match`
/// weakly; `*` stands for "any stored value". A header that does not parse matches nothing.
struct EntityTagConditions: Sendable, Equatable {
    /// The tags a header lists, or `*`.
    enum TagList: Sendable, Equatable {
        case any
        case tags([EntityTag])
    }

    /// One entity tag: its opaque value (without quotes) and whether it is weak (`W/"…"`).
    struct EntityTag: Sendable, Equatable {
        var opaque: String
        var weak: Bool
    }

    /// `If-Match`, nil when absent.
    var ifMatch: TagList?
    /// `If-None-Match`, nil when absent.
    var ifNoneMatch: TagList?

    /// The conditions of `headers` (every line of each header, as one list).
    init(headers: HTTPFields) {
        ifMatch = Self.list(headers[values: .ifMatch])
        ifNoneMatch = Self.list(headers[values: .ifNoneMatch])
    }

    /// Whether a write (PUT, DELETE) may go ahead given the stored value's tag (nil: none stored).
    func allowWrite(current: String?) -> Bool {
        guard ifMatchHolds(current: current) else { return false }
        if let ifNoneMatch, let current {
            switch ifNoneMatch {
            case .any: return false
            case .tags(let tags): if tags.contains(where: { $0.opaque == current }) { return false }
            }
        }
        return true
    }

    /// Whether `If-Match` holds for the stored value's tag (nil: none stored): absent, or `*` with
    /// a value stored, or a strong tag equal to it. A request it fails for, a read too, is 412
    /// (RFC 9110 §13.1.1).
    func ifMatchHolds(current: String?) -> Bool {
        guard let ifMatch else { return true }
        guard let current else { return false }
        switch ifMatch {
        case .any: return true
        case .tags(let tags): return tags.contains { !$0.weak && $0.opaque == current }
        }
    }

    /// Whether a read of a value tagged `current` answers `304 Not Modified`.
    func notModified(current: String) -> Bool {
        switch ifNoneMatch {
        case nil: false
        case .any: true
        case .tags(let tags): tags.contains { $0.opaque == current }
        }
    }

    /// The header value for a stored tag: the opaque value in quotes.
    static func header(for opaque: String) -> String { "\"\(opaque)\"" }

    /// Parses `*` or a comma-separated list of `"…"` / `W/"…"`; a malformed list lists nothing.
    private static func list(_ lines: [String]) -> TagList? {
        guard !lines.isEmpty else { return nil }
        let text = lines.joined(separator: ",").trimmingCharacters(in: .whitespaces)
        if text == "*" { return .any }
        var tags: [EntityTag] = []
        var rest = Substring(text)
        while true {
            rest = rest.drop { $0 == " " || $0 == "\t" || $0 == "," }
            guard !rest.isEmpty else { break }
            var weak = false
            if rest.hasPrefix("W/") {
                weak = true
                rest = rest.dropFirst(2)
            }
            guard rest.first == "\"", let close = rest.dropFirst().firstIndex(of: "\"") else { return .tags([]) }
            tags.append(EntityTag(opaque: String(rest[rest.index(after: rest.startIndex)..<close]), weak: weak))
            rest = rest[rest.index(after: close)...]
        }
        // A field with no tag at all (an empty value) sets no condition: RFC 9110's lists
        // let empty elements be ignored.
        return tags.isEmpty ? nil : .tags(tags)
    }
}
