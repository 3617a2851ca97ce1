import Foundation
import HTTPTypes
import Hummingbird
import LatchkeyWire

/// Builds `application/json` responses with the wire encoder.
enum JSONResponse {
    /// A JSON response of `value`.
    static func make(_ value: some Encodable, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) throws -> Response {
        let body = try WireCoding.makeEncoder().encode(value)
        var headers = headers
        headers[.contentType] = "application/json; charset=utf-8"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }

    /// A JSON response of `body`, already encoded by the wire encoder.
    static func make(encoded body: ByteBuffer, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: "application/json; charset=utf-8"], body: .init(byteBuffer: body))
    }

    /// A JSON response of a dictionary (discovery documents, OAuth answers).
    static func make(object: [String: Any], status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) throws -> Response {
        let body = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        var headers = headers
        headers[.contentType] = "application/json; charset=utf-8"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }
}
