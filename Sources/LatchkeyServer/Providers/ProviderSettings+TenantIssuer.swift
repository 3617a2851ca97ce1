import Foundation

/// Microsoft's multi-tenant issuers. The discovery documents of `common`, `organizations` and
/// `consumers` name the issuer `https://login.microsoftonline.com/{tenantid}/v2.0`: every tenant
/// signs its users' tokens with its own `iss`. As Microsoft documents, such an issuer is a
/// template: a token's `iss` must equal it with `{tenantid}` replaced by the token's own `tid`
/// claim, a GUID. Configured so, a provider's discovery document and keys are those of the
/// `common` endpoint, which serve every tenant.
extension ProviderSettings {
    /// The placeholder Microsoft's multi-tenant issuers carry.
    static let tenantPlaceholder = "{tenantid}"
    /// The tenant whose endpoints serve every tenant.
    static let multiTenantEndpoint = "common"

    /// Whether the issuer is a template to be completed with each token's `tid`.
    var hasTenantTemplate: Bool { issuer?.contains(Self.tenantPlaceholder) ?? false }

    /// Where discovery and keys are read: the issuer, its template completed with `common`.
    var discoveryIssuer: String? {
        issuer?.replacingOccurrences(of: Self.tenantPlaceholder, with: Self.multiTenantEndpoint)
    }

    /// The `iss` a token with tenant `tid` must carry; nil when the issuer is a template and `tid`
    /// is no GUID (a tenant id with a slash or a dot could make any issuer).
    func expectedIssuer(tid: String?) -> String? {
        guard let issuer else { return nil }
        guard hasTenantTemplate else { return issuer }
        guard let tid, UUID(uuidString: tid) != nil, tid.utf8.count == 36 else { return nil }
        return issuer.replacingOccurrences(of: Self.tenantPlaceholder, with: tid)
    }
}
