import Foundation
import LatchkeyWire
import NIOCore

/// One server-sent event of the streaming protocol, encoded once and shared by every watcher it
/// goes to (a `ByteBuffer` is copy-on-write, so ten thousand watchers of a path hold one copy).
struct StreamEvent: Sendable {
    /// The bytes on the wire: `event: <name>\ndata: <data>\n\n`.
    let bytes: ByteBuffer

    /// `event: name` with `data` as one line (the protocol's data never holds a newline: JSON is
    /// encoded on one line), and the SSE `id` when given.
    init(name: String, id: Int64? = nil, data: String) {
        bytes = ByteBuffer(string: "event: \(name)\n\(id.map { "id: \($0)\n" } ?? "")data: \(data)\n\n")
    }

    /// A `put` or `patch` of `data` at `path`, relative to the watched location, with the tree
    /// revision it brings the location to as the SSE `id` (clients ignore it or echo it as
    /// `Last-Event-ID` on a reconnect, which needs nothing of it: a reconnect reads afresh).
    init(_ operation: TreeChange.Operation, revision: Int64, path: DataPath, data: JSONValue?) {
        self.init(name: operation.rawValue, id: revision, data: Self.payload(path: path, data: data))
    }

    /// The `put /` of a read — a stream's first event, or its answer after a resync — written on
    /// the compute threads when the read is large, so a huge location does not hold up the
    /// thread that serves every other stream of its connection's event loop.
    static func put(_ snapshot: TreeSnapshot, work: TreeWork) async -> StreamEvent {
        await work.runSomewhere(large: TreeWork.isLarge(leaves: snapshot.leaves)) {
            StreamEvent(.put, revision: snapshot.revision, path: .root, data: snapshot.value)
        }
    }

    /// `{"path":"/a","data":…}`.
    static func payload(path: DataPath, data: JSONValue?) -> String {
        "{\"path\":\(encode(.string(path.description))),\"data\":\(encode(data ?? .null))}"
    }

    /// The keep-alive the protocol sends every 30 seconds so proxies keep the connection.
    static let keepAlive = StreamEvent(name: "keep-alive", data: "null")
    /// Sent when the rules stop letting the caller read the location; the stream then ends. The
    /// data is `null` as the protocol documents it: clients (firebase-admin's `listen()`) parse
    /// it as JSON and index it, so a reason string there breaks them.
    static let permissionDenied = StreamEvent(name: "cancel", data: "null")
    /// Sent when the caller's credential expires or its session ends; the stream then ends. The
    /// data is the protocol's text, which firebase-admin's stream client matches to reconnect.
    static let authRevoked = StreamEvent(name: "auth_revoked", data: "credential is no longer valid")

    private static func encode(_ value: JSONValue) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
    }
}

extension TreeChange {
    /// What a watcher of `location` is sent for this write, or nil when the write does not reach
    /// it. A write at or below the location is passed on with its path made relative; a write
    /// above it becomes a `put` of `/` with the location's new value; a multi-path patch above
    /// it keeps what reaches the location (one entry at or above it: a `put` of `/`; entries
    /// below it: a `patch` of `/` with their paths made relative).
    func event(for location: DataPath) -> StreamEvent? {
        guard let written = try? DataPath(path) else { return nil }
        if written.isDescendant(ofOrEqualTo: location) {
            return StreamEvent(operation, revision: revision, path: written.relative(to: location), data: data)
        }
        guard location.isDescendant(ofOrEqualTo: written) else { return nil }
        switch operation {
        case .put:
            return StreamEvent(.put, revision: revision, path: .root, data: data?.descendant(at: location.relative(to: written)))
        case .patch:
            guard case .object(let members)? = data else { return nil }
            var below: [String: JSONValue] = [:]
            for (key, value) in members {
                guard let entry = try? written.appending(DataPath(key)) else { continue }
                if location.isDescendant(ofOrEqualTo: entry) {
                    return StreamEvent(.put, revision: revision, path: .root, data: value.descendant(at: location.relative(to: entry)))
                }
                if entry.isDescendant(ofOrEqualTo: location) {
                    below[entry.relative(to: location).keys.joined(separator: "/")] = value
                }
            }
            return below.isEmpty ? nil : StreamEvent(.patch, revision: revision, path: .root, data: .object(below))
        }
    }

    /// Whether this write changes anything at or below `location`.
    func reaches(_ location: DataPath) -> Bool {
        guard let written = try? DataPath(path) else { return false }
        if written.isDescendant(ofOrEqualTo: location) { return true }
        guard location.isDescendant(ofOrEqualTo: written) else { return false }
        guard operation == .patch, case .object(let members)? = data else { return true }
        return members.keys.contains { key in
            guard let entry = try? written.appending(DataPath(key)) else { return false }
            return entry.isDescendant(ofOrEqualTo: location) || location.isDescendant(ofOrEqualTo: entry)
        }
    }
}
