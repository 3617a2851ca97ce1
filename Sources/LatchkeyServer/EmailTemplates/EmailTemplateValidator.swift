import LatchkeyWire

/// Checks an operator's template before it is saved: each part parses, uses only its purpose's
/// variables (escaped in the HTML), shows the link or code where the message needs it, and the
/// HTML is balanced and runs nothing. Checked by rendering with sample values, so a required
/// value hidden in a section that never shows is caught too.
struct EmailTemplateValidator {
    let purpose: EmailPurpose
    let appName: String

    /// The problems of `parts`, one per part at most: `invalid_template` with the part as field.
    func problems(_ parts: EmailTemplateParts) -> [FieldError] {
        EmailTemplatePart.set(in: parts).compactMap { part, source in
            problem(part, source).map { FieldError(field: part.rawValue, code: .invalidTemplate, reason: $0) }
        }
    }

    private func problem(_ part: EmailTemplatePart, _ source: String) -> String? {
        if source.count > part.maximumLength { return "too_long" }
        let allowed = Set(purpose.variables)
        for tag in MustacheTags(source).tags {
            switch tag.kind {
            case .comment, .sectionEnd: continue
            case .partial: return "partial"
            case .delimiters: return "delimiters"
            case .pragma: return "pragma"
            case .unescaped where part == .html: return "unescaped_variable:\(tag.name)"
            default: if tag.name != "." && !allowed.contains(tag.name) { return "unknown_variable:\(tag.name)" }
            }
        }
        let rendered: String
        do {
            rendered = try part.render(source, purpose.sampleValues(appName: appName))
        } catch {
            return "syntax:\(error)"
        }
        if part == .subject && rendered.isEmpty { return "empty" }
        if part != .subject,
            let missing = purpose.required.first(where: { !part.shows(purpose.sampleValues(appName: appName)[$0] ?? "", in: rendered) })
        {
            return "missing_variable:\(missing)"
        }
        return part == .html ? HTMLCheck.problem(rendered) : nil
    }
}
