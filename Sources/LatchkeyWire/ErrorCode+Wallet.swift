extension ErrorCode {
    /// The debit would take the balance below zero, which the app does not allow; nothing was written.
    public static let insufficientFunds = ErrorCode("insufficient_funds")
    /// The idempotency key was already used for a different request on this wallet; nothing was written.
    public static let idempotencyKeyReused = ErrorCode("idempotency_key_reused")
    /// The balance would leave the range of a signed 64-bit integer; nothing was written.
    public static let balanceOutOfRange = ErrorCode("balance_out_of_range")
    /// The currency is not one of the app's wallet currencies.
    public static let unknownCurrency = ErrorCode("unknown_currency")
    /// The app does not let users do this themselves (self-service spends or transfers are off).
    public static let walletOperationDisabled = ErrorCode("wallet_operation_disabled")
}
