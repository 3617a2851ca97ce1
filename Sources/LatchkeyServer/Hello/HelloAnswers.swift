import Foundation
import Hummingbird
import LatchkeyWire
import NIOConcurrencyHelpers
import NIOCore

/// `GET /v1/hello`'s answers, each encoded once.
///
/// An answer depends only on the app it names and on which modules the caller may use, and few
/// such answers exist: one per app and kind of caller. Encoding the list of every module for each
/// request cost more than the rest of the request (JSONEncoder over twenty objects with sorted
/// keys), so the encoded bytes are kept, at most ``capacity`` answers of them.
final class HelloAnswers: Sendable {
    /// The answers kept; past it the kept ones are dropped and encoded again as asked.
    static let capacity = 1_024

    private struct Key: Hashable {
        let clientID: String?
        let access: [Bool]
    }

    /// Every feature that declares a module, in the features' order.
    private let declared: [(id: String, module: ModuleDeclaration)] = FeatureSet.all.compactMap { feature in
        feature.module.map { (feature.id, $0) }
    }
    private let answers = NIOLockedValueBox<[Key: ByteBuffer]>([:])

    /// The answer naming `clientID` (nil: no app) in which `allows` says, for each module's
    /// access, whether the caller may use it.
    func response(clientID: String?, allows: (Access) -> Bool) throws -> Response {
        let key = Key(clientID: clientID, access: declared.map { allows($0.module.access) })
        let body = try answers.withLockedValue { $0[key] } ?? encode(key)
        return JSONResponse.make(encoded: body)
    }

    private func encode(_ key: Key) throws -> ByteBuffer {
        let modules = zip(declared, key.access).map { declared, access in
            Module(
                id: declared.id,
                title: declared.module.title,
                vmin: declared.module.vmin,
                vmax: declared.module.vmax,
                access: access
            )
        }
        let hello = HelloResponse(name: LatchkeyVersion.name, version: LatchkeyVersion.current, clientId: key.clientID, modules: modules)
        let body = ByteBuffer(bytes: try WireCoding.makeEncoder().encode(hello))
        answers.withLockedValue { answers in
            if answers.count >= Self.capacity { answers.removeAll() }
            answers[key] = body
        }
        return body
    }
}
