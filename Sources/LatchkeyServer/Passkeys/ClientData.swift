import Foundation

/// The client data a browser or platform signs over (WebAuthn §5.8.1): which ceremony, the
/// challenge it answers, and the origin that asked.
struct ClientData: Decodable, Sendable {
    /// `webauthn.create` or `webauthn.get`.
    var type: String
    /// The challenge, base64url.
    var challenge: String
    /// The caller's origin: `https://host[:port]`, or `android:apk-key-hash:…` from an Android app.
    var origin: String
    /// Whether the call came from a frame of another origin.
    var crossOrigin: Bool?

    /// Parses the JSON the client sent, as bytes.
    init(json: [UInt8]) throws {
        self = try JSONDecoder().decode(Self.self, from: Data(json))
    }
}
