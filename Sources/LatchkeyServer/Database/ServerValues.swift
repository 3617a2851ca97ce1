import HTTPTypes
import LatchkeyWire

/// The protocol's server values, resolved inside the write's transaction: `{".sv": "timestamp"}`
/// becomes the server's time in milliseconds, `{".sv": {"increment": n}}` the number stored at
/// that location plus `n` (just `n` where none is stored or it is not a number).
enum ServerValues {
    static let marker = ".sv"

    /// `value` written at `path` with every server value replaced; `current` reads the value
    /// stored at a location before the write.
    static func resolve(
        _ value: JSONValue,
        at path: DataPath,
        now: Int64,
        current: (DataPath) async throws -> JSONValue?
    ) async throws -> JSONValue {
        switch value {
        case .object(let members):
            if let placeholder = members[marker] {
                guard members.count == 1 else { throw invalid }
                return try await resolvePlaceholder(placeholder, at: path, now: now, current: current)
            }
            var resolved: [String: JSONValue] = [:]
            for (key, member) in members {
                // Keys are checked when the value is stored; an invalid one is kept here to be refused there.
                let child = DataPath.isValidKey(key) ? path.child(key) : path
                resolved[key] = try await resolve(member, at: child, now: now, current: current)
            }
            return .object(resolved)
        case .array(let items):
            var resolved: [JSONValue] = []
            for (index, item) in items.enumerated() {
                resolved.append(try await resolve(item, at: path.child(String(index)), now: now, current: current))
            }
            return .array(resolved)
        default:
            return value
        }
    }

    private static func resolvePlaceholder(
        _ placeholder: JSONValue,
        at path: DataPath,
        now: Int64,
        current: (DataPath) async throws -> JSONValue?
    ) async throws -> JSONValue {
        switch placeholder {
        case .string("timestamp"):
            return .integer(now)
        case .object(let operation) where operation.count == 1:
            guard let delta = operation["increment"], let step = delta.numberValue else { throw invalid }
            switch (try await current(path), delta) {
            case (.integer(let stored)?, .integer(let step)):
                let (sum, overflow) = stored.addingReportingOverflow(step)
                return overflow ? try finite(Double(stored) + Double(step)) : .integer(sum)
            case (let stored?, _):
                guard let base = stored.numberValue else { return delta }
                return try finite(base + step)
            case (nil, _):
                return delta
            }
        default:
            throw invalid
        }
    }

    /// `sum` as a number; a sum past the largest double has no JSON form (it would be stored as
    /// null, deleting the location), so the write is refused instead.
    private static func finite(_ sum: Double) throws -> JSONValue {
        guard sum.isFinite else { throw overflow }
        return .number(sum)
    }

    /// The answer to an increment whose sum is past the largest double.
    static let overflow = DatabaseError(status: .badRequest, message: "Invalid data; the increment overflows a number.")

    /// The protocol's answer to a placeholder it does not know.
    static let invalid = DatabaseError(status: .badRequest, message: "Invalid data; couldn't parse server value.")
}
