public import Foundation
import LatchkeyWire
import SQLKit

/// Which of an app's users to list, and in what order: the console's user list takes it from
/// its query parameters (`q`, `status`, `method`, `consent`, `created_from`, `created_to`,
/// `signed_in_from`, `signed_in_to`, `sort`, `order`), so a filtered, sorted view is a link.
public struct UserFilter: Sendable, Equatable {
    /// Whether an operator disabled the user.
    public enum Status: String, Sendable, CaseIterable {
        case active
        case disabled
    }

    /// A way users sign in, as their identities (and password) tell it.
    public enum SignInMethod: String, Sendable, CaseIterable {
        /// A username or email with a password.
        case password
        /// An email code or link: an email address and no password.
        case emailCode = "email_code"
        /// A phone number and an SMS code.
        case phone
        /// A passkey.
        case passkey
        /// A sign-in provider (OAuth or OpenID Connect) of the app.
        case provider
        /// A guest: anonymous or by a device id.
        case guest
    }

    /// What the list is ordered by; ties go by user id.
    public enum Sort: String, Sendable, CaseIterable {
        case created
        case lastSignIn = "last_sign_in"
        /// The name a list shows: username, else email, phone or display name.
        case name
    }

    /// A user id, a username or its beginning, an email or a phone number.
    public var text: String?
    public var status: Status?
    public var method: SignInMethod?
    /// Only children whose parent has not answered the consent request yet.
    public var pendingConsent: Bool
    /// The first day (UTC) of sign-ups, inclusive.
    public var createdFrom: Date?
    /// The last day (UTC) of sign-ups, inclusive.
    public var createdTo: Date?
    /// The first day (UTC) of the last sign-in, inclusive.
    public var signedInFrom: Date?
    /// The last day (UTC) of the last sign-in, inclusive.
    public var signedInTo: Date?
    public var sort: Sort
    public var descending: Bool

    /// Every user, newest first.
    public init(
        text: String? = nil,
        status: Status? = nil,
        method: SignInMethod? = nil,
        pendingConsent: Bool = false,
        createdFrom: Date? = nil,
        createdTo: Date? = nil,
        signedInFrom: Date? = nil,
        signedInTo: Date? = nil,
        sort: Sort = .created,
        descending: Bool = true
    ) {
        self.text = text
        self.status = status
        self.method = method
        self.pendingConsent = pendingConsent
        self.createdFrom = createdFrom
        self.createdTo = createdTo
        self.signedInFrom = signedInFrom
        self.signedInTo = signedInTo
        self.sort = sort
        self.descending = descending
    }

