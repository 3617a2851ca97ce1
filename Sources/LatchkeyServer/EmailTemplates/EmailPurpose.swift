import Foundation

/// The messages sent by email, each with the values its callers give its templates: what an
/// operator's template may use, and the link or code it must show.
enum EmailPurpose: String, CaseIterable, Sendable {
    case verifyEmail = "verify_email"
    case changeEmail = "change_email"
    case restoreEmail = "restore_email"
    case resetPassword = "reset_password"
    case emailSignIn = "email_sign_in"
    case signUpAttempt = "sign_up_attempt"
    case parentConsent = "parent_consent"
    case parentManage = "parent_manage"

    /// The email purpose of a one-time code's message; nil for SMS-only purposes.
    init?(_ purpose: OneTimeCodeStore.Purpose) {
        self.init(rawValue: MessageComposer.templateName(purpose))
    }

    /// The variables every message has: the app's name and brand.
    static let brandVariables = ["appName", "accentColor", "logoURL", "supportURL"]

    /// The values the purpose's callers pass to ``Messenger/queue(_:to:channel:app:language:values:userID:liveUntil:at:in:)``.
    private var ownVariables: [String] {
        switch self {
        case .verifyEmail, .changeEmail, .resetPassword: ["link", "hours", "days"]
        case .restoreEmail: ["link", "newEmail", "hours", "days"]
        case .emailSignIn: ["code", "link", "minutes"]
        case .signUpAttempt: []
        case .parentConsent, .parentManage: ["link", "child", "hours", "days"]
        }
    }

    /// Every variable a template of this purpose may use.
    var variables: [String] { Self.brandVariables + ownVariables }

    /// What the text and the HTML must each show: without it the message is useless.
    var required: [String] {
        switch self {
        case .signUpAttempt: []
        case .emailSignIn: ["code"]
        default: ["link"]
        }
    }

    /// Whether the message carries a link (a button in the HTML).
    var hasLink: Bool { ownVariables.contains("link") }

    /// Whether the message carries a code (shown large in the HTML).
    var hasCode: Bool { ownVariables.contains("code") }

    /// Values for previews and for checking a template on save: every variable set, so a section
    /// shows, and a link with `&` in it, so escaping shows too.
    func sampleValues(appName: String) -> [String: String] {
        let samples = [
            "link": "https://example.com/v1/auth/action?mode=sample&token=lke_SAMPLE0123456789",
            "code": "123456", "hours": "24", "days": "7", "minutes": "10",
            "child": "kid_sample", "newEmail": "new-address@example.com",
        ]
        var values = samples.filter { ownVariables.contains($0.key) }
        values["appName"] = appName
        return values
    }
}
