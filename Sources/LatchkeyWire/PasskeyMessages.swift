public import Foundation

/// The WebAuthn ceremonies' JSON (WebAuthn Level 3 §5.1.8–5.1.10 and §5.4–5.5), which browsers
/// read with `PublicKeyCredential.parseCreationOptionsFromJSON` and write with `toJSON()`: every
/// binary member is a base64url string without padding. Any client — a browser, an Android app,
/// a test authenticator — can drive passkey registration and sign-in with these alone.

/// `POST /v1/me/passkeys/options`: what a new passkey is created with
/// (`PublicKeyCredentialCreationOptionsJSON`).
public struct PasskeyCreationOptions: Codable, Sendable, Equatable {
    /// The relying party: the id the credential is scoped to and its display name.
    public var rp: RelyingParty
    /// The account the credential is for: the user handle (random, no personal data) and names.
    public var user: User
    /// The single-use challenge, base64url.
    public var challenge: String
    /// The algorithms the server verifies, most preferred first.
    public var pubKeyCredParams: [Parameters]
    /// Milliseconds the challenge stays valid.
    public var timeout: Int
    /// The user's passkeys already registered, so the authenticator does not make a second one.
    public var excludeCredentials: [Descriptor]
    /// Discoverable credential required, user verification as the app asks.
    public var authenticatorSelection: AuthenticatorSelection
    /// Always `none`: the server does not ask who made the authenticator.
    public var attestation: String
    /// `credProps`, so the client reports whether the credential is discoverable.
    public var extensions: [String: Bool]?

    /// Creates options.
    public init(
        rp: RelyingParty,
        user: User,
        challenge: String,
        pubKeyCredParams: [Parameters],
        timeout: Int,
        excludeCredentials: [Descriptor],
        authenticatorSelection: AuthenticatorSelection,
        attestation: String,
        extensions: [String: Bool]? = nil
    ) {
        self.rp = rp
        self.user = user
        self.challenge = challenge
        self.pubKeyCredParams = pubKeyCredParams
        self.timeout = timeout
        self.excludeCredentials = excludeCredentials
        self.authenticatorSelection = authenticatorSelection
        self.attestation = attestation
        self.extensions = extensions
    }

    /// The relying party.
    public struct RelyingParty: Codable, Sendable, Equatable {
        /// The RP ID: a domain the origins are under.
        public var id: String
        /// The app's name.
        public var name: String

        /// Creates a relying party.
        public init(id: String, name: String) {
            self.id = id
            self.name = name
        }
    }

    /// The user entity.
    public struct User: Codable, Sendable, Equatable {
        /// The user handle, base64url.
        public var id: String
        /// An account name the user recognizes (username, email or phone).
        public var name: String
        /// The display name.
        public var displayName: String

        /// Creates a user entity.
        public init(id: String, name: String, displayName: String) {
            self.id = id
            self.name = name
            self.displayName = displayName
        }
    }

    /// One acceptable algorithm.
    public struct Parameters: Codable, Sendable, Equatable {
        /// `public-key`.
        public var type: String
        /// A COSE algorithm identifier: -7 (ES256), -8 (EdDSA), -257 (RS256).
        public var alg: Int

        /// Creates parameters.
        public init(type: String, alg: Int) {
            self.type = type
            self.alg = alg
        }
    }

    /// What kind of authenticator to use.
    public struct AuthenticatorSelection: Codable, Sendable, Equatable {
        /// `required`: passkeys sign in without a username.
        public var residentKey: String
        /// `true`, for Level 1 clients.
        public var requireResidentKey: Bool
        /// `preferred` or `required`, by the app's `passkeyUserVerification`.
        public var userVerification: String

        /// Creates a selection.
        public init(residentKey: String, requireResidentKey: Bool, userVerification: String) {
            self.residentKey = residentKey
            self.requireResidentKey = requireResidentKey
            self.userVerification = userVerification
        }
    }
}

/// `POST /v1/auth/passkey/options`: what a passkey sign-in asks the authenticator for
/// (`PublicKeyCredentialRequestOptionsJSON`). The list of allowed credentials is empty: any of the
/// user's discoverable passkeys answers, and the server learns who signs in from the answer —
/// so the options reveal nothing about which accounts exist.
public struct PasskeyRequestOptions: Codable, Sendable, Equatable {
    /// The single-use challenge, base64url.
    public var challenge: String
    /// Milliseconds the challenge stays valid.
    public var timeout: Int
    /// The RP ID.
    public var rpId: String
    /// Empty: discoverable credentials only.
    public var allowCredentials: [Descriptor]
    /// `preferred` or `required`, by the app's `passkeyUserVerification`.
    public var userVerification: String

    /// Creates options.
    public init(challenge: String, timeout: Int, rpId: String, allowCredentials: [Descriptor], userVerification: String) {
        self.challenge = challenge
        self.timeout = timeout
        self.rpId = rpId
        self.allowCredentials = allowCredentials
        self.userVerification = userVerification
    }
}

/// A credential named in options.
public struct Descriptor: Codable, Sendable, Equatable {
    /// `public-key`.
    public var type: String
    /// The credential id, base64url.
    public var id: String
    /// How the client may reach the authenticator (`internal`, `hybrid`, `usb`, …), when known.
    public var transports: [String]?

    /// A descriptor of the credential `id`.
    public init(id: String, transports: [String]? = nil) {
        self.type = "public-key"
        self.id = id
        self.transports = transports
    }
}

