import NIOCore

extension Page {
    /// Shows the app the page acts for as its brand says: its name, its logo, and its accent
    /// colour through a generated stylesheet (``PageRenderer/accentAsset(named:)``), since the
    /// pages' content security policy allows no inline style.
    mutating func brand(_ app: App) {
        let brand = app.settings.brand
        values["appName"] = app.name
        values["logoURL"] = brand.logoURL
        if brand.accentColor != BrandSettings.defaultAccentColor {
            values["accentStylesheet"] = "/assets/" + PageRenderer.accentAssetName(brand.accentColor)
        }
    }
}

extension PageRenderer {
    /// The name of the stylesheet that sets the accent colour `#rrggbb`.
    static func accentAssetName(_ color: String) -> String {
        "accent-\(color.dropFirst().lowercased()).css"
    }

    /// The stylesheet named `accent-rrggbb.css`, made for any colour: it sets the pages' accent in
    /// light mode only, where an app's colour is checked against white (``BrandSettings``); dark
    /// mode keeps the pages' own light accent, which reads on a dark background whatever the brand.
    static func accentAsset(named name: String) -> Asset? {
        guard name.hasPrefix("accent-"), name.hasSuffix(".css") else { return nil }
        let color = "#" + name.dropFirst("accent-".count).dropLast(".css".count)
        guard BrandSettings.isColor(color), color == color.lowercased() else { return nil }
        return Asset(
            body: .init(string: "@media (prefers-color-scheme: light) { :root { --accent: \(color); } }\n"),
            contentType: "text/css; charset=utf-8",
            url: "/assets/\(name)"
        )
    }
}
