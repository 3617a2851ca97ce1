import Hummingbird
import Logging

/// Gives every request an id: the caller's `X-Request-Id` when it is short and plain, else a new
/// one. The id is put in the context (so error documents can quote it), in the logger metadata
/// and on the response.
struct RequestIDMiddleware: RouterMiddleware {
    typealias Context = LatchkeyRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let offered = request.headers[.requestID]
        let id = offered.flatMap { Self.isAcceptable($0) ? $0 : nil } ?? SecureRandom.identifier()
        var context = context
        context.requestID = id
        context.logger[metadataKey: "request_id"] = .string(id)
        var response = try await next(request, context)
        response.headers[.requestID] = id
        return response
    }

    /// Up to 64 characters of `A–Z a–z 0–9 - _ .`, so ids cannot split or forge log lines.
    private static func isAcceptable(_ id: String) -> Bool {
        !id.isEmpty && id.utf8.count <= 64
            && id.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0)) }
    }
}
