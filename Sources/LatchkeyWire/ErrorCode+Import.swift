extension ErrorCode {
    /// An imported password hash is in no known format, is garbled, or has cost parameters beyond
    /// what sign-in may spend; the line was not imported.
    public static let invalidPasswordHash = ErrorCode("invalid_password_hash")
}
