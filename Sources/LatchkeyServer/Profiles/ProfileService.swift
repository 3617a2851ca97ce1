import Foundation
import HTTPTypes
import LatchkeyWire

/// The rules of profiles (Kuggle): validation, when a profile counts as created, what an account
/// awaiting parental consent may set, and invite-code redemption. The date of birth is the
/// account's own and is written through ``AccountService/updateProfile(_:present:principal:language:)``,
/// the one path for account changes, so every rule on it (a child's date of birth is fixed after
/// sign-up; a child's date of birth given later needs the parent email stored on the account and
/// starts consent) holds here too.
struct ProfileService: Sendable {
    let driver: any StoreDriver
    let profiles: ProfileStore
    let users: UserStore
    let userCache: UserCache
    let accounts: AccountService
    let time: any TimeSource

    init(backend: LatchkeyBackend) {
        self.driver = backend.driver
        self.profiles = ProfileStore(driver: backend.driver)
        self.users = backend.users
        self.userCache = backend.userCache
        self.accounts = AccountService(backend: backend)
        self.time = backend.time
    }

    /// The user's profile (its row is made, with an invite code, on first use; every write here
    /// locks the user's row first, ``UserStore/lockRow(id:in:)``, as a deletion does). Seen by anyone but
    /// the user (`bySomeoneElse`), a restricted child's display name and avatar are left out, even
    /// ones set before a parent revoked consent: nothing of theirs is public.
    func profile(userID: String, appID: String, bySomeoneElse: Bool = false) async throws -> Profile {
        guard let account = try await userCache.account(id: userID, appID: appID) else { throw APIError(.notFound, .notFound) }
        let now = time.now()
        let (row, invites) = try await driver.read { [profiles] db in
            (try await profiles.find(userID: userID, in: db), try await profiles.invites(userID: userID, in: db))
        }
        var stored = row
        if stored == nil {
            stored = try await driver.write { [profiles, users] db in
                guard try await users.lockRow(id: userID, in: db) else { return nil }
                return try await profiles.ensure(userID: userID, appID: appID, at: now, in: db)
            }
        }
        guard let stored else { throw APIError(.notFound, .notFound) }
        let hidden = bySomeoneElse && account.consent?.isRestricted == true
        return Profile(
            firstName: stored.firstName,
            dateOfBirth: account.dateOfBirth,
            gender: stored.gender,
            displayName: hidden ? nil : account.displayName,
            avatarURL: hidden ? nil : stored.avatarURL,
            inviteCode: stored.inviteCode,
            profileCreated: account.profileCreated,
            invitedCount: invites.invited,
            inviteRedeemed: invites.redeemed
        )
    }

    /// Creates (`replace`, a `PUT`: first name, date of birth and gender required) or changes (a
    /// `PATCH`: the members `present`) the signed-in user's profile, and answers it as it is now.
    func save(
        _ request: ProfileRequest,
        present: Set<String>,
        replace: Bool,
        principal: UserPrincipal,
        language: Language
    ) async throws -> Profile {
        let given = replace ? ProfileRequest.acceptedFields : present
        let fields = try validated(request, given: given, restricted: principal.isRestricted)
        guard let account = try await userCache.account(id: principal.userID, appID: principal.app.id) else {
            throw APIError.invalidToken()
        }
        if given.contains("dateOfBirth"), let dateOfBirth = request.dateOfBirth, dateOfBirth != account.dateOfBirth {
            try await accounts.updateProfile(
                UpdateUserRequest(dateOfBirth: dateOfBirth),
                present: ["dateOfBirth"],
                principal: principal,
                language: language
            )
        }
        let now = time.now()
        try await driver.write { [profiles, users] db in
            guard try await users.lockRow(id: principal.userID, in: db) else { throw APIError.invalidToken() }
            let row = try await profiles.ensure(userID: principal.userID, appID: principal.app.id, at: now, in: db)
            try await profiles.update(
                userID: principal.userID,
                firstName: fields.firstName,
                gender: fields.gender,
                avatarURL: fields.avatarURL,
                at: now,
                in: db
            )
            let complete =
                (fields.firstName ?? row.firstName) != nil && (fields.gender ?? row.gender) != nil
                && (request.dateOfBirth ?? account.dateOfBirth) != nil
            try await users.updateProfileColumns(
                id: principal.userID,
                displayName: fields.displayName,
                profileCreated: replace || complete,
                at: now,
                in: db
            )
        }
        return try await profile(userID: principal.userID, appID: principal.app.id)
    }

