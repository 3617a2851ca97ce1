/// `POST /v1/auth/device`: sign in with the random id an app keeps for its installation (Nakama's
/// device authentication); the first use of an id creates a guest, later uses sign in to it.
public struct DeviceSignInRequest: StrictRequest, Equatable {
    public static let acceptedFields: Set<String> = ["deviceId"]
    /// The device id: 16 to 128 characters of `A-Z a-z 0-9 - _ . :` (a UUID fits).
    public var deviceId: String

    /// Creates a device sign-in.
    public init(deviceId: String) { self.deviceId = deviceId }
}

/// `POST /v1/me/upgrade`: gives a guest a username or email and a password, keeping the user id
/// and everything the guest owns.
public struct GuestUpgradeRequest: StrictRequest, Equatable {
    public static let acceptedFields: Set<String> = ["username", "email", "password"]
    /// The username. At least one of `username` and `email` is required.
    public var username: String?
    /// The email address.
    public var email: String?
    /// The password, in clear; hashed by the server.
    public var password: String

    /// Creates an upgrade.
    public init(username: String? = nil, email: String? = nil, password: String) {
        self.username = username
        self.email = email
        self.password = password
    }
}

extension Validation {
    /// Whether `deviceId` is a usable device id: 16 to 128 ASCII letters, digits and `-_.:`, so a
    /// UUID, an `identifierForVendor` or a random token fits and nothing guessable does.
    public static func isValidDeviceID(_ deviceId: String) -> Bool {
        (16...128).contains(deviceId.utf8.count)
            && deviceId.utf8.allSatisfy { byte in
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                    || byte == 0x2D || byte == 0x5F || byte == 0x2E || byte == 0x3A
            }
    }
}

extension ErrorCode {
    /// The device id is not 16 to 128 characters of `A-Z a-z 0-9 - _ . :` (a field error on `deviceId`).
    public static let invalidDeviceID = ErrorCode("invalid_device_id")
    /// The app holds as many guests as its `guestLimit` allows; a guest must upgrade or be purged first (`403`).
    public static let guestLimitReached = ErrorCode("guest_limit_reached")
    /// Only a guest's account can be upgraded; this one signs in with a password or provider already (`409`).
    public static let notAnonymous = ErrorCode("not_anonymous")
    /// The identity a guest tried to take on belongs to another account (`409`): nothing changed
    /// on either account. The field error names the identity (`username`, `email`, `phone`,
    /// `provider`), so the app can offer to sign in to that account instead.
    public static let accountConflict = ErrorCode("account_conflict")
    /// The guest's refresh token given to `POST /v1/me/merge` names no live session of a user of
    /// this app — unknown, rotated, revoked, expired, or its guest merged or deleted already (`400`).
    public static let invalidGuestToken = ErrorCode("invalid_guest_token")
    /// `POST /v1/me/merge` named the signed-in account itself as the guest to merge (`409`).
    public static let mergeIntoSelf = ErrorCode("merge_into_self")
}
