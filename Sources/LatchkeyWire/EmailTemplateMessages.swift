public import Foundation

/// The three parts of an email template: Mustache sources (or, rendered, the message). A nil part
/// of an override is the shipped default's.
public struct EmailTemplateParts: Codable, Sendable, Equatable {
    /// The subject line.
    public var subject: String?
    /// The plain-text part.
    public var text: String?
    /// The HTML part.
    public var html: String?

    /// Creates the parts.
    public init(subject: String? = nil, text: String? = nil, html: String? = nil) {
        self.subject = subject
        self.text = text
        self.html = html
    }
}

/// `PUT /v1/operator/apps/{id}/email-templates/{purpose}/{language}` and its preview: the
/// override's parts (absent or empty: the default's).
public struct EmailTemplateRequest: StrictRequest, Equatable {
    public static let acceptedFields: Set<String> = ["subject", "text", "html"]
    /// The subject template.
    public var subject: String?
    /// The plain-text template.
    public var text: String?
    /// The HTML template.
    public var html: String?

    /// Creates a request.
    public init(subject: String? = nil, text: String? = nil, html: String? = nil) {
        self.subject = subject
        self.text = text
        self.html = html
    }

    /// The parts, empty ones left out.
    public var parts: EmailTemplateParts {
        EmailTemplateParts(subject: subject.nonEmpty, text: text.nonEmpty, html: html.nonEmpty)
    }
}

extension Optional where Wrapped == String {
    /// The string unless it is empty or only whitespace.
    fileprivate var nonEmpty: String? {
        guard let self, !self.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
        return self
    }
}

/// One email of an app, per purpose and language, as operators see it.
public struct EmailTemplate: Codable, Sendable, Equatable {
    /// The message's purpose: `verify_email`, `reset_password`, `email_sign_in`, …
    public var purpose: String
    /// Its BCP 47 language tag: a shipped language (`en`, `ja`, `zh-Hans`) or one an operator added.
    public var language: String
    /// Whether an override is stored.
    public var overridden: Bool
    /// The stored override's parts; nil parts are the default's.
    public var override: EmailTemplateParts?
    /// The parts sent: the override's where set, else the default's.
    public var effective: EmailTemplateParts
    /// The shipped default (for an added language, the English one).
    public var defaults: EmailTemplateParts
    /// The variables the templates may use.
    public var variables: [String]
    /// The variables the text and the HTML must each show (the link or the code).
    public var required: [String]
    /// When the override was saved.
    public var updatedAt: Date?
    /// Why the override could not be used the last time (the default was sent instead).
    public var lastError: String?
    /// When the default was last sent instead of the override.
    public var fallbackAt: Date?

    /// Creates the description of a template.
    public init(
        purpose: String,
        language: String,
        overridden: Bool,
        override: EmailTemplateParts?,
        defaults: EmailTemplateParts,
        variables: [String],
        required: [String],
        updatedAt: Date? = nil,
        lastError: String? = nil,
        fallbackAt: Date? = nil
    ) {
        self.purpose = purpose
        self.language = language
        self.overridden = overridden
        self.override = override
        self.defaults = defaults
        self.variables = variables
        self.required = required
        self.updatedAt = updatedAt
        self.lastError = lastError
        self.fallbackAt = fallbackAt
        effective = EmailTemplateParts(
            subject: override?.subject ?? defaults.subject,
            text: override?.text ?? defaults.text,
            html: override?.html ?? defaults.html
        )
    }

}

/// One email of an app in a listing: whether it is overridden, and whether its override last
/// fell back to the default.
public struct EmailTemplateSummary: Codable, Sendable, Equatable {
    /// The message's purpose.
    public var purpose: String
    /// Its language tag.
    public var language: String
    /// Whether an override is stored.
    public var overridden: Bool
    /// The parts the override sets (`subject`, `text`, `html`).
    public var parts: [String]
    /// When the override was saved.
    public var updatedAt: Date?
    /// Why the override could not be used the last time.
    public var lastError: String?
    /// When the default was last sent instead of the override.
    public var fallbackAt: Date?

    /// Creates a summary.
    public init(
        purpose: String,
        language: String,
        overridden: Bool,
        parts: [String] = [],
        updatedAt: Date? = nil,
        lastError: String? = nil,
        fallbackAt: Date? = nil
    ) {
        self.purpose = purpose
        self.language = language
        self.overridden = overridden
        self.parts = parts
        self.updatedAt = updatedAt
        self.lastError = lastError
        self.fallbackAt = fallbackAt
    }
}
