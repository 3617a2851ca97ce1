import Foundation
import LatchkeyWire

/// What a page shows for the second step of a sign-in that answered `mfa_required`: the
/// challenge its form carries and — where the app requires an authenticator the user has none
/// of — the new one started for it, as a QR code of its `otpauth://` URI (an inline SVG, so the
/// pages stay without scripts and the key never travels as an image request), the URI as a link
/// for an authenticator on the same device, and the key to type in. The hosted login and the
/// email-link page share it (templates `mfa/enroll` and `mfa/code`).
struct SecondFactorPrompt {
    /// The sealed challenge of the `mfa_required` answer.
    var challenge: String
    /// The authenticator started for a user who must enroll one; nil when the user has one, and
    /// when a page is shown again after a wrong code (the key was shown once).
    var enrollment: TOTPEnrollment? = nil

    /// The prompt of `error`, an `mfa_required` answer, with the enrollment it asks for started.
    static func start(_ error: APIError, app: App, factors: SecondFactorService) async throws -> SecondFactorPrompt {
        guard let challenge = error.challenge else { throw error }
        let enrollment = challenge.enrollment ? try await factors.enroll(challenge: challenge.token, app: app) : nil
        return SecondFactorPrompt(challenge: challenge.token, enrollment: enrollment)
    }

    /// The templates' values: `challenge`, `enrolling`, `secret`, `uri` and `qrCode` (the SVG,
    /// which a URI too long for a QR code goes without: the link and the key remain).
    func values(in language: Language, pages: PageRenderer) -> [String: Any] {
        var values: [String: Any] = ["challenge": challenge, "enrolling": enrollment != nil]
        if let enrollment {
            values["secret"] = enrollment.secret
            values["uri"] = enrollment.uri
            values["qrCode"] = try? QRCode(enrollment.uri).svg(label: pages.text("mfa.qr_label", in: language))
        }
        return values
    }
}
