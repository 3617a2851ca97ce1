import Foundation

/// An Android app of an app: its package and the SHA-256 fingerprints of its signing
/// certificates. The server lists it in `/.well-known/assetlinks.json`, so Android lets the app
/// use the server's passkeys and open its links, and accepts passkey responses from its
/// `android:apk-key-hash:` origin.
public struct AndroidApp: Codable, Sendable, Equatable {
    /// The package name, e.g. `com.example.game`.
    public var packageName: String
    /// The signing certificates' SHA-256 fingerprints, as `keytool` prints them (`AB:CD:…`, 32 bytes).
    public var sha256CertFingerprints: [String]

    /// An Android app signed with the certificates of `sha256CertFingerprints`.
    public init(packageName: String, sha256CertFingerprints: [String]) {
        self.packageName = packageName
        self.sha256CertFingerprints = sha256CertFingerprints
    }

    /// The origin Android gives passkey responses from an app signed with the certificate of `fingerprint`.
    static func origin(ofFingerprint fingerprint: String) -> String {
        "android:apk-key-hash:" + Base64URL.encode(bytes(ofFingerprint: fingerprint) ?? [])
    }

    /// The bytes of a fingerprint, when it is 32 colon-separated hex pairs.
    static func bytes(ofFingerprint fingerprint: String) -> [UInt8]? {
        let pairs = fingerprint.split(separator: ":", omittingEmptySubsequences: false)
        let bytes = pairs.compactMap { $0.count == 2 ? UInt8($0, radix: 16) : nil }
        return pairs.count == 32 && bytes.count == 32 ? bytes : nil
    }

    /// Whether `name` is a Java package name Android accepts: two or more dot-separated segments
    /// of ASCII letters, digits and `_`, each starting with a letter.
    static func isPackageName(_ name: String) -> Bool {
        let segments = name.split(separator: ".", omittingEmptySubsequences: false)
        return segments.count >= 2 && name.utf8.count <= 255
            && segments.allSatisfy { segment in
                guard let first = segment.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic else { return false }
                return segment.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_") }
            }
    }

    /// Parses `latchkey apps update --android-app package=FINGERPRINT` values, one app per
    /// package with all its fingerprints.
    static func parse(_ values: [String]) throws -> [AndroidApp] {
        var apps: [AndroidApp] = []
        for value in values where !value.isEmpty {
            let parts = value.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { throw InvalidAppSetting(description: "--android-app takes package=SHA256_FINGERPRINT") }
            if let index = apps.firstIndex(where: { $0.packageName == parts[0] }) {
                apps[index].sha256CertFingerprints.append(parts[1].uppercased())
            } else {
                apps.append(AndroidApp(packageName: parts[0], sha256CertFingerprints: [parts[1].uppercased()]))
            }
        }
        return apps
    }

    /// What is wrong with the apps, if anything.
    static func problem(_ apps: [AndroidApp]) -> String? {
        for app in apps {
            guard isPackageName(app.packageName) else { return "\(app.packageName) is not an Android package name" }
            guard !app.sha256CertFingerprints.isEmpty, app.sha256CertFingerprints.allSatisfy({ bytes(ofFingerprint: $0) != nil }) else {
                return "an Android app's fingerprint is 32 hex pairs separated by colons (keytool's SHA256)"
            }
        }
        return nil
    }
}

/// Whether passkeys must verify the user (`passkeyUserVerification`).
public enum PasskeyUserVerification: String, Codable, Sendable, CaseIterable {
    /// Asked for, and accepted without: security keys without a PIN still sign in.
    case preferred
    /// Required: every response must say the authenticator verified the user.
    case required
}
