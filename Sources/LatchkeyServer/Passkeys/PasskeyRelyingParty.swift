import Crypto
import Foundation
import HTTPTypes
import LatchkeyWire

/// The app as a WebAuthn relying party: the RP ID its passkeys are scoped to, the origins allowed
/// to use them, and whether user verification is required — and the checks every response gets
/// against them (WebAuthn §7.1 and §7.2: type, origin, RP ID hash, user presence and verification).
struct PasskeyRelyingParty: Sendable {
    /// The RP ID: the app's `passkeyRPID`, else the server's host.
    let id: String
    /// The app's name, shown by the authenticator.
    let name: String
    /// The origins responses may come from: the server's own (its hosted pages), `https://<RP ID>`
    /// (what Apple's and Google's platforms give native apps), the app's `passkeyOrigins` and
    /// the `android:apk-key-hash:` origin of each of its `androidApps`.
    let origins: Set<String>
    /// Whether the authenticator must have verified the user (PIN, biometrics), not only seen them.
    let requiresUserVerification: Bool

    init(app: App, issuer: String) {
        let server = URLComponents(string: issuer)
        id = app.settings.passkeys.passkeyRPID ?? server?.host ?? "localhost"
        name = app.name
        var origins = Set(app.settings.passkeys.passkeyOrigins)
        origins.insert("https://" + id)
        if let server, let scheme = server.scheme, let host = server.host {
            origins.insert("\(scheme)://\(host)" + (server.port.map { ":\($0)" } ?? ""))
        }
        for android in app.settings.passkeys.androidApps {
            origins.formUnion(android.sha256CertFingerprints.map(AndroidApp.origin(ofFingerprint:)))
        }
        self.origins = origins
        requiresUserVerification = app.settings.passkeys.passkeyUserVerification == .required
    }

    /// `userVerification` of the options.
    var userVerification: String { requiresUserVerification ? "required" : "preferred" }

    /// A check a response failed; `reason` goes in the field error.
    struct Failure: Error {
        var reason: String
    }

    /// The client data, when it is of the `type` ceremony, from an allowed origin and not from a
    /// frame of another origin.
    func clientData(_ base64: String, type: String) throws -> (ClientData, bytes: [UInt8]) {
        guard let bytes = Base64URL.decode(base64), let data = try? ClientData(json: bytes) else { throw Failure(reason: "client_data") }
        guard data.type == type else { throw Failure(reason: "type") }
        guard origins.contains(data.origin), data.crossOrigin != true else { throw Failure(reason: "origin") }
        return (data, bytes)
    }

    /// Checks the authenticator data's RP ID hash and user flags.
    func check(_ data: AuthenticatorData) throws {
        guard data.rpIDHash == Array(SHA256.hash(data: Array(id.utf8))) else { throw Failure(reason: "rp_id") }
        guard data.userPresent else { throw Failure(reason: "user_presence") }
        guard data.userVerified || !requiresUserVerification else { throw Failure(reason: "user_verification") }
    }
}

extension APIError {
    /// `401 invalid_passkey` with the check that failed: the authenticator's proof did not hold,
    /// as a wrong password or provider token answers.
    static func invalidPasskey(_ failure: PasskeyRelyingParty.Failure) -> APIError {
        APIError(.unauthorized, .invalidPasskey, fields: [FieldError(field: "credential", code: .invalidPasskey, reason: failure.reason)])
    }
}
