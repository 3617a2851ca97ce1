import LatchkeyWire

extension AuthFeature {
    static let errorCodes: [ErrorCode] = [
        .sessionExpired, .invalidCredentials, .userDoesNotExist, .wrongPassword, .methodDisabled, .accountDisabled,
        .invalidUsername, .invalidPassword, .invalidDateOfBirth, .invalidCountry, .invalidParentEmail, .invalidEmail,
        .duplicateUsername, .duplicateEmail, .reauthenticationRequired, .emailVerificationRequired,
    ]

    static let settingsSection: SettingSection? = .passwords

    static let settings: [AppSetting] = [
        .integer(
            "sessionTTL",
            \AuthSettings.sessionTTL,
            flag: "session-ttl",
            help: "Session lifetime in seconds.",
            unit: .seconds,
            range: 60...31_536_000,
            rule: "session TTL must be 60 s to 365 days"
        ).shown(in: .sessions).risky,
        .integer(
            "sessionIdleTTL",
            \AuthSettings.sessionIdleTTL,
            flag: "session-idle-ttl",
            help: "Idle timeout in seconds (0: off).",
            unit: .seconds,
            range: 0...Int.max,
            rule: "session idle TTL must be 0 (off) or positive"
        ).shown(in: .sessions).risky,
        .integer(
            "accessTokenTTL",
            \AuthSettings.accessTokenTTL,
            flag: "access-token-ttl",
            help: "Access-token lifetime in seconds.",
            unit: .seconds,
            range: 30...86_400,
            rule: "access token TTL must be 30 s to 24 h"
        ).shown(in: .sessions).risky,
        .rule("The access token TTL is at most the session TTL.", over: AuthSettings.self) { settings in
            settings.accessTokenTTL > settings.sessionTTL ? "access token TTL must not exceed the session TTL" : nil
        },
        .integer(
            "passwordMinLength",
            \AuthSettings.passwordMinLength,
            flag: "password-min-length",
            help: "Minimum password length.",
            unit: .characters,
            range: 8...64,
            rule: "password minimum must be 8 to 64"
        ),
        .integer(
            "bcryptCost",
            \AuthSettings.bcryptCost,
            flag: "bcrypt-cost",
            help: "bcrypt cost of new hashes.",
            unit: .factor,
            range: AuthSettings.minimumBcryptCost...16,
            rule: "bcrypt cost must be 10 to 16"
        ),
        .custom(
            "signInMethods",
            \AuthSettings.signInMethods,
            flag: "sign-in-methods",
            help: "Sign-in methods: username,email,phone,anonymous,device,passkey,emailCode (comma-separated or repeated; replaces the list).",
            isList: true,
            control: .options(SignInMethod.allCases.map(\.rawValue)),
            format: { $0.map(\.rawValue).sorted() },
            parse: { values in
                let methods = values.flatMap { $0.split(separator: ",") }.map { SignInMethod(rawValue: String($0)) }
                guard !methods.isEmpty, methods.allSatisfy({ $0 != nil }) else {
                    throw InvalidAppSetting(
                        description: "sign-in methods are: \(SignInMethod.allCases.map(\.rawValue).joined(separator: ", "))"
                    )
                }
                return Set(methods.compactMap { $0 })
            }
        ).shown(in: .signIn).risky,
        .boolean("revealTakenEmails", \AuthSettings.revealTakenEmails, flag: "reveal-taken-emails", help: "Say 'taken' for emails in use."),
        .boolean(
            "revealUnknownUsers",
            \AuthSettings.revealUnknownUsers,
            flag: "reveal-unknown-users",
            help: "Say user_does_not_exist for unknown users."
        ),
        .integer(
            "reauthenticationWindowSeconds",
            \AuthSettings.reauthenticationWindowSeconds,
            flag: "reauthentication-window",
            help: "Seconds a sign-in or re-authentication allows email change, provider linking and deletion.",
            unit: .seconds,
            range: 30...86_400,
            rule: "re-authentication window must be 30 s to 24 h"
        ).shown(in: .sessions),
        .integer(
            "accountFailureLimit",
            \AuthSettings.accountFailureLimit,
            flag: "account-failure-limit",
            help: "Failed sign-ins of one name from one address before that address is locked out of it.",
            unit: .count,
            range: 1...Int.max,
            rule: "throttling limits must be positive"
        ),
        .integer(
            "ipFailureLimit",
            \AuthSettings.ipFailureLimit,
            flag: "ip-failure-limit",
            help: "Failed sign-ins from one IP before 429.",
            unit: .count,
            range: 1...Int.max,
            rule: "throttling limits must be positive"
        ),
        .integer(
            "failureWindowSeconds",
            \AuthSettings.failureWindowSeconds,
            flag: "failure-window",
            help: "Seconds failures are counted and a lock lasts.",
            unit: .seconds,
            range: 1...Int.max,
            rule: "throttling limits must be positive"
        ),
        .integer(
            "ipSignUpLimit",
            \AuthSettings.ipSignUpLimit,
            flag: "ip-sign-up-limit",
            help: "Sign-ups from one IP per hour before 429.",
            unit: .perHour,
            range: 1...Int.max,
            rule: "throttling limits must be positive"
        ),
    ]
}
