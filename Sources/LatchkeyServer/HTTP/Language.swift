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
        self = header.flatMap { Self.preferences($0).lazy.compactMap(Language.init(tag:)).first } ?? .english
    }

    /// The lowercased tags of an `Accept-Language` header, most preferred first (by q-value, then
    /// in order), leaving out those with `q=0`.
    static func preferences(_ header: String) -> [String] {
        var ranked: [(tag: String, quality: Double)] = []
        for item in header.split(separator: ",").prefix(20) {
            let parts = item.split(separator: ";")
            guard let tag = parts.first?.trimmingCharacters(in: .whitespaces).lowercased() else { continue }
            var quality = 1.0
            for parameter in parts.dropFirst() {
                let pair = parameter.trimmingCharacters(in: .whitespaces)
                if pair.hasPrefix("q="), let value = Double(pair.dropFirst(2)) { quality = value }
            }
            if quality > 0 { ranked.append((tag, quality)) }
        }
        return ranked.enumerated().sorted { ($0.element.quality, -$0.offset) > ($1.element.quality, -$1.offset) }.map(\.element.tag)
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

    init?(tag: String) {
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
