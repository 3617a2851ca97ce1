import Hummingbird
import LatchkeyWire

/// `/assets/{name}`: the stylesheets, scripts and images the server's pages link to, from
/// `Resources/assets`. Pages link to them with a content hash in the URL, so they are cached
/// for a year and a new build's pages fetch the new files; `brand-<accent>-<background>-<appearance>.css`
/// sets an app's colours, made from its name.
struct PagesFeature: Feature {
    static let id = "pages"
    let pages: PageRenderer

    static let module: ModuleDeclaration? = ModuleDeclaration(title: "Assets of the server's HTML pages", access: .anyone)

    init(backend: LatchkeyBackend) {
        self.pages = backend.pages
    }

    func routes(into table: inout RouteTable) {
        table.on(.get, "/assets/{name}", operation: "getPageAsset", access: .anyone) { _, context in
            let name = try context.parameters.require("name")
            guard let asset = pages.assets[name] ?? PageRenderer.brandAsset(named: name) else { throw APIError(.notFound, .notFound) }
            return Response(
                status: .ok,
                headers: [.contentType: asset.contentType, .cacheControl: "public, max-age=31536000, immutable"],
                body: .init(byteBuffer: asset.body)
            )
        }
    }
}
