import Foundation
import Latchkey
import LatchkeyServer
import LatchkeyTestSupport
import Testing

/// `FileCredentialStore`, the Linux and command-line store, across many saves and a relaunch.
@Suite struct SDKFileStoreTests {
    @Test func manySavesKeepTheLatestSessionForAnOfflineRelaunch() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("latchkey-store-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        // A folder that exists already with a laxer mode is narrowed at the first save.
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        let file = directory.appendingPathComponent("session.json")
        try await serving(try await LiveServer.start()) { server in
            let sdk = server.client(store: FileCredentialStore(url: file))
            try await sdk.auth.signUp(username: "persist", password: "correct horse battery")
            // Each refresh spends the stored refresh token: losing one save loses the session.
            for _ in 0..<6 {
                _ = try await sdk.auth.reloadUser()
                _ = try await sdk.auth.refreshSession()
            }
            let latest = try #require(sdk.currentUser)
            try FileCredentialStore(url: file).saveDeviceID("device-0123456789abcdef")
            try FileCredentialStore(url: file).saveDeviceID("device-fedcba9876543210")
            await server.stopServing()

            let relaunched = server.client(store: FileCredentialStore(url: file))
            #expect(relaunched.currentUser == latest)
            #expect(relaunched.currentUser?.session.refreshToken == latest.session.refreshToken)
            #expect(FileCredentialStore(url: file).loadDeviceID() == "device-fedcba9876543210")
            let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
            #expect(names == ["session.json", "session.json.device-id"])
            #expect(try Self.mode(of: directory) == 0o700)
            #expect(try Self.mode(of: file) == 0o600)
            #expect(try Self.mode(of: directory.appendingPathComponent("session.json.device-id")) == 0o600)

            try FileCredentialStore(url: file).save(nil)
            #expect(FileCredentialStore(url: file).load() == nil)
        }
    }

    private static func mode(of url: URL) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        return try #require(attributes[.posixPermissions] as? NSNumber).intValue & 0o777
    }
}