    /// Records that the owner of `code` invited the signed-in user: once per user (`409
    /// invite_already_redeemed`, checked first, so a user who redeemed learns nothing more about
    /// codes), never their own (`422 own_invite_code`), and only a code of the app (`404
    /// unknown_invite_code`).
    func redeem(_ code: String, principal: UserPrincipal) async throws -> Profile {
        let now = time.now()
        try await driver.write { [profiles, users] db in
            guard try await profiles.redemption(userID: principal.userID, in: db) == nil else {
                throw APIError(.conflict, .inviteAlreadyRedeemed)
            }
            guard let normalized = InviteCode.normalized(code),
                let inviter = try await profiles.inviter(code: normalized, appID: principal.app.id, in: db)
            else { throw APIError(.notFound, .unknownInviteCode) }
            guard inviter != principal.userID else { throw APIError(.unprocessableContent, .ownInviteCode) }
            // Both accounts stay until the record is in (either may be being deleted meanwhile).
            let present = try await users.lockRows(ids: [principal.userID, inviter], in: db)
            guard present.contains(principal.userID) else { throw APIError.invalidToken() }
            guard present.contains(inviter) else { throw APIError(.notFound, .unknownInviteCode) }
            guard try await profiles.recordInvite(inviteeID: principal.userID, inviterID: inviter, at: now, in: db) else {
                throw APIError(.conflict, .inviteAlreadyRedeemed)
            }
        }
        return try await profile(userID: principal.userID, appID: principal.app.id)
    }

    /// The `given` fields of a request as stored; every invalid one is reported at once. First
    /// name, gender and date of birth cannot be cleared (a `PUT` gives every field, so it needs
    /// them); an account awaiting consent cannot set a display name or avatar.
    private func validated(_ request: ProfileRequest, given: Set<String>, restricted: Bool) throws -> ValidFields {
        var errors: [FieldError] = []
        var fields = ValidFields()
        if given.contains("firstName") {
            fields.firstName = request.firstName.flatMap(ProfileFields.name)
            if fields.firstName == nil { errors.append(FieldError(field: "firstName", code: .invalidFirstName)) }
        }
        if given.contains("gender") {
            fields.gender = request.gender.flatMap(Gender.init(requested:))
            if fields.gender == nil { errors.append(FieldError(field: "gender", code: .invalidGender)) }
        }
        if given.contains("dateOfBirth") {
            let valid = request.dateOfBirth.map { Validation.isValidDateOfBirth($0, today: time.now()) } ?? false
            if !valid { errors.append(FieldError(field: "dateOfBirth", code: .invalidDateOfBirth)) }
        }
        if given.contains("displayName") {
            let name = request.displayName.map(ProfileFields.name)
            if name == .some(nil) { errors.append(FieldError(field: "displayName", code: .invalidDisplayName)) }
            fields.displayName = .some(name ?? nil)
        }
        if given.contains("avatarURL") {
            if let url = request.avatarURL, !ProfileFields.isValidAvatarURL(url) {
                errors.append(FieldError(field: "avatarURL", code: .invalidAvatarURL))
            }
            fields.avatarURL = .some(request.avatarURL)
        }
        guard errors.isEmpty else { throw APIError.validation(errors) }
        if restricted, (fields.displayName ?? nil) != nil || (fields.avatarURL ?? nil) != nil {
            throw APIError(.forbidden, .profileRestricted)
        }
        return fields
    }

    /// Validated fields: nil leaves a field as it is; `.some(nil)` clears an optional one.
    private struct ValidFields {
        var firstName: String?
        var gender: Gender?
        var displayName: String??
        var avatarURL: String??
    }
}
