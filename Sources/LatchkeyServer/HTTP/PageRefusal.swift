import Hummingbird

/// A refusal that a browser's route answers with a page or a redirect rather than a problem
/// document: a console page asked for without a signed-in operator sends the browser to sign in.
struct PageRefusal: Error {
    /// The answer: the redirect or the page.
    var response: Response
}