    /// The filter a request's query gives (`parameter` reads one); an empty parameter is no
    /// filter. Every value that does not parse is named in one `422 invalid_field`, so a form
    /// shows all its mistakes at once.
    init(parameter: (String) -> String?) throws {
        var errors: [FieldError] = []
        func text(_ name: String) -> String? {
            parameter(name).map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : String($0.prefix(200)) }
        }
        func choice<Choice: RawRepresentable<String>>(_ name: String, _: Choice.Type, reason: String) -> Choice? {
            guard let value = text(name) else { return nil }
            guard let choice = Choice(rawValue: value) else {
                errors.append(FieldError(field: name, code: .invalidField, reason: reason))
                return nil
            }
            return choice
        }
        func day(_ name: String) -> Date? {
            guard let value = text(name) else { return nil }
            guard value.wholeMatch(of: /[0-9]{4}-[0-9]{2}-[0-9]{2}/) != nil, let date = AuditFilter.dayFormat.date(from: value) else {
                errors.append(FieldError(field: name, code: .invalidField, reason: "a date as YYYY-MM-DD"))
                return nil
            }
            return date
        }
        func names<Choice: CaseIterable & RawRepresentable<String>>(_: Choice.Type) -> String {
            Choice.allCases.map(\.rawValue).joined(separator: ", ")
        }
        enum Order: String { case asc, desc }
        self.init(
            text: text("q"),
            status: choice("status", Status.self, reason: "one of " + names(Status.self)),
            method: choice("method", SignInMethod.self, reason: "one of " + names(SignInMethod.self)),
            pendingConsent: text("consent") == ConsentStatus.pending.rawValue,
            createdFrom: day("created_from"),
            createdTo: day("created_to"),
            signedInFrom: day("signed_in_from"),
            signedInTo: day("signed_in_to"),
            sort: choice("sort", Sort.self, reason: "one of " + names(Sort.self)) ?? .created,
            descending: choice("order", Order.self, reason: "asc or desc") != .asc
        )
        if let consent = text("consent"), consent != ConsentStatus.pending.rawValue {
            errors.append(FieldError(field: "consent", code: .invalidField, reason: "pending"))
        }
        guard errors.isEmpty else { throw APIError.validation(errors) }
    }

    /// The filter's values as query parameters, the defaults left out: for the form to show
    /// and for the links to other pages.
    var query: [(String, String)] {
        let format = AuditFilter.dayFormat
        let all: [(String, String?)] = [
            ("q", text), ("status", status?.rawValue), ("method", method?.rawValue), ("consent", pendingConsent ? "pending" : nil),
            ("created_from", createdFrom.map { format.string(from: $0) }), ("created_to", createdTo.map { format.string(from: $0) }),
            ("signed_in_from", signedInFrom.map { format.string(from: $0) }), ("signed_in_to", signedInTo.map { format.string(from: $0) }),
            ("sort", sort == .created ? nil : sort.rawValue), ("order", descending ? nil : "asc"),
        ]
        return all.compactMap { name, value in value.map { (name, $0) } }
    }

    /// The SQL conditions on `users` (all must hold). Each is on the user's own row, or an
    /// `EXISTS` on a table indexed by user id.
    var conditions: [SQLQueryString] {
        var conditions: [SQLQueryString] = []
        if let text {
            let prefix = AuditFilter.escaped(Canonical.username(text)) + "%"
            conditions.append(
                """
                (id = \(bind: text) OR username_canonical LIKE \(bind: prefix) ESCAPE '\\'
                    OR email_canonical = \(bind: Canonical.email(text)) OR phone = \(bind: text))
                """
            )
        }
        if let status { conditions.append("disabled = \(bind: status == .disabled ? 1 : 0)") }
        if let method { conditions.append(Self.condition(method)) }
        if pendingConsent {
            conditions.append(
                "EXISTS (SELECT 1 FROM consents WHERE consents.user_id = users.id AND consents.status = \(bind: ConsentStatus.pending.rawValue))"
            )
        }
        if let createdFrom { conditions.append("created_at >= \(bind: createdFrom.epochSeconds)") }
        if let createdTo { conditions.append("created_at < \(bind: createdTo.epochSeconds + 86_400)") }
        if let signedInFrom { conditions.append("last_sign_in_at >= \(bind: signedInFrom.epochSeconds)") }
        if let signedInTo { conditions.append("last_sign_in_at < \(bind: signedInTo.epochSeconds + 86_400)") }
        return conditions
    }

    /// The `ORDER BY` list. A user who never signed in sorts as signed in at the epoch; one
    /// without a name as the empty name (both stores order `NULL` differently).
    var order: SQLQueryString {
        let direction: SQLQueryString = descending ? "DESC" : "ASC"
        let key: SQLQueryString
        switch sort {
        case .created: key = "created_at"
        case .lastSignIn: key = "COALESCE(last_sign_in_at, 0)"
        case .name: key = "COALESCE(username_canonical, email_canonical, phone, display_name, '')"
        }
        return "\(key) \(direction), id \(direction)"
    }

    /// The users signing in by `method`.
    private static func condition(_ method: SignInMethod) -> SQLQueryString {
        func identity(_ test: SQLQueryString) -> SQLQueryString {
            "EXISTS (SELECT 1 FROM identities WHERE identities.user_id = users.id AND \(test))"
        }
        switch method {
        case .password: return "password_hash IS NOT NULL"
        case .emailCode:
            return "password_hash IS NULL AND email IS NOT NULL AND " + identity("identities.provider = \(bind: "password")")
        case .phone: return identity("identities.provider = \(bind: UserStore.phoneProvider)")
        case .passkey: return identity("identities.provider = \(bind: PasskeyStore.identityProvider)")
        case .guest: return identity("identities.provider IN (\(binds: Array(UserAccount.guestProviders.sorted())))")
        case .provider:
            let builtIn = ["password", UserStore.phoneProvider, PasskeyStore.identityProvider] + UserAccount.guestProviders.sorted()
            return identity("identities.provider NOT IN (\(binds: builtIn))")
        }
    }
}
