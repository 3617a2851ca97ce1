import Foundation

/// The language of an email template: a shipped ``Language`` or any BCP 47 tag an operator adds.
///
/// The server's ``Language`` is closed (its texts ship in three catalogs), and callers queue a
/// message in one of those. So that a template in an added language reaches the users who ask
/// for it without every caller carrying the raw tags, the route table keeps the request's
/// `Accept-Language` in ``acceptLanguage`` for the request's task (and the tasks it starts),
/// where the messenger reads it.
enum EmailLanguage {
    /// The `Accept-Language` header of the request being served, if any.
    @TaskLocal static var acceptLanguage: String?

    /// `tag` in its conventional case (`pt-BR`, `zh-Hant`, `de`), or nil when it is not a
    /// language tag: a 2 or 3 letter language, then subtags of 1 to 8 letters or digits.
    static func canonical(_ tag: String) -> String? {
        let subtags = tag.split(separator: "-", omittingEmptySubsequences: false)
        guard tag.utf8.count <= 35, let first = subtags.first, (2...3).contains(first.count), first.allSatisfy(\.isASCIILetterOrDigit),
            first.allSatisfy(\.isLetter), subtags.dropFirst().allSatisfy({ (1...8).contains($0.count) && $0.allSatisfy(\.isASCIILetterOrDigit) })
        else { return nil }
        return subtags.enumerated().map { index, subtag in
            if index == 0 { return subtag.lowercased() }
            if subtag.count == 4 && subtag.allSatisfy(\.isLetter) { return subtag.prefix(1).uppercased() + subtag.dropFirst().lowercased() }
            if subtag.count == 2 && subtag.allSatisfy(\.isLetter) { return subtag.uppercased() }
            return subtag.lowercased()
        }.joined(separator: "-")
    }

    /// The shipped language a canonical tag names exactly, if any.
    static func shipped(_ tag: String) -> Language? {
        Language(rawValue: tag)
    }

    /// The template language a message in `language` uses, given the added languages of its
    /// app's templates: the first of the request's preferences that an added language serves
    /// (exactly, or as its prefix: `de` serves `de-AT`) before one a shipped language serves;
    /// else `language`'s own tag.
    static func chosen(among added: [String], default language: Language) -> String {
        guard !added.isEmpty, let header = acceptLanguage else { return language.rawValue }
        for wanted in Language.preferences(header) {
            if let match = added.first(where: { wanted == $0.lowercased() || wanted.hasPrefix($0.lowercased() + "-") }) { return match }
            if Language(tag: wanted) != nil { break }
        }
        return language.rawValue
    }
}

extension Character {
    /// An ASCII letter or digit.
    fileprivate var isASCIILetterOrDigit: Bool { isASCII && (isLetter || isNumber) }
}
