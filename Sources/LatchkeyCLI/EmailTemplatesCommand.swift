import ArgumentParser
import Foundation
import LatchkeyServer
import LatchkeyWire

/// `latchkey email-templates`: the app's emails per purpose and language — list them, show one,
/// override its subject, text or HTML, go back to the default, preview it with sample values.
struct EmailTemplatesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "email-templates",
        abstract: "List, show, override, reset and preview the app's email templates (docs/email.md).",
        subcommands: [List.self, Show.self, SetTemplate.self, Reset.self, Preview.self]
    )

    /// The template a command is about.
    struct TemplateOptions: ParsableArguments {
        @OptionGroup var app: UsersCommand.AppOption
        @Option(help: "verify_email, change_email, restore_email, reset_password, email_sign_in, sign_up_attempt, parent_consent or parent_manage.")
        var purpose: String
        @Option(help: "A BCP 47 language tag: en, ja, zh-Hans or one you add.") var language: String
    }

    /// The parts a command gives.
    struct PartOptions: ParsableArguments {
        @Option(help: "The subject template.") var subject: String?
        @Option(help: "A file holding the plain-text template.") var textFile: String?
        @Option(help: "A file holding the HTML template.") var htmlFile: String?

        var parts: EmailTemplateParts {
            get throws {
                let read = { (path: String?) in try path.map { try String(contentsOfFile: $0, encoding: .utf8) } }
                return EmailTemplateRequest(subject: subject, text: try read(textFile), html: try read(htmlFile)).parts
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Every purpose and language of the app, overridden or not.")
        @OptionGroup var store: StoreOptions
        @OptionGroup var output: OutputOptions
        @OptionGroup var app: UsersCommand.AppOption

        func run() async throws {
            let templates = try await store.withBackend { backend in try await backend.admin.emailTemplates(appID: app.app, by: .commandLine()) }
            let lines = templates.map { template in
                let state = template.overridden ? "overridden (\(template.parts.joined(separator: ", ")))" : "default"
                return "\(template.purpose)  \(template.language)  \(state)" + (template.lastError.map { "  fell back: \($0)" } ?? "")
            }
            try output.print(templates, text: lines.joined(separator: "\n"))
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "The templates sent for one purpose and language, with their variables.")
        @OptionGroup var store: StoreOptions
        @OptionGroup var output: OutputOptions
        @OptionGroup var template: TemplateOptions

        func run() async throws {
            let shown = try await store.withBackend { backend in
                try await backend.admin.emailTemplate(
                    appID: template.app.app,
                    purpose: template.purpose,
                    language: template.language,
                    by: .commandLine()
                )
            }
            try output.print(shown, text: EmailTemplatesCommand.text(of: shown.effective, heading: "\(shown.purpose) \(shown.language)"))
        }
    }

    struct SetTemplate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set",
            abstract: "Override the subject, text or HTML (parts not given are the default's); checked before it is saved."
        )
        @OptionGroup var store: StoreOptions
        @OptionGroup var output: OutputOptions
        @OptionGroup var template: TemplateOptions
        @OptionGroup var parts: PartOptions

        func run() async throws {
            let parts = try parts.parts
            let saved = try await store.withBackend { backend in
                try await backend.admin.setEmailTemplate(
                    parts,
                    appID: template.app.app,
                    purpose: template.purpose,
                    language: template.language,
                    by: .commandLine()
                )
            }
            try output.print(saved, text: "saved \(saved.purpose) \(saved.language)")
        }
    }

    struct Reset: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove the override: the default is sent again.")
        @OptionGroup var store: StoreOptions
        @OptionGroup var template: TemplateOptions

        func run() async throws {
            try await store.withBackend { backend in
                try await backend.admin.resetEmailTemplate(
                    appID: template.app.app,
                    purpose: template.purpose,
                    language: template.language,
                    by: .commandLine()
                )
            }
            print("reset \(template.purpose) \(template.language) to the default")
        }
    }

    struct Preview: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Render the email with sample values and the app's brand: the parts given, else the ones sent."
        )
        @OptionGroup var store: StoreOptions
        @OptionGroup var output: OutputOptions
        @OptionGroup var template: TemplateOptions
        @OptionGroup var parts: PartOptions

        func run() async throws {
            let parts = try parts.parts
            let rendered = try await store.withBackend { backend in
                try await backend.admin.previewEmailTemplate(
                    parts,
                    appID: template.app.app,
                    purpose: template.purpose,
                    language: template.language,
                    by: .commandLine()
                )
            }
            try output.print(rendered, text: EmailTemplatesCommand.text(of: rendered, heading: "preview"))
        }
    }

    /// The parts for people: the subject, the text, then the HTML.
    static func text(of parts: EmailTemplateParts, heading: String) -> String {
        "# \(heading)\nSubject: \(parts.subject ?? "")\n\n\(parts.text ?? "")\n\n--- HTML ---\n\(parts.html ?? "")"
    }
}
