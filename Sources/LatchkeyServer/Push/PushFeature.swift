import Foundation
import HTTPTypes
import Hummingbird
import LatchkeyWire

/// Push notifications (KWS "enable remote notifications"): users register their devices' APNs
/// or FCM tokens (`/v1/me/devices`), and the app's server sends to users, topics or devices
/// (`POST /v1/push`, scope `push:send`).
///
/// A child awaiting parental consent may register a device — so it is reached once the parent
/// agrees — but is never sent anything while consent is pending.
struct PushFeature: Feature {
    static let id = "push"
    let devices: DeviceStore
    let push: PushService
    let requests: RequestReader
    let time: any TimeSource

    init(backend: LatchkeyBackend) {
        devices = backend.push.devices
        push = PushService(backend: backend)
        requests = backend.requests
        time = backend.time
    }

    static let clientScopes: [ClientScope] = [
        ClientScope(.pushSend, allows: "Send push notifications to the app's users' devices.")
    ]

    static let module: ModuleDeclaration? = ModuleDeclaration(title: "Push notifications to users' devices", access: .user(.profile))

    func routes(into table: inout RouteTable) {
        table.json(.post, "/v1/me/devices", operation: "registerDevice", access: .user(.profile), status: .created) { request, context in
            let user = try context.user
            let (registration, provider) = try DeviceValidation.validated(try await requests.body(DeviceRegistration.self, of: request).value)
            let device = try await devices.register(registration, provider: provider, userID: user.userID, appID: user.app.id, at: time.now())
            return device
        }

        table.json(.get, "/v1/me/devices", operation: "listDevices", access: .user(.profile)) { _, context in
            let user = try context.user
            return DeviceList(devices: try await devices.devices(userID: user.userID, appID: user.app.id))
        }

        table.on(.delete, "/v1/me/devices/{token}", operation: "unregisterDevice", access: .user(.profile)) { _, context in
            let user = try context.user
            let token = try context.parameters.require("token")
            // An APNs token is stored in lowercase hex; FCM tokens are case-sensitive.
            var removed = try await devices.remove(token: token, userID: user.userID, appID: user.app.id)
            if !removed { removed = try await devices.remove(token: token.lowercased(), userID: user.userID, appID: user.app.id) }
            guard removed else { throw APIError(.notFound, .notFound) }
            return Response(status: .noContent)
        }

        table.json(.post, "/v1/push", operation: "sendPush", access: .client(.pushSend)) { request, context in
            let app = try context.client.app
            let body = try await requests.body(PushRequest.self, of: request).value
            return try await push.send(body, app: app)
        }
    }
}

extension Scope {
    /// Send push notifications to the app's users' devices (server-to-server).
    static let pushSend = Scope(rawValue: "push:send")
}
