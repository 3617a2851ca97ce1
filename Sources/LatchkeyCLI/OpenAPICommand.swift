import ArgumentParser
import Foundation
import LatchkeyServer

/// `latchkey openapi`: prints the OpenAPI document the server serves at `GET /openapi.json`, for
/// the readable copy checked in at `openapi/latchkey.json` and for tools that want the contract
/// without a running server.
struct OpenAPICommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "openapi",
        abstract: "Print the OpenAPI document the server serves.",
        discussion: "swift run latchkey openapi > openapi/latchkey.json"
    )

    func run() throws {
        FileHandle.standardOutput.write(OpenAPIDocument.served)
    }
}
