import Foundation
import LatchkeyWire

/// How an app presents itself in its emails and hosted pages: one group, so the sender, the logo
/// and the colour a user sees in a message are the ones on the page its link opens.
public struct BrandSettings: FeatureSettings {
    /// The display name emails come from; nil: the app's name.
    public var fromName: String? = nil
    /// The address emails come from; nil: the server's `--email-from`.
    public var fromAddress: String? = nil
    /// Where replies go; nil: to the sender.
    public var replyTo: String? = nil
    /// An https image shown at the top of emails and pages.
    public var logoURL: String? = nil
    /// The accent colour of buttons and links, `#rrggbb`, with at least 4.5:1 contrast on white.
    public var accentColor: String = BrandSettings.defaultAccentColor
    /// Where users get help (https or `mailto:`), shown at the foot of emails and pages.
    public var supportURL: String? = nil
    /// The colour of the hosted pages around their card, `#rrggbb`; nil: the pages' own grey.
    public var backgroundColor: String? = nil
    /// Whether the hosted pages are light, dark, or follow the browser's preference.
    public var appearance: Appearance = .auto

    /// The colour schemes of the hosted pages.
    public enum Appearance: String, Codable, Sendable, CaseIterable {
        /// Light or dark as the browser prefers (`prefers-color-scheme`).
        case auto
        /// Always light.
        case light
        /// Always dark.
        case dark
    }

    /// The accent colour when an app sets none.
    public static let defaultAccentColor = "#1a56db"

    /// The defaults.
    public init() {}

    /// Whether `value` is a colour as `#rrggbb`.
    static func isColor(_ value: String) -> Bool {
        value.utf8.count == 7 && value.hasPrefix("#") && value.dropFirst().allSatisfy(\.isHexDigit)
    }

    /// The contrast ratio of `#rrggbb` against white, as WCAG 2 defines it: buttons put white
    /// text on the accent, and links are the accent on white, so both need 4.5:1 (level AA).
    static func contrastOnWhite(_ color: String) -> Double {
        contrast(color, "#ffffff")
    }

    /// The contrast ratio of two `#rrggbb` colours (WCAG 2), from 1 to 21.
    static func contrast(_ first: String, _ second: String) -> Double {
        let (lighter, darker) = (max(luminance(first), luminance(second)), min(luminance(first), luminance(second)))
        return (lighter + 0.05) / (darker + 0.05)
    }

    /// The relative luminance of `#rrggbb` (WCAG 2).
    static func luminance(_ color: String) -> Double {
        let linear = channels(color).map { $0 <= 0.04045 ? $0 / 12.92 : pow(($0 + 0.055) / 1.055, 2.4) }
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    }

    /// The red, green and blue of `#rrggbb`, each from 0 to 1.
    static func channels(_ color: String) -> [Double] {
        let hex = Array(color.dropFirst())
        return stride(from: 0, to: 6, by: 2).map { Double(Int(String(hex[$0...$0 + 1]), radix: 16) ?? 0) / 255 }
    }
}

extension AppSettings {
    /// The app's brand.
    public var brand: BrandSettings {
        get { self[BrandSettings.self] }
        set { self[BrandSettings.self] = newValue }
    }
}

/// An app's brand: the sender, logo, colour and support link its emails and hosted pages share.
/// A feature of settings only; the features that send mail or render pages read them.
struct BrandFeature: Feature {
    static let id = "brand"

    init(backend: LatchkeyBackend) {}

    static let settingsSection: SettingSection? = .branding

    static let settings: [AppSetting] = [
        .optionalText(
            "fromName",
            \BrandSettings.fromName,
            flag: "from-name",
            help: "The display name emails come from (empty: the app's name).",
            problem: { $0.count > 100 || $0.contains(where: \.isNewline) ? "the from name is one line of at most 100 characters" : nil }
        ).shown(in: .messaging),
        .optionalText(
            "fromAddress",
            \BrandSettings.fromAddress,
            flag: "from-address",
            help: "The address emails come from (empty: the server's --email-from).",
            problem: { Validation.isValidEmail($0) ? nil : "the from address is not an email address" }
        ).shown(in: .messaging),
        .optionalText(
            "replyTo",
            \BrandSettings.replyTo,
            flag: "reply-to",
            help: "Where replies to emails go (empty: to the sender).",
            problem: { Validation.isValidEmail($0) ? nil : "the reply-to address is not an email address" }
        ).shown(in: .messaging),
        .url(
            "logoURL",
            \BrandSettings.logoURL,
            flag: "logo-url",
            help: "https URL of the app's logo, atop its emails and hosted pages.",
            name: "logo URL"
        ),
        .custom(
            "accentColor",
            \BrandSettings.accentColor,
            flag: "accent-color",
            help: "The accent colour of buttons and links, #rrggbb.",
            control: .colour,
            format: { [$0] },
            parse: { values in (values.last ?? "").lowercased() },
            problem: { color in
                guard BrandSettings.isColor(color) else { return "the accent colour is written #rrggbb" }
                let contrast = BrandSettings.contrastOnWhite(color)
                guard contrast >= 4.5 else {
                    return "the accent colour has a contrast of \((contrast * 10).rounded() / 10):1 with white; buttons and links need 4.5:1"
                }
                return nil
            }
        ),
        .optionalText(
            "supportURL",
            \BrandSettings.supportURL,
            flag: "support-url",
            help: "Where users get help, https or mailto: (empty: none).",
            problem: { url in
                if url.hasPrefix("mailto:") {
                    return Validation.isValidEmail(String(url.dropFirst("mailto:".count)))
                        ? nil : "the support mailto: address is not an email address"
                }
                return OutboundHTTP.problem(url, name: "the support URL")
            }
        ),
        .custom(
            "backgroundColor",
            \BrandSettings.backgroundColor,
            flag: "background-color",
            help: "The colour of the hosted pages around their card, #rrggbb (empty: the pages' own).",
            format: { [$0 ?? ""] },
            parse: { values in
                let value = (values.last ?? "").trimmingCharacters(in: .whitespaces).lowercased()
                return value.isEmpty ? nil : value
            },
            problem: { color in
                guard let color else { return nil }
                // Any colour reads: the text beside the card takes black or white, whichever
                // contrasts more with it (at least 4.58:1, see ``BrandPalette``).
                return BrandSettings.isColor(color) ? nil : "the background colour is written #rrggbb"
            }
        ),
        .custom(
            "appearance",
            \BrandSettings.appearance,
            flag: "appearance",
            help: "Whether the hosted pages are light, dark, or auto (as the browser prefers).",
            control: .choice(BrandSettings.Appearance.allCases.map(\.rawValue)),
            format: { [$0.rawValue] },
            parse: { values in
                let value = (values.last ?? "").lowercased()
                guard let appearance = BrandSettings.Appearance(rawValue: value) else {
                    throw InvalidAppSetting(description: "the appearance is auto, light or dark")
                }
                return appearance
            }
        ),
    ]
}
