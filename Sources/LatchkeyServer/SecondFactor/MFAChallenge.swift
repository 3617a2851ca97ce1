import Foundation
import HTTPTypes
import LatchkeyWire

/// The challenge of an `mfa_required` answer: the user and app whose first factor succeeded and
/// until when the second may follow, sealed with the installation's ``SecretBox`` so no node has
/// to store it when it is made — a sign-in's transaction may roll back after making one. What
/// must be shared (attempts left, used) lives in its `mfa_challenges` row, keyed by ``id``.
struct MFAChallenge: Sendable, Equatable {
    /// Seconds a challenge can be completed after the first factor.
    static let lifetime = 300
    /// Codes one challenge may check before the user signs in again.
    static let attemptLimit = 5
    /// The longest token a request may carry (a sealed challenge is about 200 characters).
    static let maximumLength = 512

    var userID: String
    var appID: String
    var expiresAt: Date
    /// A random nonce, so two challenges of one user and second differ.
    var nonce: String

    /// A new challenge for the user's sign-in to the app.
    static func issue(userID: String, appID: String, at now: Date) -> MFAChallenge {
        MFAChallenge(
            userID: userID,
            appID: appID,
            expiresAt: now.addingTimeInterval(TimeInterval(lifetime)),
            nonce: SecureRandom.identifier()
        )
    }

    /// The token given to the client.
    func seal(with box: SecretBox) throws -> String {
        try box.seal([userID, appID, String(expiresAt.epochSeconds), nonce].joined(separator: " "), context: Self.context)
    }

    /// The challenge of `token` when it is this app's and unexpired; `401 mfa_challenge_expired` otherwise.
    static func open(_ token: String, box: SecretBox, appID: String, at now: Date) throws -> MFAChallenge {
        let challenge = try open(token, box: box, at: now)
        guard challenge.appID == appID else { throw expired }
        return challenge
    }

    /// The challenge of `token`, of any app, when it is unexpired — for the server's own
    /// email-link page, which serves every app; `401 mfa_challenge_expired` otherwise.
    static func open(_ token: String, box: SecretBox, at now: Date) throws -> MFAChallenge {
        guard token.utf8.count <= maximumLength, let text = try? box.openString(token, context: context) else { throw expired }
        let parts = text.split(separator: " ").map(String.init)
        guard parts.count == 4, let seconds = Int64(parts[2]) else { throw expired }
        let challenge = MFAChallenge(userID: parts[0], appID: parts[1], expiresAt: Date(epochSeconds: seconds), nonce: parts[3])
        guard now < challenge.expiresAt else { throw expired }
        return challenge
    }

    /// The key of its `mfa_challenges` row.
    var id: String { Digest.sha256Hex("latchkey-mfa-challenge:" + nonce) }

    /// `401 mfa_challenge_expired`.
    static let expired = APIError(.unauthorized, .mfaChallengeExpired)

    private static let context = "mfa_challenges"
}
