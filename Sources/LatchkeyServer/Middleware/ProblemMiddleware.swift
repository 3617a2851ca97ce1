import Hummingbird
import LatchkeyWire
import Logging

/// Turns every error into a response: API errors into localized problem documents, framework
/// errors into their problem equivalents, database failures and shed load (a full hashing or write queue) into 503 with `Retry-After`, and anything unexpected
/// into a bare 500 problem (logged, never shown).
struct ProblemMiddleware: RouterMiddleware {
    typealias Context = LatchkeyRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let refusal as RefusalResponse {
            return refusal.response
        } catch let error as APIError {
            return try error.response(from: request, context: context)
        } catch let error as OAuthError {
            return try error.response(from: request, context: context)
        } catch let error as HTTPError {
            return try Self.problem(for: error).response(from: request, context: context)
        } catch let error where error is BoundedThreadPool.Overloaded || error is StoreOverloaded {
            // Shedding load by design: answered, not logged once per refused request.
            return try APIError(.serviceUnavailable, .serviceUnavailable, headers: [.retryAfter: "1"])
                .response(from: request, context: context)
        } catch let error where Self.isStoreFailure(error) {
            context.logger.error("database unavailable", metadata: ["error": "\(error)"])
            return try APIError(.serviceUnavailable, .serviceUnavailable, headers: [.retryAfter: "1"])
                .response(from: request, context: context)
        } catch {
            context.logger.error("unexpected error", metadata: ["error": "\(String(reflecting: error))"])
            return try APIError(.internalServerError, .internalError).response(from: request, context: context)
        }
    }

    private static func problem(for error: HTTPError) -> APIError {
        switch error.status {
        case .notFound: return APIError(.notFound, .notFound)
        case .methodNotAllowed: return APIError(.methodNotAllowed, .methodNotAllowed)
        case .contentTooLarge: return APIError(.contentTooLarge, .bodyTooLarge)
        case .unauthorized: return APIError.invalidToken(.unauthorized)
        default:
            return error.status.code < 500 ? APIError(.badRequest, .invalidRequest) : APIError(error.status, .internalError)
        }
    }

    private static func isStoreFailure(_ error: any Error) -> Bool {
        error is any StoreFailure
    }
}
