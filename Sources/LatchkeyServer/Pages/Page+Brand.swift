import Foundation
import NIOCore

extension Page {
    /// Shows the app the page acts for as its brand says: its name, its logo, its colours
    /// through a generated stylesheet (``PageRenderer/brandAsset(named:)``), since the pages'
    /// content security policy allows no inline style, and its support link below the card, as
    /// its emails end with it.
    mutating func brand(_ app: App) {
        let brand = app.settings.brand
        values["appName"] = app.name
        values["logoURL"] = brand.logoURL
        values["brandStylesheet"] = "/assets/" + BrandPalette(brand).assetName
        if let supportURL = brand.supportURL {
            values["supportURL"] = supportURL
            values["supportText"] = PageRenderer.shipped.text("layout.support", in: language).replacingOccurrences(of: "{app}", with: app.name)
        }
    }

    /// The hosted pages' look without an app's brand, for a page no app is known for.
    mutating func unbranded() {
        values["brandStylesheet"] = "/assets/" + BrandPalette(BrandSettings()).assetName
    }
}

extension PageRenderer {
    /// The stylesheet named `brand-<accent>-<background>-<appearance>.css` (``BrandPalette``),
    /// made for any palette its name gives; nil for any other name.
    static func brandAsset(named name: String) -> Asset? {
        guard let palette = BrandPalette(assetName: name) else { return nil }
        return Asset(body: .init(string: palette.stylesheet), contentType: "text/css; charset=utf-8", url: "/assets/\(name)")
    }
}
