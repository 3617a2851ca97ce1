import HTTPTypes
import Hummingbird
import Logging
import Synchronization

/// Holds every operator route to the one audited path: a route an operator calls to change
/// something — a `POST`, `PUT`, `PATCH` or `DELETE` of the admin API (``Access/operator(_:)``) or
/// of the console (``Access/consolePage(_:)``) — must leave an audit row when it succeeds. The
/// route table runs such a handler inside a trail, ``AuditLog/record(_:target:appID:changes:by:)``
/// marks the trail, and a successful answer (below 400) with no row is a route that changed
/// something without ``AdminService`` or the audit log knowing: in a debug build (every test
/// and CI run) it fails the request with ``Unaccounted``, in a release build it is logged.
/// A handler that answers without changing anything (a confirmation page, a preview) says so
/// with ``nothingChanged()``.
final class AuditTrail: Sendable {
    /// The trail of the operator request this task serves, if any.
    @TaskLocal static var current: AuditTrail?

    private struct State {
        var rows = 0
        var unchanged = false
    }

    private let state = Mutex(State())

    /// An audit row was written for the request.
    func recorded() {
        state.withLock { $0.rows += 1 }
    }

    /// The request this task serves changes nothing, so it owes no audit row.
    static func nothingChanged() {
        current?.state.withLock { $0.unchanged = true }
    }

    /// Whether the request wrote a row or said it changed nothing.
    var isAccounted: Bool {
        state.withLock { $0.rows > 0 || $0.unchanged }
    }

    /// An operator route that answered a change without an audit row.
    struct Unaccounted: Error, CustomStringConvertible {
        /// The route's `operationId`.
        var operation: String

        var description: String {
            "operator route \(operation) succeeded without an audit row: route it through AdminService, or call AuditTrail.nothingChanged() when it changes nothing"
        }
    }

    /// Whether a route of `method` with `access` must account for itself.
    static func applies(to method: HTTPRequest.Method, access: Access) -> Bool {
        guard ![.get, .head, .options].contains(method) else { return false }
        switch access {
        case .operator, .consolePage: return true
        default: return false
        }
    }

    /// Runs `handler` for the route `operation` inside a new trail and checks its answer; a
    /// success without a row is logged to `logger` (and answered anyway by a release build).
    static func account(
        for operation: String,
        logger: Logger,
        _ handler: () async throws -> Response
    ) async throws -> Response {
        let trail = AuditTrail()
        let response = try await $current.withValue(trail) { try await handler() }
        guard response.status.code >= 400 || trail.isAccounted else {
            let failure = Unaccounted(operation: operation)
            logger.critical("\(failure)")
            #if DEBUG
            throw failure
            #else
            return response
            #endif
        }
        return response
    }
}
