import Foundation

/// The files Apple and Google fetch from the server's domain before their platforms let an app
/// use the domain's passkeys or open its links: `/.well-known/apple-app-site-association`
/// (`webcredentials` and `applinks`) and `/.well-known/assetlinks.json`, built from every app's
/// `appleAppIDs` and `androidApps`.
struct AppAssociationFiles: Sendable {
    /// The paths iOS opens in the app rather than the browser: the email action links.
    static let universalLinkPaths = ["/v1/auth/action*"]

    let apps: AppStore

    /// The Apple app site association (Apple's "Supporting associated domains").
    func appleAppSiteAssociation() async throws -> [String: Any] {
        let appIDs = Array(Set(try await apps.list().flatMap(\.settings.passkeys.appleAppIDs))).sorted()
        return [
            "webcredentials": ["apps": appIDs],
            "applinks": [
                "details": appIDs.isEmpty ? [] : [["appIDs": appIDs, "components": Self.universalLinkPaths.map { ["/": $0] }]]
            ],
        ]
    }

    /// The Digital Asset Links statements (Android's "Verify Android App Links" and Credential
    /// Manager): each Android app may open the links and use the passkeys.
    func assetLinks() async throws -> [AssetLinkStatement] {
        try await apps.list().flatMap(\.settings.passkeys.androidApps).map(AssetLinkStatement.init)
    }
}

/// One statement of `assetlinks.json`.
struct AssetLinkStatement: Encodable, Sendable {
    /// The Android app.
    struct Target: Encodable, Sendable {
        var namespace = "android_app"
        var packageName: String
        var fingerprints: [String]

        enum CodingKeys: String, CodingKey {
            case namespace
            case packageName = "package_name"
            case fingerprints = "sha256_cert_fingerprints"
        }
    }

    var relation = ["delegate_permission/common.handle_all_urls", "delegate_permission/common.get_login_creds"]
    var target: Target

    init(_ app: AndroidApp) {
        target = Target(packageName: app.packageName, fingerprints: app.sha256CertFingerprints)
    }
}
