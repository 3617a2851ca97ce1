import HTTPTypes
import Hummingbird

/// One HTML page to render: which template, in which language, with what values.
///
/// A page is rendered as soon as it is made, so its values need not be `Sendable`; every value
/// is HTML-escaped by the template (`{{name}}`) unless the template asks otherwise.
struct Page {
    /// The template's name: its path under `Resources/templates` without `.mustache`
    /// (`login/sign-in`, `console/apps`).
    var template: String
    /// The catalog id of the page's title, under `page.` (`login.sign_in.title`); the text is the
    /// template's `{{title}}` and the document's `<title>`.
    var title: String
    /// The language the page is written in.
    var language: Language
    /// The template's own values, beside the ones every page gets (see ``PageRenderer``).
    var values: [String: Any] = [:]
    /// Problems with what the user sent, shown in the error summary at the top of the page
    /// (each links to its field's `id`) and announced to screen readers.
    var errors: [PageError] = []
    /// The form token of the page's forms, when it has any (``CSRFProtection/issue(for:)``).
    var csrf: CSRFToken? = nil
    /// The answer's status.
    var status: HTTPResponse.Status = .ok
    /// Origins besides the server's own that the page's forms may lead to (`form-action` in the
    /// content security policy): a browser checks it for the redirects after a form's `POST`, so
    /// a sign-in form that ends at an app's redirect URI names that URI's origin or scheme here.
    var formActions: [String] = []
    /// More response headers (a session cookie, `Location`).
    var headers: HTTPFields = [:]

    init(_ template: String, title: String, language: Language, values: [String: Any] = [:]) {
        self.template = template
        self.title = title
        self.language = language
        self.values = values
    }
}

/// A problem with one field of a page's form.
struct PageError {
    /// The `id` of the field in error (the summary links to it); empty when the problem is the
    /// form's as a whole.
    var field: String
    /// The text shown, already in the page's language.
    var message: String
}
