import AsyncHTTPClient
import Crypto
import CryptoExtras
import Foundation
import LatchkeyPushFakes
import LatchkeyTestSupport
import NIOCore
import NIOFoundationCompat
import NIOHTTP1
import NIOSSL
import Testing

@testable import LatchkeyServer

/// The APNs and FCM stand-ins refuse what the real services refuse, with their error bodies:
/// a test that passes against them says something about the real ones.
@Suite struct PushFakeTests {
    private static let token = String(repeating: "0f", count: 32)

    /// An HTTP client trusting the fake's CA; HTTP/1.1 only when asked.
    private func withClient<T>(_ fake: FakePushProvider, http1Only: Bool = false, _ body: (HTTPClient) async throws -> T) async throws -> T {
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.additionalTrustRoots = [.certificates(try NIOSSLCertificate.fromPEMBytes(Array(fake.authority.rootPEM.utf8)))]
        var configuration = HTTPClient.Configuration(tlsConfiguration: tls)
        configuration.httpVersion = http1Only ? .http1Only : .automatic
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        do {
            let value = try await body(client)
            try await client.shutdown()
            return value
        } catch {
            try? await client.shutdown()
            throw error
        }
    }

    private func apns(
        _ client: HTTPClient,
        _ fake: FakePushProvider,
        bearer: String?,
        headers: [String: String] = [:],
        body: String = #"{"aps":{}}"#
    ) async throws -> (status: UInt, reason: String?) {
        var request = HTTPClientRequest(url: fake.baseURL + "/3/device/" + Self.token)
        request.method = .POST
        if let bearer { request.headers.add(name: "authorization", value: "bearer \(bearer)") }
        let defaults = ["apns-topic": FakePushProvider.topic, "apns-push-type": "alert"]
        for (name, value) in defaults.merging(headers, uniquingKeysWith: { $1 }) { request.headers.add(name: name, value: value) }
        request.body = .bytes(ByteBuffer(string: body))
        let response = try await client.execute(request, timeout: .seconds(60))
        let data = try await response.body.collect(upTo: 65_536)
        let reason = (try? JSONSerialization.jsonObject(with: Data(buffer: data)) as? [String: Any])?["reason"] as? String
        return (response.status.code, reason)
    }

    private func providerToken(_ fake: FakePushProvider, keyID: String = FakePushProvider.keyID, at date: Date = Date()) throws -> String {
        let credentials = try APNsCredentials(
            privateKey: fake.apnsKeyPEM,
            keyID: keyID,
            teamID: FakePushProvider.teamID,
            topic: FakePushProvider.topic,
            baseURL: fake.baseURL
        )
        return try ProviderToken.apns(credentials, at: date)
    }

