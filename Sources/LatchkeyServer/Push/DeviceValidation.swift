import LatchkeyWire

/// The rules a device registration must meet, checked before anything is stored: a token in
/// its provider's form (APNs tokens are hex and are kept lowercase), a provider that can reach
/// the platform, and bounded strings and topics.
enum DeviceValidation {
    /// The most topics one device listens to.
    static let maximumTopics = 64

    /// The registration as stored (token normalized, provider chosen), or a `422` naming every bad field.
    static func validated(_ registration: DeviceRegistration) throws -> (DeviceRegistration, PushProvider) {
        var registration = registration
        let provider = registration.provider ?? ([.ios, .macos].contains(registration.platform) ? .apns : .fcm)
        var errors: [FieldError] = []
        if provider == .apns { registration.token = registration.token.lowercased() }
        if !isToken(registration.token, for: provider) { errors.append(FieldError(field: "token", code: .invalidField)) }
        if provider == .apns && ![.ios, .macos].contains(registration.platform) {
            errors.append(FieldError(field: "provider", code: .invalidField))
        }
        if let version = registration.appVersion, version.isEmpty || version.count > 64 {
            errors.append(FieldError(field: "appVersion", code: .invalidField))
        }
        if let locale = registration.locale, !isLocale(locale) { errors.append(FieldError(field: "locale", code: .invalidField)) }
        if let topics = registration.topics, topics.count > maximumTopics || !topics.allSatisfy(isTopic) {
            errors.append(FieldError(field: "topics", code: .invalidField))
        }
        guard errors.isEmpty else { throw APIError.validation(errors) }
        return (registration, provider)
    }

    /// Whether `token` has the form `provider` gives: APNs, 32 to 100 bytes in hex; FCM, up to
    /// 4,096 characters of the registration-token alphabet.
    static func isToken(_ token: String, for provider: PushProvider) -> Bool {
        switch provider {
        case .apns:
            token.count.isMultiple(of: 2) && (64...200).contains(token.count) && token.utf8.allSatisfy(\.isHexDigit)
        case .fcm:
            (1...4_096).contains(token.utf8.count) && token.utf8.allSatisfy { $0.isAlphanumeric || "-_:.".utf8.contains($0) }
        }
    }

    /// FCM's topic alphabet, 1 to 64 characters.
    static func isTopic(_ topic: String) -> Bool {
        (1...64).contains(topic.utf8.count) && topic.utf8.allSatisfy { $0.isAlphanumeric || "-_.~%".utf8.contains($0) }
    }

    /// A BCP 47 tag's shape: subtags of 1 to 8 letters or digits joined by `-` (or `_`), at most 35 characters.
    static func isLocale(_ locale: String) -> Bool {
        let subtags = locale.split(separator: "-", omittingEmptySubsequences: false).flatMap {
            $0.split(separator: "_", omittingEmptySubsequences: false)
        }
        return locale.utf8.count <= 35 && subtags.allSatisfy { (1...8).contains($0.utf8.count) && $0.utf8.allSatisfy(\.isAlphanumeric) }
    }
}

extension UInt8 {
    fileprivate var isHexDigit: Bool { (48...57).contains(self) || (97...102).contains(self) }
    fileprivate var isAlphanumeric: Bool { (48...57).contains(self) || (65...90).contains(self) || (97...122).contains(self) }
}
