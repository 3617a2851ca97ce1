import Foundation
import LatchkeyWire

extension UserImportService {
    /// Users per page of an export.
    static let exportPage = 500

    /// Every user of `app` as an import line, oldest id first, handed to `emit` a page at a time:
    /// the external id it was imported under (else its Latchkey id, which a re-import into this
    /// app matches), its stored hash as it is (bcrypt, or an imported hash not yet replaced),
    /// and its provider identities under the app's names for them.
    func export(app: App, emit: ([ImportedUser]) throws -> Void) async throws {
        var after: String?
        while true {
            let page = try await users.list(appID: app.id, limit: Self.exportPage, after: after)
            guard let last = page.last else { return }
            let externalIds = try await driver.read { [imports] db in try await imports.externalIds(of: page.map(\.id), in: db) }
            try emit(page.map { Self.line(of: $0, externalId: externalIds[$0.id]) })
            after = last.id
        }
    }

    private static func line(of account: UserAccount, externalId: String?) -> ImportedUser {
        let identities = account.identities.filter { !["password", "phone"].contains($0.provider) }
            .map { ImportedIdentity(provider: $0.provider, subject: $0.subject, email: $0.email) }
        return ImportedUser(
            externalId: externalId ?? account.id,
            email: account.email,
            emailVerified: account.email == nil ? nil : account.emailVerified,
            username: account.username,
            phone: account.phone,
            displayName: account.displayName,
            passwordHash: account.passwordHash,
            identities: identities.isEmpty ? nil : identities,
            createdAt: account.createdAt
        )
    }
}
