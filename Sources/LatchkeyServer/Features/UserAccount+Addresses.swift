extension UserAccount {
    /// The addresses messages and codes reach the user at: email and phone, as stored.
    var addresses: [String] { [email, phone].compactMap { $0 } }
}
