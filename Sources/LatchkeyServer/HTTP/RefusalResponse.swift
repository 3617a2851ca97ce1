import Hummingbird

/// A refusal answered in the route's own form rather than as a problem document: a console page
/// asked for without a signed-in operator sends the browser to sign in, a form without its token
/// gets the refused-form page, and the data tree refuses as its protocol does (`{"error": …}`).
struct RefusalResponse: Error {
    /// The answer: the redirect, the page or the protocol's error.
    var response: Response
}
