import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTPTypes

/// One open stream: what it watches, who watches, and the mailbox its hub posts to. The stream's
/// own task takes the mail and writes it (see ``DatabaseStreams``), so no per-watcher work runs
/// while the hub or the change bus holds a lock.
///
/// A stream on a connection (its ``outlet``) gets its mail on that connection's event loop, in
/// the order it was posted. There, while the stream's task waits for mail with nothing pending
/// and the connection takes writes, a take of write events is written to the connection in
/// place: the steady state of a stream costs a write and a flush per event, not a task's
/// wake-up. Anything else (a keep-alive, a resync, a full socket) goes to the mailbox and the
/// task, which writes with the connection's backpressure.
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
        /// The app's tree changed and the rules that let the caller read the location read the
        /// tree: ask them again before sending more.
        case recheck
        /// Time for a keep-alive.
        case keepAlive
        /// The caller's session may have ended: ask the session gate.
        case sessionChanged
        /// The caller's credential expired or is no longer accepted.
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
    /// What the stream's right to go on rests on.
    let credential: StreamCredential
    /// The caller's session (user tokens only).
    var sessionID: String? {
        if case .user(let user) = caller { user.sessionID } else { nil }
    }

    private struct Box {
        var mail: [Mail] = []
        var overflowed = false
        var waiter: CheckedContinuation<Void, Never>?
        /// Every write up to this revision has been sent on the stream (or is in what was).
        var sentThrough: Int64 = 0
        /// Whether the rules' answer to reading the location may change with the tree.
        var checksReads: Bool
    }

    /// How many writes wait before the stream is deemed too slow and resynchronised.
    private let capacity: Int
    private let box: NIOLockedValueBox<Box>

    /// The connection the stream is written to, whose event loop its mail is delivered on; nil
    /// for a stream that only its task writes.
    let outlet: (any Channel)?

    init(
        app: String,
        location: DataPath,
        query: DataQuery?,
        caller: DatabaseCaller,
        credential: StreamCredential,
        capacity: Int,
        outlet: (any Channel)? = nil
    ) {
        self.app = app
        self.location = location
        self.query = query
        self.caller = caller
        self.credential = credential
        box = NIOLockedValueBox(Box(checksReads: !caller.isAdmin))
        self.capacity = capacity
        self.outlet = outlet
    }

    /// Leaves `mail` for the stream. A stream that lets ``capacity`` writes pile up (a reader too
    /// slow for them) loses them and is told to resync instead: a fresh `put` of `/`
    /// replaces what it missed, and nothing is held for it without bound.
    func post(_ mail: Mail) {
        Self.post([(self, [mail])])
    }

    /// Posts each watcher its mail: on each event loop, one task runs the deliveries of the
    /// watchers there, in the order given.
    static func post(_ deliveries: [(TreeWatcher, [Mail])]) {
        var byLoop: [ObjectIdentifier: (any EventLoop, [(TreeWatcher, [Mail])])] = [:]
        for (watcher, mail) in deliveries {
            guard let loop = watcher.outlet?.eventLoop else {
                watcher.receive(mail)
                continue
            }
            byLoop[ObjectIdentifier(loop), default: (loop, [])].1.append((watcher, mail))
        }
        for (loop, batch) in byLoop.values {
            loop.execute {
                for (watcher, mail) in batch { watcher.receive(mail) }
            }
        }
    }

    private func receive(_ mails: [Mail]) {
        var direct: [ByteBuffer] = []
        let waiter = box.withLockedValue { box -> CheckedContinuation<Void, Never>? in
            if let outlet, box.waiter != nil, box.mail.isEmpty, !box.overflowed, outlet.isWritable,
                mails.allSatisfy({ if case .event = $0 { true } else { false } })
            {
                for case .event(let revision, let event) in mails where revision > box.sentThrough {
                    box.sentThrough = revision
                    direct.append(event.bytes)
                }
                return nil
            }
            for mail in mails {
                if case .close = mail {
                    // Ending goes ahead of anything still waiting to be written.
                    box.mail = [.close]
                } else if case .recheck = mail, box.mail.contains(where: { if case .recheck = $0 { true } else { false } }) {
                    // One pending check answers for every change before it.
                    continue
                } else if mail.isWrite, box.mail.count >= capacity {
                    box.mail.removeAll { $0.isWrite }
                    box.overflowed = true
                } else {
                    box.mail.append(mail)
                }
            }
            defer { box.waiter = nil }
            return box.waiter
        }
        waiter?.resume()
        guard let outlet, !direct.isEmpty else { return }
        for bytes in direct { outlet.write(HTTPResponsePart.body(bytes), promise: nil) }
        outlet.flush()
    }

    /// Whether the write at `revision` is still to be sent; if so, it counts as sent from now.
    func claim(_ revision: Int64) -> Bool {
        box.withLockedValue { box in
            guard revision > box.sentThrough else { return false }
            box.sentThrough = revision
            return true
        }
    }

    /// Whether the stream asks the rules again as the app's tree changes (see ``Mail/recheck``):
    /// while its caller's `.read` may vary with the tree; never for an admin.
    var checksReads: Bool {
        get { box.withLockedValue { $0.checksReads } }
        set { box.withLockedValue { $0.checksReads = newValue } }
    }

    /// The revision every write up to which has been sent.
    var sentThrough: Int64 {
        box.withLockedValue { $0.sentThrough }
    }

    /// Records that every write up to `revision` has been sent (a read at it was).
    func sent(through revision: Int64) {
        box.withLockedValue { box in box.sentThrough = max(box.sentThrough, revision) }
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
