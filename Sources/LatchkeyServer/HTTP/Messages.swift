import LatchkeyWire

/// The localized titles and details of error codes and field errors, from the ``StringCatalog``:
/// `error.<code>.title`, `error.<code>.detail` (optional) and `password.<reason>`.
enum Messages {
    /// A localized title and optional detail.
    struct Text {
        var title: String
        var detail: String?
    }

    /// The text of `code` in `language`; a code without a title shows its raw value.
    static func text(for code: ErrorCode, in language: Language) -> Text {
        Text(
            title: StringCatalog.shipped.text("error.\(code.rawValue).title", in: language) ?? code.rawValue,
            detail: StringCatalog.shipped.text("error.\(code.rawValue).detail", in: language)
        )
    }

    /// The message of one field error: its reason's text where it has one, else its code's title.
    static func fieldMessage(for field: FieldError, in language: Language) -> String {
        if let reason = field.reason, let text = StringCatalog.shipped.text("password.\(reason)", in: language) { return text }
        return text(for: field.code, in: language).title
    }
}
