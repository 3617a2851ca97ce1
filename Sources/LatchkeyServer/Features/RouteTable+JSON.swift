import HTTPTypes
import Hummingbird
import LatchkeyWire

/// Typed routes: most of the API takes a strict JSON body and answers a JSON value, so the table
/// decodes the one and encodes the other, and a handler is what it does with the value.
extension RouteTable {
    /// Declares a route that answers the handler's value as JSON, with `status`.
    mutating func json<Output: Encodable & Sendable>(
        _ method: HTTPRequest.Method,
        _ path: String,
        operation: String,
        access: Access,
        status: HTTPResponse.Status = .ok,
        handler: @escaping @Sendable (Request, LatchkeyRequestContext) async throws -> Output
    ) {
        on(method, path, operation: operation, access: access) { request, context in
            try JSONResponse.make(try await handler(request, context), status: status)
        }
    }

    /// Declares a route whose body is a strict JSON `Input`, decoded within the size limit
    /// before the handler (a bad one is a typed `400`/`413`), and that answers the handler's
    /// value as JSON, with `status`.
    mutating func json<Input: StrictRequest, Output: Encodable & Sendable>(
        _ method: HTTPRequest.Method,
        _ path: String,
        operation: String,
        access: Access,
        body: Input.Type,
        status: HTTPResponse.Status = .ok,
        handler: @escaping @Sendable (Input, Request, LatchkeyRequestContext) async throws -> Output
    ) {
        on(method, path, operation: operation, access: access) { [requests] request, context in
            let body = try await requests.body(Input.self, of: request).value
            return try JSONResponse.make(try await handler(body, request, context), status: status)
        }
    }

    /// Declares a route whose body is a strict JSON `Input` and that answers `204 No Content`
    /// once the handler is done.
    mutating func command<Input: StrictRequest>(
        _ method: HTTPRequest.Method,
        _ path: String,
        operation: String,
        access: Access,
        body: Input.Type,
        handler: @escaping @Sendable (Input, Request, LatchkeyRequestContext) async throws -> Void
    ) {
        on(method, path, operation: operation, access: access) { [requests] request, context in
            try await handler(try await requests.body(Input.self, of: request).value, request, context)
            return Response(status: .noContent)
        }
    }
}
