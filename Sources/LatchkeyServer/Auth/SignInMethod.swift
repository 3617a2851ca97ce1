/// A way users of an app may sign in.
public enum SignInMethod: String, Codable, Sendable, CaseIterable {
    /// Username and password (KWS, Kii).
    case username
    /// Email and password (Wilddog).
    case email
    /// Phone number and an SMS PIN (Kuggle).
    case phone
    /// A guest without any credential (Firebase and Supabase anonymous sign-in); off by default.
    case anonymous
    /// A guest keyed by a random id the app keeps (Nakama device authentication); off by default.
    case device
    /// A passkey (WebAuthn): registered by a signed-in user, then signing in without a username
    /// or password; off by default.
    case passkey
    /// A one-time code or link by email, no password (Supabase's email OTP and magic link,
    /// Firebase's email link); off by default, as both ship it.
    case emailCode
}
