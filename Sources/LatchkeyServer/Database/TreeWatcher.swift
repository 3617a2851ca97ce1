import Foundation
import NIOConcurrencyHelpers

/// One open stream: what it watches, who watches, and the mailbox its hub posts to. The stream's
/// own task takes the mail and writes it (see ``DatabaseStreams``), so no per-watcher work runs
/// while the hub or the change bus holds a lock.
final class TreeWatcher: Sendable {
    /// What a stream is told.
    enum Mail: Sendable {
        /// The event a committed write makes for this location, shared with every watcher of it.
        case event(revision: Int64, StreamEvent)
        /// A write reached a queried location: the query's result must be read again.
        case touched(revision: Int64)
        /// The stream may have missed writes (a gap that did not fill, a change log the node lost
        /// track of, its own mailbox overflowing) or the rules changed: read the location again.
        case resync
        /// Time for a keep-alive.
        case keepAlive
        /// The caller's session may have ended: ask the session gate.
        case sessionChanged
        /// The caller's token expired.
        case expired
        /// The server is shutting down: end the stream.
        case close

        /// Whether this tells of a write (what an overflow may drop, since a resync replaces it).
        var isWrite: Bool {
            switch self {
            case .event, .touched: true
            default: false
            }
        }
    }

    let app: String
    let location: DataPath
    let query: DataQuery?
    let caller: DatabaseCaller
    /// When the caller's token stops being valid (user tokens; nil for a client's).
    let expiresAt: Date?
    /// The caller's session (user tokens only).
    var sessionID: String? {
        if case .user(let user) = caller { user.sessionID } else { nil }
    }

    private struct Box {
        var mail: [Mail] = []
        var overflowed = false
        var waiter: CheckedContinuation<Void, Never>?
    }

    /// How many writes wait before the stream is deemed too slow and resynchronised.
    private let capacity: Int
    private let box = NIOLockedValueBox(Box())

    init(app: String, location: DataPath, query: DataQuery?, caller: DatabaseCaller, expiresAt: Date?, capacity: Int) {
        self.app = app
        self.location = location
        self.query = query
        self.caller = caller
        self.expiresAt = expiresAt
        self.capacity = capacity
    }

    /// Leaves `mail` for the stream. A stream that lets ``capacity`` writes pile up (a reader too
    /// slow for them) loses them and is told to resync instead: a fresh `put` of `/`
    /// replaces what it missed, and nothing is held for it without bound.
    func post(_ mail: Mail) {
        let waiter = box.withLockedValue { box -> CheckedContinuation<Void, Never>? in
            if case .close = mail {
                // Ending goes ahead of anything still waiting to be written.
                box.mail = [.close]
            } else if mail.isWrite, box.mail.count >= capacity {
                box.mail.removeAll { $0.isWrite }
                box.overflowed = true
            } else {
                box.mail.append(mail)
            }
            defer { box.waiter = nil }
            return box.waiter
        }
        waiter?.resume()
    }

    /// The mail left since the last call, waiting for some if there is none; an overflow comes
    /// out as one ``Mail/resync`` ahead of what was posted after it.
    func take() async -> [Mail] {
        while true {
            let taken = box.withLockedValue { box -> [Mail] in
                defer { (box.mail, box.overflowed) = ([], false) }
                return box.overflowed ? [.resync] + box.mail : box.mail
            }
            if !taken.isEmpty { return taken }
            await withCheckedContinuation { continuation in
                let ready = box.withLockedValue { box -> Bool in
                    if box.mail.isEmpty && !box.overflowed {
                        box.waiter = continuation
                        return false
                    }
                    return true
                }
                if ready { continuation.resume() }
            }
        }
    }
}

extension TreeWatcher: Hashable {
    static func == (lhs: TreeWatcher, rhs: TreeWatcher) -> Bool { lhs === rhs }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
