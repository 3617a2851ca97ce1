import Hummingbird
import Logging
import NIOConcurrencyHelpers

/// Gives every request an id: the caller's `X-Request-Id` when it is short and plain, else a new
/// one. The id is put in the context (so error documents can quote it), in the logger metadata
/// and on the response.
struct RequestIDMiddleware: RouterMiddleware {
    typealias Context = LatchkeyRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let offered = request.headers[.requestID]
        let id = offered.flatMap { Self.isAcceptable($0) ? $0 : nil } ?? RequestIDs.next()
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
            && id.unicodeScalars.allSatisfy {
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0))
            }
    }
}

/// New request ids: 26 characters like every other identifier, never the same twice, but not
/// secrets, so they come without a call to the CSPRNG (which made a system call on every
/// request): a random half chosen when the process starts, and a counter scrambled by a bijective
/// mix (SplitMix64's finalizer), so consecutive ids share no visible pattern.
enum RequestIDs {
    private static let process: [UInt8] = SecureRandom.bytes(9)
    private static let counter = NIOLockedValueBox<UInt64>(0)

    static func next() -> String {
        let count = counter.withLockedValue { value in
            value &+= 1
            return value
        }
        var mixed = count &+ 0x9E37_79B9_7F4A_7C15
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        mixed ^= mixed >> 31
        return SecureRandom.identifier(encoding: withUnsafeBytes(of: mixed.bigEndian, Array.init) + process)
    }
}
