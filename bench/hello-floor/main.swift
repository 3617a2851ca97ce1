import Foundation
import Hummingbird

/// The `hello` scenario's floor: Hummingbird with no middleware and no store, answering
/// `GET /v1/hello` with the bytes it is given (Latchkey's own hello answer), so that bench/run
/// measures what the framework alone costs on this machine beside Latchkey and PocketBase.
///
/// Usage: LatchkeyHelloFloor PORT BODY_FILE
let arguments = CommandLine.arguments
guard arguments.count == 3, let port = Int(arguments[1]), let body = FileManager.default.contents(atPath: arguments[2]) else {
    FileHandle.standardError.write(Data("usage: LatchkeyHelloFloor PORT BODY_FILE\n".utf8))
    exit(2)
}
let answer = ByteBuffer(bytes: body)
let router = Router()
router.get("/v1/hello") { _, _ in
    Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: answer))
}
let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: port), serverName: nil))
try await app.runService()
