import Foundation
import Hummingbird

/// The languages error messages are written in (the seeds' languages).
enum Language: String, Sendable, CaseIterable {
    case english = "en"
    case simplifiedChinese = "zh-Hans"
    case japanese = "ja"

    /// Picks the best supported language from an `Accept-Language` header (RFC 9110 §12.5.4),
    /// honouring q-values; English when nothing matches.
    init(acceptLanguage header: String?) {
        guard let header else {
            self = .english
            return
        }
        var best: (language: Language, quality: Double)?
        for item in header.split(separator: ",").prefix(20) {
            let parts = item.split(separator: ";")
            guard let tag = parts.first?.trimmingCharacters(in: .whitespaces).lowercased() else { continue }
            var quality = 1.0
            for parameter in parts.dropFirst() {
                let pair = parameter.trimmingCharacters(in: .whitespaces)
                if pair.hasPrefix("q="), let value = Double(pair.dropFirst(2)) { quality = value }
            }
            guard quality > 0, let language = Language(tag: tag) else { continue }
            if quality > (best?.quality ?? -1) { best = (language, quality) }
        }
        self = best?.language ?? .english
    }

    /// The language a request asks for.
    init(of request: Request) {
        self.init(acceptLanguage: request.headers[.acceptLanguage])
    }

    /// The first supported language of OpenID Connect's `ui_locales` (space-separated tags, most
    /// preferred first), else the one `Accept-Language` asks for.
    init(uiLocales: String?, of request: Request) {
        if let language = uiLocales?.split(separator: " ").prefix(20).lazy.compactMap({ Language(tag: $0.lowercased()) }).first {
            self = language
        } else {
            self.init(of: request)
        }
    }

    private init?(tag: String) {
        if tag == "en" || tag.hasPrefix("en-") {
            self = .english
        } else if tag == "ja" || tag.hasPrefix("ja-") {
            self = .japanese
        } else if tag == "zh" || tag == "zh-cn" || tag == "zh-sg" || tag.hasPrefix("zh-hans") {
            self = .simplifiedChinese
        } else {
            return nil
        }
    }
}
