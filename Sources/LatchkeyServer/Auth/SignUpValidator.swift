import Foundation
import LatchkeyWire

/// Checks every sign-up field at once and reports every failure with its own code (KWS's
/// createUser statuses), so a form can mark all bad fields in one round trip.
struct SignUpValidator {
    let policy: PasswordPolicy
    let app: App
    let today: Date

    /// The field errors of `request`, empty when it is valid (uniqueness is checked separately).
    func fieldErrors(of request: SignUpRequest) -> [FieldError] {
        var errors: [FieldError] = []
        if let username = request.username, !Validation.isValidUsername(username) {
            errors.append(FieldError(field: "username", code: .invalidUsername))
        }
        if let email = request.email, !Validation.isValidEmail(email) {
            errors.append(FieldError(field: "email", code: .invalidEmail))
        }
        errors += passwordErrors(request.password, username: request.username, email: request.email)
        errors += Self.profileErrors(
            dateOfBirth: request.dateOfBirth,
            country: request.country,
            parentEmail: request.parentEmail,
            today: today
        )
        if needsConsent(request), !errors.contains(where: { $0.field == "parentEmail" }),
            let error = Self.parentEmailError(request.parentEmail, childEmail: request.email)
        {
            errors.append(error)
        }
        return errors
    }

    /// The error of a child's parent email, if any: a child needs one (`parent_email_required`),
    /// and the consent link goes to it, so the child's own inbox (a `+tag` alias of it included)
    /// would let them consent for themselves (`invalid_parent_email`). Sign-up and a later date
    /// of birth (``ParentConsent/parentEmailStartingConsent(for:dateOfBirth:country:parentEmail:app:today:)``) share it.
    static func parentEmailError(_ parentEmail: String?, childEmail: String?) -> FieldError? {
        guard let parentEmail else { return FieldError(field: "parentEmail", code: .parentEmailRequired) }
        if let childEmail, Canonical.emailThrottleKey(childEmail) == Canonical.emailThrottleKey(parentEmail) {
            return FieldError(field: "parentEmail", code: .invalidParentEmail)
        }
        return nil
    }

    /// Whether the sign-up is a child's, younger than the consent age of their country: the
    /// account then starts pending the parent's consent.
    func needsConsent(_ request: SignUpRequest) -> Bool {
        ConsentAge.needsConsent(dateOfBirth: request.dateOfBirth, country: request.country, settings: app.settings, today: today)
    }

    /// The field errors of the KWS profile fields (each checked only when present).
    static func profileErrors(dateOfBirth: String?, country: String?, parentEmail: String?, today: Date) -> [FieldError] {
        var errors: [FieldError] = []
        if let dateOfBirth, !Validation.isValidDateOfBirth(dateOfBirth, today: today) {
            errors.append(FieldError(field: "dateOfBirth", code: .invalidDateOfBirth))
        }
        if let country, !Validation.isValidCountry(country.uppercased()) {
            errors.append(FieldError(field: "country", code: .invalidCountry))
        }
        if let parentEmail, !Validation.isValidEmail(parentEmail) {
            errors.append(FieldError(field: "parentEmail", code: .invalidParentEmail))
        }
        return errors
    }

    /// The password's field error, if the policy refuses it.
    func passwordErrors(_ password: String, username: String?, email: String?, field: String = "password") -> [FieldError] {
        let context = [username, email.flatMap { $0.split(separator: "@").first.map(String.init) }, app.name]
            .compactMap { $0 }
        guard
            let rejection = policy.rejection(
                of: password,
                minimumLength: app.settings.auth.passwordMinLength,
                context: context
            )
        else { return [] }
        return [FieldError(field: field, code: .invalidPassword, reason: rejection.rawValue)]
    }
}
