import Foundation
import HTTPTypes
import Testing

@testable import LatchkeyServer

/// App settings through the operator API (`PATCH /v1/operator/apps/{id}`): every list setting
/// takes the whole JSON list it is given, and a setting of one value given several is refused
/// with the setting named, never cut to one of them.
@Suite struct AppSettingsAPITests {
    /// Two or more valid values for each list setting; every list setting must be here.
    static let lists: [String: [String]] = [
        "cors-origin": ["https://a.example", "https://b.example"],
        "redirect-uri": ["com.example.app:/cb", "https://app.example/cb"],
        "passkey-origin": ["https://a.example", "https://b.example:8443"],
        "apple-app-id": ["ABCDE12345.com.example.app", "ABCDE12345.com.example.other"],
        "android-app": ["com.example.app=\(Self.fingerprint(0))", "com.example.other=\(Self.fingerprint(1))"],
        "consent-age-by-country": ["DE=16", "FR=15"],
        "wallet-currency": ["kredits", "gems"],
        "sign-in-methods": ["anonymous", "email", "username"],
    ]

    static func fingerprint(_ seed: Int) -> String {
        (0..<32).map { String(format: "%02X", ($0 + seed) % 256) }.joined(separator: ":")
    }

    @Test(arguments: TestStore.enabled) func everyListSettingTakesTheWholeList(store: TestStore) async throws {
        let declared = Set(AppSettings.declarations.filter(\.isList).compactMap(\.flag))
        #expect(declared == Set(Self.lists.keys), "list settings without a case here: \(declared.subtracting(Self.lists.keys))")
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let (_, admin, _) = try await harness.operatorTokens(client)
            let path = "/v1/operator/apps/\(harness.app.clientID)"
            for (flag, values) in Self.lists.sorted(by: { $0.key < $1.key }) {
                let updated = try await client.send(.patch, path, json: ["settings": [flag: values]], token: admin)
                #expect(updated.status == .ok, "\(flag): \(updated.text)")
                let stored = try #require(updated.value("settings") as? [String: Any], "\(flag)")
                let settings = try JSONDecoder().decode(AppSettings.self, from: JSONSerialization.data(withJSONObject: stored))
                let setting = try #require(AppSettings.declarations.first { $0.flag == flag })
                #expect(setting.values(in: settings).sorted() == values.sorted(), "\(flag)")
            }
            // The comma-separated form of the sign-in methods still works.
            let commas = try await client.send(.patch, path, json: ["settings": ["sign-in-methods": "username,phone"]], token: admin)
            #expect(Set(commas.value("settings.signInMethods") as? [String] ?? []) == ["username", "phone"])
        }
    }

    @Test(arguments: TestStore.enabled) func aSettingOfOneValueRefusesAList(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let (_, admin, _) = try await harness.operatorTokens(client)
            let path = "/v1/operator/apps/\(harness.app.clientID)"
            for (flag, key) in [("session-ttl", "sessionTTL"), ("password-grant", "passwordGrantEnabled"), ("passkey-rp-id", "passkeyRPID")] {
                let refused = try await client.send(.patch, path, json: ["settings": [flag: ["1", "2"]]], token: admin)
                #expect(refused.status == .unprocessableContent && refused.fieldCodes == ["invalid_field"], "\(flag)")
                #expect((refused.value("errors") as? [[String: Any]])?.first?["field"] as? String == key, "\(flag)")
            }
            let one = try await client.send(.patch, path, json: ["settings": ["session-ttl": ["7200"]]], token: admin)
            #expect(one.status == .ok && one.value("settings.sessionTTL") as? Int == 7200)
            #expect(try await client.send(.get, path, token: admin).value("settings.sessionTTL") as? Int == 7200)
        }
    }

    /// The brand's values are checked when set, each refusal naming its setting: addresses are
    /// addresses, the accent colour is `#rrggbb` with 4.5:1 contrast on white (buttons carry white
    /// text on it), the support link is https or `mailto:`; an empty value clears one.
    @Test(arguments: TestStore.enabled) func theBrandIsCheckedWhenSet(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let (_, admin, _) = try await harness.operatorTokens(client)
            let path = "/v1/operator/apps/\(harness.app.clientID)"
            let refused: [(flag: String, value: String, key: String)] = [
                ("from-address", "not-an-address", "fromAddress"), ("reply-to", "a@b", "replyTo"),
                ("accent-color", "#ffcc00", "accentColor"), ("accent-color", "teal", "accentColor"),
                ("support-url", "http://help.example", "supportURL"), ("support-url", "mailto:nobody", "supportURL"),
                ("from-name", String(repeating: "x", count: 101), "fromName"), ("logo-url", "ftp://cdn.example/l.png", "logoURL"),
                ("background-color", "navy", "backgroundColor"), ("background-color", "#0b1f3", "backgroundColor"),
                ("background-color", "#0b1f3g", "backgroundColor"), ("appearance", "sepia", "appearance"),
            ]
            for (flag, value, key) in refused {
                let answer = try await client.send(.patch, path, json: ["settings": [flag: value]], token: admin)
                #expect(answer.status == .unprocessableContent, "\(flag)=\(value): \(answer.text)")
                #expect((answer.value("errors") as? [[String: Any]])?.first?["field"] as? String == key, "\(flag)=\(value): \(answer.text)")
            }
            let brand = [
                "from-name": "サンプル", "from-address": "hello@app.example", "reply-to": "help@app.example",
                "accent-color": "#0B7285", "support-url": "mailto:help@app.example", "background-color": "#0B1F3A", "appearance": "dark",
            ]
            let set = try await client.send(.patch, path, json: ["settings": brand], token: admin)
            #expect(set.status == .ok, "\(set.text)")
            #expect(set.value("settings.fromName") as? String == "サンプル" && set.value("settings.accentColor") as? String == "#0b7285")
            #expect(set.value("settings.backgroundColor") as? String == "#0b1f3a" && set.value("settings.appearance") as? String == "dark")
            let cleared = try await client.send(.patch, path, json: ["settings": ["reply-to": "", "background-color": ""]], token: admin)
            #expect(
                cleared.status == .ok && cleared.value("settings.replyTo") == nil && cleared.value("settings.backgroundColor") == nil
                    && cleared.value("settings.fromAddress") as? String == "hello@app.example"
                    && cleared.value("settings.appearance") as? String == "dark"
            )
        }
    }
}
