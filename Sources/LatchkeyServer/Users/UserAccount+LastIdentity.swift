import LatchkeyWire

extension UserAccount {
    /// Whether the user still has a way to sign in without the identities `removed` picks: a
    /// password, or another identity that is no guest's (an anonymous or device identity does not
    /// count — the user would be a guest again, outside the guest purge). The rule behind
    /// `409 last_identity`.
    func signsInWithout(_ removed: (Identity) -> Bool) -> Bool {
        passwordHash != nil || identities.contains { !removed($0) && !Self.guestProviders.contains($0.provider) }
    }
}
