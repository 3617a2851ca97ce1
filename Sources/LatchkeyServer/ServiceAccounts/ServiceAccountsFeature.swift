import Foundation
import SQLKit

/// Service-account keys: RSA key pairs a confidential client holds as Google's service-account
/// JSON file, so that Google's client libraries (firebase-admin, google-auth) — which sign an
/// assertion with the file's key and exchange it at the file's `token_uri` — get the app's client
/// tokens from `/oauth/token` (RFC 7523's JWT-bearer grant, ``ServiceAccountGrant``). Latchkey
/// keeps only the public key; the private key is written once, into the file, and never stored.
/// Keys are made, listed and revoked with `latchkey apps service-account …`.
struct ServiceAccountsFeature: Feature {
    static let id = "serviceAccounts"

    init(backend: LatchkeyBackend) {}

    static let migrations = [
        Migration(
            1,
            [
                """
                CREATE TABLE service_account_keys (
                    id TEXT PRIMARY KEY,
                    app_id TEXT NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
                    client_email TEXT NOT NULL UNIQUE,
                    public_key TEXT NOT NULL,
                    created_at BIGINT NOT NULL,
                    revoked_at BIGINT
                )
                """,
                "CREATE INDEX service_account_keys_app ON service_account_keys(app_id)",
                "CREATE TABLE service_account_assertions_used (digest TEXT PRIMARY KEY, expires_at BIGINT NOT NULL)",
                "CREATE INDEX service_account_assertions_used_expiry ON service_account_assertions_used(expires_at)",
            ]
        )
    ]

    static let tables = [
        OwnedTable.shared("service_account_keys", why: "the public keys of apps' service accounts (confidential clients)"),
        OwnedTable.shared(
            "service_account_assertions_used",
            why: "digests of the `jti` of service-account assertions already used, kept until they expire"
        ),
    ]

    /// Used assertion ids once their assertion could not be accepted anyway.
    static let sweeps = [
        JanitorSweep(name: "serviceAccountAssertionsUsed") { now in
            "DELETE FROM service_account_assertions_used WHERE expires_at < \(bind: now) RETURNING digest"
        }
    ]
}