    @Test func theAPNsFakeChecksProtocolTokenHeadersAndSize() async throws {
        try await serving(try await FakePushProvider.start()) { fake in
            let good = try providerToken(fake)
            try await withClient(fake) { client in
                #expect(try await apns(client, fake, bearer: good) == (200, nil))
                #expect(try await apns(client, fake, bearer: nil) == (403, "MissingProviderToken"))
                #expect(try await apns(client, fake, bearer: try providerToken(fake, keyID: "OTHERKEY00")) == (403, "InvalidProviderToken"))
                let other = try APNsCredentials(
                    privateKey: P256.Signing.PrivateKey().pemRepresentation,
                    keyID: FakePushProvider.keyID,
                    teamID: FakePushProvider.teamID,
                    topic: "t",
                    baseURL: fake.baseURL
                )
                #expect(try await apns(client, fake, bearer: try ProviderToken.apns(other, at: Date())) == (403, "InvalidProviderToken"))
                let stale = try providerToken(fake, at: Date().addingTimeInterval(-3_700))
                #expect(try await apns(client, fake, bearer: stale) == (403, "ExpiredProviderToken"))
                #expect(try await apns(client, fake, bearer: good, headers: ["apns-topic": "com.other"]) == (400, "TopicDisallowed"))
                #expect(try await apns(client, fake, bearer: good, headers: ["apns-push-type": "shout"]) == (400, "InvalidPushType"))
                let background = ["apns-push-type": "background", "apns-priority": "10"]
                #expect(try await apns(client, fake, bearer: good, headers: background) == (400, "BadPriority"))
                #expect(
                    try await apns(client, fake, bearer: good, headers: ["apns-collapse-id": String(repeating: "c", count: 65)]) == (
                        400, "BadCollapseId"
                    )
                )
                let large = #"{"aps":{},"blob":""# + String(repeating: "x", count: 4_100) + #""}"#
                #expect(try await apns(client, fake, bearer: good, body: large) == (413, "PayloadTooLarge"))
                fake.unregister(Self.token)
                #expect(try await apns(client, fake, bearer: good) == (410, "Unregistered"))
            }
            // APNs speaks HTTP/2 only.
            try await withClient(fake, http1Only: true) { client async throws in
                #expect(try await apns(client, fake, bearer: good).status == 505)
            }
            #expect(fake.deliveries.count == 1)
        }
    }

    @Test func theFCMFakeWantsAValidAssertionAndItsAccessToken() async throws {
        try await serving(try await FakePushProvider.start()) { fake in
            let account = try FCMCredentials(serviceAccountJSON: fake.serviceAccountJSON, baseURL: fake.baseURL)
            try await withClient(fake) { client in
                func post(_ url: String, _ body: String, type: String, bearer: String? = nil) async throws -> (UInt, [String: Any]) {
                    var request = HTTPClientRequest(url: url)
                    request.method = .POST
                    request.headers.add(name: "content-type", value: type)
                    if let bearer { request.headers.add(name: "authorization", value: "Bearer \(bearer)") }
                    request.body = .bytes(ByteBuffer(string: body))
                    let response = try await client.execute(request, timeout: .seconds(60))
                    let data = try await response.body.collect(upTo: 65_536)
                    return (response.status.code, (try? JSONSerialization.jsonObject(with: Data(buffer: data)) as? [String: Any]) ?? [:])
                }
                let form = "application/x-www-form-urlencoded"
                let grant = "grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Ajwt-bearer&assertion="
                var forged = account
                forged.privateKey = try _RSA.Signing.PrivateKey(keySize: .bits2048).pemRepresentation
                let refused = try await post(fake.tokenURI, grant + (try ProviderToken.googleAssertion(forged, at: Date())), type: form)
                #expect(refused.0 == 400 && refused.1["error"] as? String == "invalid_grant")
                let stale = try await post(
                    fake.tokenURI,
                    grant + (try ProviderToken.googleAssertion(account, at: Date().addingTimeInterval(-4_000))),
                    type: form
                )
                #expect(stale.0 == 400)
                let issued = try await post(fake.tokenURI, grant + (try ProviderToken.googleAssertion(account, at: Date())), type: form)
                let accessToken = try #require(issued.1["access_token"] as? String)

                let send = fake.baseURL + "/v1/projects/\(FakePushProvider.projectID)/messages:send"
                let message = #"{"message":{"token":"abc:1","data":{"k":"v"}}}"#
                #expect(try await post(send, message, type: "application/json").0 == 401)
                #expect(try await post(send, message, type: "application/json", bearer: accessToken).0 == 200)
                let numeric = try await post(send, #"{"message":{"token":"abc:1","data":{"k":1}}}"#, type: "application/json", bearer: accessToken)
                #expect(numeric.0 == 400 && (numeric.1["error"] as? [String: Any])?["status"] as? String == "INVALID_ARGUMENT")
                fake.unregister("abc:1")
                let gone = try await post(send, message, type: "application/json", bearer: accessToken)
                let details = ((gone.1["error"] as? [String: Any])?["details"] as? [[String: Any]]) ?? []
                #expect(gone.0 == 404 && details.first?["errorCode"] as? String == "UNREGISTERED")
            }
        }
    }
}
