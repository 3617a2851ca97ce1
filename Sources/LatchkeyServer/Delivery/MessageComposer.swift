import Foundation
import Mustache

/// Writes messages from the Mustache templates in the ``StringCatalog``: per purpose, the body
/// `message.<purpose>.body` and, for email, the subject `message.<purpose>.subject`. Values are
/// inserted unescaped (`{{{value}}}`): the messages are plain text.
struct MessageComposer: Sendable {
    private let library: MustacheLibrary

    /// Compiles the message templates of the shipped catalogs, each named `<language>/<id>`.
    static func shipped() throws -> MessageComposer {
        var library = MustacheLibrary()
        for (language, texts) in StringCatalog.shipped.texts {
            for (id, text) in texts where id.hasPrefix("message.") {
                library.register(try MustacheTemplate(string: text), named: "\(language.rawValue)/\(id)")
            }
        }
        return MessageComposer(library: library)
    }

    /// The subject (email only) and body of a `purpose` message in `language`.
    func compose(
        _ purpose: OneTimeCodeStore.Purpose,
        channel: OutboundMessage.Channel,
        language: Language,
        values: [String: String]
    ) -> (subject: String?, body: String) {
        let name = Self.templateName(purpose)
        let body = render("message.\(name).body", in: language, values) ?? ""
        let subject = channel == .email ? render("message.\(name).subject", in: language, values) : nil
        return (subject?.trimmingCharacters(in: .whitespacesAndNewlines), body.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    private func render(_ id: String, in language: Language, _ values: [String: String]) -> String? {
        library.render(values, withTemplate: "\(language.rawValue)/\(id)") ?? library.render(values, withTemplate: "en/\(id)")
    }

    /// The catalog name of a purpose's messages.
    static func templateName(_ purpose: OneTimeCodeStore.Purpose) -> String {
        switch purpose {
        case .phoneSignIn, .linkPhone: return "phone_pin"
        case .emailSignIn: return "email_sign_in"
        case .verifyEmail: return "verify_email"
        case .changeEmail: return "change_email"
        case .resetPassword: return "reset_password"
        case .restoreEmail: return "restore_email"
        case .signUpAttempt: return "sign_up_attempt"
        case .parentConsent: return "parent_consent"
        case .parentManage: return "parent_manage"
        }
    }
}
