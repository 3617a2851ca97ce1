import Hummingbird
import LatchkeyWire

/// `/v1/me/profile` (Kuggle's profile): first name, date of birth, gender, optional display name
/// and avatar, a generated invite code, and `profileCreated`; invite-code redemption; and reads
/// by the app's servers with `profiles:read`.
struct ProfilesFeature: Feature {
    static let id = "profiles"
    let service: ProfileService
    let requests: RequestReader

    init(backend: LatchkeyBackend) {
        self.service = ProfileService(backend: backend)
        self.requests = backend.requests
    }

    static let module: ModuleDeclaration? = ModuleDeclaration(title: "Profiles and invite codes", access: .user(.profile))

    static let clientScopes: [ClientScope] = [
        ClientScope(.profilesRead, allows: "Read users' profiles.")
    ]

    func routes(into table: inout RouteTable) {
        let me = Access.user(.profile)

        table.json(.get, "/v1/me/profile", operation: "getProfile", access: me) { _, context in
            let user = try context.user
            return try await service.profile(userID: user.userID, appID: user.app.id)
        }

        table.json(.put, "/v1/me/profile", operation: "createProfile", access: me) { request, context in
            let body = try await requests.body(ProfileRequest.self, of: request)
            return try await service.save(body.value, present: body.present, replace: true, principal: try context.user, language: context.language)
        }

        table.json(.patch, "/v1/me/profile", operation: "updateProfile", access: me) { request, context in
            let body = try await requests.body(ProfileRequest.self, of: request)
            return try await service.save(
                body.value,
                present: body.present,
                replace: false,
                principal: try context.user,
                language: context.language
            )
        }

        table.json(.post, "/v1/me/profile/invite", operation: "redeemInviteCode", access: me, body: InviteRedemptionRequest.self) {
            body,
            _,
            context in
            try await service.redeem(body.code, principal: try context.user)
        }

        table.json(.get, "/v1/users/{id}/profile", operation: "getUserProfile", access: .client(.profilesRead)) { _, context in
            let id = try context.parameters.require("id")
            let profile = try await service.profile(userID: id, appID: try context.client.app.id, bySomeoneElse: true)
            return UserProfile(userId: id, profile: profile)
        }
    }
}

extension Scope {
    /// Read users' profiles (server-to-server).
    static let profilesRead = Scope(rawValue: "profiles:read")
}
