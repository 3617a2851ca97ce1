import HTTPTypes
import Hummingbird
import Logging
import Testing

@testable import LatchkeyServer

/// Every operator route that changes something leaves its audit row: the route table runs the
/// admin API's and the console's `POST`, `PUT`, `PATCH` and `DELETE` handlers inside an
/// ``AuditTrail``, which the audit log marks; a success without a row fails the request in a
/// debug build, so every test and CI run that drives such a route checks it.
@Suite struct OperatorRouteAuditTests {
    @Test func aSuccessWithoutARowIsRefused() async throws {
        let logger = Logger(label: "test")
        #if DEBUG
        await #expect(throws: AuditTrail.Unaccounted.self) {
            _ = try await AuditTrail.account(for: "sneakyChange", logger: logger) { Response(status: .seeOther) }
        }
        #else
        let answered = try await AuditTrail.account(for: "sneakyChange", logger: logger) { Response(status: .seeOther) }
        #expect(answered.status == .seeOther)
        #endif
    }

    @Test func aRowAStatedNoChangeOrARefusalAccountsForTheRequest() async throws {
        let marked: [@Sendable () -> Response] = [
            {
                AuditTrail.current?.recorded()
                return Response(status: .ok)
            },
            {
                AuditTrail.nothingChanged()
                return Response(status: .ok)
            },
            { Response(status: .unprocessableContent) },
            { Response(status: .forbidden) },
        ]
        for (index, handler) in marked.enumerated() {
            let answer = try await AuditTrail.account(for: "case\(index)", logger: Logger(label: "test")) { handler() }
            #expect(answer.status.code >= 200, "case \(index)")
        }
    }

    /// The trail covers exactly the operator routes that may change something, and the audit
    /// log's own write is what marks it.
    @Test func theTableHoldsEveryOperatorChangeAndTheLogMarksIt() async throws {
        let harness = try await TestHarness.make(store: .sqlite)
        let routes = harness.backend.routes.routes
        let held = routes.filter { AuditTrail.applies(to: $0.method, access: $0.access) }.map(\.operation)
        #expect(held.contains("consoleSetDataTreeValue") && held.contains("updateAppAsOperator") && held.contains("consoleRetryMessage"))
        #expect(!held.contains("consoleDataTree") && !held.contains("consoleSignIn") && !held.contains("signIn"))
        for route in routes where [.post, .put, .patch, .delete].contains(route.method) {
            switch route.access {
            case .operator, .consolePage: #expect(held.contains(route.operation), "\(route.operation)")
            default: #expect(!held.contains(route.operation), "\(route.operation)")
            }
        }
        let trail = AuditTrail()
        try await AuditTrail.$current.withValue(trail) {
            try await harness.backend.admin.audit.record("app.update", target: nil, by: .commandLine())
        }
        #expect(trail.isAccounted)
        try await harness.run { _ in }  // closes the backend
    }
}
