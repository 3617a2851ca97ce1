import Foundation

/// `application/x-www-form-urlencoded` components.
enum FormEncoding {
    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// A component percent-encoded but for the unreserved characters.
    static func encode(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }

    /// A decoded component (`+` is a space); nil when malformed or holding U+0000.
    static func decode(_ component: Substring) -> String? {
        guard let decoded = component.replacingOccurrences(of: "+", with: " ").removingPercentEncoding, !decoded.utf8.contains(0) else {
            return nil
        }
        return decoded
    }
}
