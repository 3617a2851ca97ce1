import Foundation

/// The colours of an app's hosted pages, worked out from its brand: its accent and background
/// in light mode, darker ones in dark mode, and for each mode the text that reads on them. The
/// pages' content security policy allows no inline style, so the palette reaches a page as a
/// stylesheet whose name carries the brand (``PageRenderer/brandAsset(named:)``).
struct BrandPalette: Equatable {
    /// The accent, `#rrggbb`, checked against white (``BrandSettings``).
    var accent: String
    /// The background around the card in light mode, `#rrggbb`.
    var background: String
    /// Which modes the pages show.
    var appearance: BrandSettings.Appearance

    /// The pages' own background when an app sets none.
    static let defaultBackground = "#eef0f3"
    /// The dark card and the darkest background of dark mode.
    static let darkCard = "#1f1f1f"
    static let darkBase = "#121212"
    /// The accent of dark mode: the app's accent is checked against white only, and this one
    /// reads on the dark card (7.7:1).
    static let darkAccent = "#8ab4f8"

    init(_ brand: BrandSettings) {
        self.init(accent: brand.accentColor, background: brand.backgroundColor ?? Self.defaultBackground, appearance: brand.appearance)
    }

    init(accent: String, background: String, appearance: BrandSettings.Appearance) {
        self.accent = accent.lowercased()
        self.background = background.lowercased()
        self.appearance = appearance
    }

    /// The palette a stylesheet's name `brand-<accent>-<background>-<appearance>.css` stands for;
    /// nil for any other name (its colours lower case, so each palette has one name).
    init?(assetName name: String) {
        guard name.hasPrefix("brand-"), name.hasSuffix(".css") else { return nil }
        let parts = name.dropFirst("brand-".count).dropLast(".css".count).split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, let appearance = BrandSettings.Appearance(rawValue: String(parts[2])) else { return nil }
        let (accent, background) = ("#\(parts[0])", "#\(parts[1])")
        guard [accent, background].allSatisfy({ BrandSettings.isColor($0) && $0 == $0.lowercased() }) else { return nil }
        self.init(accent: accent, background: background, appearance: appearance)
    }

    /// The stylesheet's name.
    var assetName: String {
        "brand-\(accent.dropFirst())-\(background.dropFirst())-\(appearance.rawValue).css"
    }

    /// The background of dark mode: a fifth of the brand's over the darkest grey, dark enough
    /// that light text reads on it whatever the brand.
    var darkBackground: String {
        Self.mix(background, Self.darkBase, share: 0.2)
    }

    /// Black or white, whichever contrasts more with `color` (at least 4.58:1 for any colour).
    static func text(on color: String) -> String {
        BrandSettings.contrast(color, "#000000") >= BrandSettings.contrast(color, "#ffffff") ? "#000000" : "#ffffff"
    }

    /// `share` of `color` over `base`, per channel.
    static func mix(_ color: String, _ base: String, share: Double) -> String {
        let mixed = zip(BrandSettings.channels(color), BrandSettings.channels(base)).map { share * $0 + (1 - share) * $1 }
        return "#" + mixed.map { String(format: "%02x", Int(($0 * 255).rounded())) }.joined()
    }

    /// The custom properties of light mode; every text colour has at least 4.5:1 on what it sits.
    var light: String {
        properties(
            scheme: "light",
            [
                "accent": accent, "on-accent": "#ffffff", "page": background, "on-page": Self.text(on: background),
                "card": "#ffffff", "text": "#1b1b1b", "muted": "#4a4a4a", "border": "#767676", "error": "#b3261e",
            ]
        )
    }

    /// The custom properties of dark mode.
    var dark: String {
        properties(
            scheme: "dark",
            [
                "accent": Self.darkAccent, "on-accent": Self.darkBase, "page": darkBackground, "on-page": Self.text(on: darkBackground),
                "card": Self.darkCard, "text": "#ececec", "muted": "#c4c4c4", "border": "#9a9a9a", "error": "#f2b8b5",
            ]
        )
    }

    /// The stylesheet: light, dark, or each under the browser's preference.
    var stylesheet: String {
        switch appearance {
        case .light: light
        case .dark: dark
        case .auto: "@media (prefers-color-scheme: light) { \(light) }\n@media (prefers-color-scheme: dark) { \(dark) }\n"
        }
    }

    private func properties(scheme: String, _ values: [String: String]) -> String {
        ":root { color-scheme: \(scheme); " + values.sorted { $0.key < $1.key }.map { "--\($0.key): \($0.value);" }.joined(separator: " ") + " }\n"
    }
}
