import Foundation
import SQLKit

/// The provider ID tokens that were used, by digest, until they expire: a token is accepted once,
/// on any node (one conditional insert into the shared database decides), so a token that leaked
/// from a client or a log cannot sign in again.
struct UsedProviderTokens: Sendable {
    let driver: any StoreDriver

    /// Records the token as used; false when it was used before.
    func claim(_ token: ProviderProfile.SingleUse) async throws -> Bool {
        try await driver.write { db in
            try await db.raw(
                """
                INSERT INTO provider_tokens_used (digest, expires_at)
                VALUES (\(bind: token.digest), \(bind: token.expiresAt.epochSeconds))
                ON CONFLICT (digest) DO NOTHING RETURNING digest
                """
            ).first() != nil
        }
    }
}
