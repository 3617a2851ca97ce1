import Foundation

/// `GET /v1/me/export`: when, for which app, and every feature's sections of the user's data as
/// members of one object (`user`, `sessions`, `messages`, …). The wire type `AccountExport` reads
/// the members every server has.
struct AccountExportDocument: Encodable, Sendable {
    var exportedAt: Date
    var clientId: String
    var sections: [String: any Encodable & Sendable]

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(exportedAt, forKey: Key(stringValue: "exportedAt"))
        try container.encode(clientId, forKey: Key(stringValue: "clientId"))
        for (name, section) in sections.sorted(by: { $0.key < $1.key }) {
            try container.encode(section, forKey: Key(stringValue: name))
        }
    }
}

extension AccountExportDocument {
    /// Every feature's sections of `user`'s data, as `GET /v1/me/export` answers them and a
    /// parent reviews a child's.
    static func make(of user: UserPrincipal, from sources: ExportSources, at now: Date) async throws -> AccountExportDocument {
        var sections: [String: any Encodable & Sendable] = [:]
        for feature in FeatureSet.all {
            sections.merge(try await feature.export(of: user, from: sources)) { first, _ in first }
        }
        return AccountExportDocument(exportedAt: now, clientId: user.app.clientID, sections: sections)
    }
}
