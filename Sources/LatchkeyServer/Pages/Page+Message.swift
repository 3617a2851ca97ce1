import HTTPTypes

extension Page {
    /// A page that only tells something: the `message` template, titled `page.<name>.title`, its
    /// text `page.<name>.message`.
    static func message(_ name: String, in language: Language, status: HTTPResponse.Status = .ok) -> Page {
        message(title: "\(name).title", text: PageRenderer.shipped.text("\(name).message", in: language), in: language, status: status)
    }

    /// A page titled by the catalog id `title` (under `page.`) telling `text`, already in `language`.
    static func message(title: String, text: String, in language: Language, status: HTTPResponse.Status) -> Page {
        var page = Page("message", title: title, language: language, values: ["message": text])
        page.status = status
        return page
    }

    /// The `403` page of a form posted without the token of the browser's form cookie: one from
    /// another site, or from a page opened before the cookie was cleared.
    static func refusedForm(in language: Language) -> Page {
        message("form_refused", in: language, status: .forbidden)
    }
}
