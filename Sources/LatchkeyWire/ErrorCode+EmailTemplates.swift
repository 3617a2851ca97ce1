extension ErrorCode {
    /// An email template an operator saved does not parse, uses a variable its purpose does not
    /// have, lacks the link or code the message must carry, or is HTML that is broken or runs
    /// script; the field names the part and the reason says what is wrong.
    public static let invalidTemplate = ErrorCode("invalid_template")
}
