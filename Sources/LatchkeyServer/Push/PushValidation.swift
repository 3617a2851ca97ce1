import LatchkeyWire

/// The rules a push request must meet before anything is queued: exactly one target, something
/// to show or deliver, localized texts with a default, and the providers' limits.
enum PushValidation {
    /// The most users one request may name.
    static let maximumUsers = 1_000
    /// The longest time a provider keeps a push for an offline device: FCM's 28 days.
    static let maximumTTL = 2_419_200

    /// The request, checked; a `422` naming every bad field.
    static func check(_ request: PushRequest) throws {
        var errors: [FieldError] = []
        let targets: [(String, Bool)] = [
            ("userId", request.userId != nil), ("userIds", request.userIds != nil), ("topic", request.topic != nil),
            ("deviceToken", request.deviceToken != nil),
        ]
        let named = targets.filter(\.1).map(\.0)
        if named.count != 1 { errors.append(FieldError(field: named.dropFirst().first ?? "userId", code: .invalidField)) }
        if let users = request.userIds, !(1...maximumUsers).contains(users.count) {
            errors.append(FieldError(field: "userIds", code: .invalidField))
        }
        if let topic = request.topic, !DeviceValidation.isTopic(topic) { errors.append(FieldError(field: "topic", code: .invalidField)) }
        if request.title == nil && request.body == nil && request.data == nil { errors.append(FieldError(field: "body", code: .invalidField)) }
        for (field, text) in [("title", request.title), ("body", request.body)] {
            guard let text else { continue }
            let valid =
                text["default"] != nil && text.keys.allSatisfy { $0 == "default" || DeviceValidation.isLocale($0) }
                && text.values.allSatisfy { $0.utf8.count <= 2_048 }
            if !valid { errors.append(FieldError(field: field, code: .invalidField)) }
        }
        if let collapseID = request.collapseId, collapseID.isEmpty || collapseID.utf8.count > 64 {
            errors.append(FieldError(field: "collapseId", code: .invalidField))
        }
        if let ttl = request.ttl, !(0...maximumTTL).contains(ttl) { errors.append(FieldError(field: "ttl", code: .invalidField)) }
        guard errors.isEmpty else { throw APIError.validation(errors) }
    }
}
