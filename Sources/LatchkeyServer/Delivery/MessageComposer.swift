import Foundation
import Mustache

/// Writes messages from the Mustache templates in `Resources/templates/<language>/`: one body
/// template per purpose and, for email, a `<purpose>_subject` template. Values are inserted
/// unescaped (`{{{value}}}`): the messages are plain text.
struct MessageComposer: Sendable {
    private let library: MustacheLibrary

    /// Loads the templates shipped with the server.
    static func shipped() async throws -> MessageComposer {
        guard let directory = Bundle.module.url(forResource: "templates", withExtension: nil, subdirectory: "Resources") else {
            throw CocoaError(.fileNoSuchFile)
        }
        return MessageComposer(library: try await MustacheLibrary(directory: directory.path))
    }

    /// The subject (email only) and body of a `purpose` message in `language`.
    func compose(
        _ purpose: OneTimeCodeStore.Purpose, channel: OutboundMessage.Channel, language: Language, values: [String: String]
    ) -> (subject: String?, body: String) {
        let name = Self.templateName(purpose)
        let body = render("\(language.rawValue)/\(name)", values) ?? render("en/\(name)", values) ?? ""
        let subject = channel == .email
            ? render("\(language.rawValue)/\(name)_subject", values) ?? render("en/\(name)_subject", values) : nil
        return (subject?.trimmingCharacters(in: .whitespacesAndNewlines), body.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    private func render(_ template: String, _ values: [String: String]) -> String? {
        library.render(values, withTemplate: template)
    }

    private static func templateName(_ purpose: OneTimeCodeStore.Purpose) -> String {
        switch purpose {
        case .phoneSignIn: return "phone_pin"
        case .verifyEmail: return "verify_email"
        case .changeEmail: return "change_email"
        case .resetPassword: return "reset_password"
        }
    }
}
