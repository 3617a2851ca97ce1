import Foundation
import LatchkeyPushFakes

// `LatchkeyPushFake INFO_FILE`: runs the APNs and FCM stand-ins (Tests/LatchkeyPushFakes) on a
// free loopback port for the push benchmark (bench/push), counting deliveries without keeping
// them, until it is stopped. Writes INFO_FILE once listening: the base URL, the CA certificate the
// server must trust (`latchkey serve --push-trust-roots`), and the credentials the fake accepts
// (the APNs key, key id, team id and topic; the FCM service-account file). `GET /accepted` on the
// base URL tells how many pushes were accepted and when the first and latest were.

guard CommandLine.arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: LatchkeyPushFake INFO_FILE\n".utf8))
    exit(2)
}
let fake = try await FakePushProvider.start()
fake.countOnly()
let info: [String: String] = [
    "baseURL": fake.baseURL,
    "rootPEM": fake.authority.rootPEM,
    "apnsKeyPEM": fake.apnsKeyPEM,
    "keyID": FakePushProvider.keyID,
    "teamID": FakePushProvider.teamID,
    "topic": FakePushProvider.topic,
    "serviceAccount": String(decoding: fake.serviceAccountJSON, as: UTF8.self),
]
try JSONSerialization.data(withJSONObject: info).write(to: URL(fileURLWithPath: CommandLine.arguments[1]), options: .atomic)
while true { try await Task.sleep(for: .seconds(3600)) }
