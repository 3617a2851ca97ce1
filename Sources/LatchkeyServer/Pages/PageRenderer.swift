import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import Mustache

/// Renders the server's HTML pages — hosted login, the console, the email-link and consent
/// pages — from the Mustache templates in `Resources/templates`, and serves the static assets in
/// `Resources/assets` they link to. No page loads anything from another origin.
///
/// Every page gets, beside its own values: `lang`, `title`, `t` (the page texts of the string
/// catalog in the page's language, nested by their dotted ids: `{{t.login.sign_in.button}}` is
/// `page.login.sign_in.button`), `errors` (the error summary), `csrf` (the form token) and
/// `assets` (each asset's versioned URL: `{{assets.latchkey_css}}`). Templates extend `layout`
/// (`{{<layout}}{{$content}}…{{/content}}{{/layout}}`), which writes the document around them.
struct PageRenderer: Sendable {
    /// A static file a page links to.
    struct Asset: Sendable {
        /// The file's bytes.
        var body: ByteBuffer
        /// Its media type.
        var contentType: String
        /// Its URL, versioned by a hash of its content so it can be cached for good.
        var url: String
    }

    private let library: MustacheLibrary
    private let texts: [Language: [String: any Sendable]]
    /// The assets by file name.
    let assets: [String: Asset]

    /// Thrown for a template that is not in the library: a broken build, which a test catches.
    struct MissingTemplate: Error, CustomStringConvertible {
        var name: String
        var description: String { "no template named \(name)" }
    }

    /// The templates and assets shipped with the server, read once. They are part of the build,
    /// not input: a malformed one is a broken build and stops the process at first use.
    static let shipped: PageRenderer = {
        do {
            return try PageRenderer(catalog: StringCatalog.shipped)
        } catch {
            fatalError("the page templates in Resources/templates do not load: \(error)")
        }
    }()

    init(catalog: StringCatalog) throws {
        var library = MustacheLibrary()
        for (path, text) in EmbeddedResources.files(under: "templates") where path.hasSuffix(".mustache") {
            library.register(try MustacheTemplate(string: text), named: String(path.dropLast(".mustache".count)))
        }
        self.library = library
        var assets: [String: Asset] = [:]
        for (name, text) in EmbeddedResources.files(under: "assets") {
            let version = SHA256.hash(data: Array(text.utf8)).prefix(6).map { String(format: "%02x", $0) }.joined()
            assets[name] = Asset(body: ByteBuffer(string: text), contentType: Self.contentType(of: name), url: "/assets/\(name)?v=\(version)")
        }
        self.assets = assets
        var texts: [Language: [String: any Sendable]] = [:]
        for language in Language.allCases {
            var flat: [String: String] = catalog.texts[.english] ?? [:]
            flat.merge(catalog.texts[language] ?? [:]) { _, translated in translated }
            texts[language] = Self.nest(flat.filter { $0.key.hasPrefix("page.") }, droppingPrefix: "page.")
        }
        self.texts = texts
    }

    /// Renders `page` into a complete answer: the HTML, its content type, the content security
    /// policy, and the form token's cookie when the browser had none.
    func render(_ page: Page) throws -> Response {
        var headers = page.headers
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.contentSecurityPolicy] = Self.contentSecurityPolicy(formActions: page.formActions)
        var response = Response(status: page.status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: try html(page))))
        if let cookie = page.csrf?.cookie { response.setCookie(cookie) }
        return response
    }

    /// The page's HTML document.
    func html(_ page: Page) throws -> String {
        var context: [String: Any] = page.values
        let title = text(page.title, in: page.language)
        context["lang"] = page.language.rawValue
        context["title"] = title
        context["t"] = texts[page.language] ?? [:]
        context["assets"] = Dictionary(uniqueKeysWithValues: assets.map { ($0.key.replacingOccurrences(of: ".", with: "_"), $0.value.url) })
        context["errors"] = page.errors.map { ["field": $0.field, "message": $0.message, "hasField": !$0.field.isEmpty] }
        context["hasErrors"] = !page.errors.isEmpty
        context["csrf"] = page.csrf?.token
        guard let html = library.render(context, withTemplate: page.template) else { throw MissingTemplate(name: page.template) }
        return html
    }

    /// The catalog text `page.<id>` in `language` (else English); the id itself when no catalog
    /// has it, which the catalog tests refuse.
    func text(_ id: String, in language: Language) -> String {
        StringCatalog.shipped.text("page.\(id)", in: language) ?? id
    }

    /// Nothing but this server's own scripts, styles and images (and images over HTTPS: an app's
    /// logo), no inline script, no framing, forms only to this server and `formActions`.
    static func contentSecurityPolicy(formActions: [String]) -> String {
        let forms = (["'self'"] + formActions).joined(separator: " ")
        return "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: https:; connect-src 'self'; "
            + "form-action \(forms); frame-ancestors 'none'; base-uri 'none'"
    }

    private static func contentType(of name: String) -> String {
        switch name.split(separator: ".").last ?? "" {
        case "css": "text/css; charset=utf-8"
        case "js": "text/javascript; charset=utf-8"
        case "svg": "image/svg+xml"
        case "png": "image/png"
        default: "application/octet-stream"
        }
    }

    /// `["a.b": x, "a.c": y]` as `["a": ["b": x, "c": y]]`, for Mustache's dotted names.
    private static func nest(_ flat: [String: String], droppingPrefix prefix: String) -> [String: any Sendable] {
        var tree: [String: any Sendable] = [:]
        for (key, value) in flat {
            insert(value, at: key.dropFirst(prefix.count).split(separator: ".").map(String.init)[...], into: &tree)
        }
        return tree
    }

    private static func insert(_ value: String, at path: ArraySlice<String>, into tree: inout [String: any Sendable]) {
        guard let head = path.first else { return }
        if path.count == 1 {
            tree[head] = value
            return
        }
        var child = tree[head] as? [String: any Sendable] ?? [:]
        insert(value, at: path.dropFirst(), into: &child)
        tree[head] = child
    }
}