/// A credential's answer to a ceremony, as `PublicKeyCredential.toJSON()` gives it: the credential
/// id and the authenticator's `Response` — ``PasskeyAttestationResponse`` after
/// `navigator.credentials.create` (`RegistrationResponseJSON`), ``PasskeyAssertionResponse`` after
/// `navigator.credentials.get` (`AuthenticationResponseJSON`).
public struct PasskeyCredential<Response: Codable & Sendable & Equatable>: Codable, Sendable, Equatable {
    /// The credential id, base64url.
    public var id: String
    /// The same id, base64url.
    public var rawId: String
    /// `public-key`.
    public var type: String
    /// The authenticator's response.
    public var response: Response
    /// `platform` or `cross-platform`, when the client says.
    public var authenticatorAttachment: String?

    /// A credential from its parts; `rawId` is `id`.
    public init(id: String, response: Response, authenticatorAttachment: String? = nil) {
        self.id = id
        self.rawId = id
        self.type = "public-key"
        self.response = response
        self.authenticatorAttachment = authenticatorAttachment
    }
}

/// A new credential (`RegistrationResponseJSON`).
public typealias PasskeyRegistrationCredential = PasskeyCredential<PasskeyAttestationResponse>

/// A passkey's answer to a sign-in (`AuthenticationResponseJSON`).
public typealias PasskeyAssertionCredential = PasskeyCredential<PasskeyAssertionResponse>

/// The authenticator's response to `navigator.credentials.create`.
public struct PasskeyAttestationResponse: Codable, Sendable, Equatable {
    /// The client data JSON, base64url.
    public var clientDataJSON: String
    /// The CBOR attestation object, base64url.
    public var attestationObject: String
    /// How the authenticator may be reached again.
    public var transports: [String]?

    /// A response from its parts.
    public init(clientDataJSON: String, attestationObject: String, transports: [String]? = nil) {
        self.clientDataJSON = clientDataJSON
        self.attestationObject = attestationObject
        self.transports = transports
    }
}

/// The authenticator's response to `navigator.credentials.get`.
public struct PasskeyAssertionResponse: Codable, Sendable, Equatable {
    /// The client data JSON, base64url.
    public var clientDataJSON: String
    /// The authenticator data, base64url.
    public var authenticatorData: String
    /// The signature over the authenticator data and the client data's hash, base64url.
    public var signature: String
    /// The user handle the credential was made for, base64url.
    public var userHandle: String?

    /// A response from its parts.
    public init(clientDataJSON: String, authenticatorData: String, signature: String, userHandle: String?) {
        self.clientDataJSON = clientDataJSON
        self.authenticatorData = authenticatorData
        self.signature = signature
        self.userHandle = userHandle
    }
}

/// `POST /v1/me/passkeys`: a new passkey for the signed-in user, with a name to tell it apart.
public struct PasskeyRegistrationRequest: StrictRequest, Equatable {
    public static let acceptedFields: Set<String> = ["credential", "name"]
    /// The credential the authenticator made for the server's options.
    public var credential: PasskeyRegistrationCredential
    /// A name for the list (1–64 characters; default "Passkey").
    public var name: String?

    /// Creates a registration.
    public init(credential: PasskeyRegistrationCredential, name: String? = nil) {
        self.credential = credential
        self.name = name
    }
}

/// `POST /v1/auth/passkey`: sign in with a passkey's answer to the server's options.
public struct PasskeySignInRequest: StrictRequest, Equatable {
    public static let acceptedFields: Set<String> = ["credential"]
    /// The authenticator's assertion.
    public var credential: PasskeyAssertionCredential

    /// Creates a sign-in.
    public init(credential: PasskeyAssertionCredential) { self.credential = credential }
}

/// One of the user's passkeys, as `GET /v1/me/passkeys` lists it.
public struct PasskeyRecord: Codable, Sendable, Equatable {
    /// The credential id, base64url; `DELETE /v1/me/passkeys/{id}` removes it.
    public var id: String
    /// The name given at registration.
    public var name: String
    /// The authenticator model's AAGUID, when the authenticator gave one (zero otherwise).
    public var aaguid: String
    /// Whether the passkey may be synced to the user's other devices (iCloud Keychain, Google
    /// Password Manager).
    public var backupEligible: Bool
    /// Whether it was backed up when last used.
    public var backedUp: Bool
    /// How the authenticator may be reached.
    public var transports: [String]
    /// When it was registered.
    public var createdAt: Date
    /// When it last signed in, if ever.
    public var lastUsedAt: Date?

    /// Creates a record.
    public init(
        id: String,
        name: String,
        aaguid: String,
        backupEligible: Bool,
        backedUp: Bool,
        transports: [String],
        createdAt: Date,
        lastUsedAt: Date?
    ) {
        self.id = id
        self.name = name
        self.aaguid = aaguid
        self.backupEligible = backupEligible
        self.backedUp = backedUp
        self.transports = transports
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
    }
}

/// `GET /v1/me/passkeys`.
public struct PasskeyList: Codable, Sendable, Equatable {
    /// The passkeys, oldest first.
    public var passkeys: [PasskeyRecord]

    /// Creates a list.
    public init(passkeys: [PasskeyRecord]) { self.passkeys = passkeys }
}

extension ErrorCode {
    /// A passkey response does not verify: malformed, another origin or RP ID, an expired or used
    /// challenge, no user presence (or verification, where the app requires it), a bad signature
    /// or a signature counter that went back. The field error's `reason` says which check failed.
    public static let invalidPasskey = ErrorCode("invalid_passkey")
}
