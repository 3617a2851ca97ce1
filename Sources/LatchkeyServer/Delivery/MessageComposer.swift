import Foundation
import Mustache

/// Writes the messages that are not emails (SMS PINs) from the Mustache templates in the
/// ``StringCatalog``: per purpose, the body `message.<purpose>.body`. Values are inserted
/// unescaped (`{{{value}}}`): the messages are plain text. Emails, with their subjects and HTML
/// and the operators' templates, are ``EmailComposer``'s.
struct MessageComposer: Sendable {
    private let library: MustacheLibrary

    /// Compiles the body templates of the shipped catalogs that no email purpose has, each named
    /// `<language>/<id>`.
    static func shipped() throws -> MessageComposer {
        var library = MustacheLibrary()
        for (language, texts) in StringCatalog.shipped.texts {
            for (id, text) in texts where id.hasPrefix("message.") && id.hasSuffix(".body") {
                let name = id.dropFirst("message.".count).dropLast(".body".count)
                guard EmailPurpose(rawValue: String(name)) == nil else { continue }
                library.register(try MustacheTemplate(string: text), named: "\(language.rawValue)/\(id)")
            }
        }
        return MessageComposer(library: library)
    }

    /// The body of a `purpose` message in `language`.
    func compose(_ purpose: OneTimeCodeStore.Purpose, language: Language, values: [String: String]) -> String {
        let name = Self.templateName(purpose)
        return (render("message.\(name).body", in: language, values) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
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
