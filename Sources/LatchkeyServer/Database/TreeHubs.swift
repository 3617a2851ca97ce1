import Foundation
import HTTPTypes
import LatchkeyWire
import NIOConcurrencyHelpers
import NIOCore

/// Every open stream of this node, by app (see ``TreeHub``), fed by the change bus: tree writes,
/// rules changes and ended sessions. The bus runs its handlers under its lock, so the handler
/// only queues what it is given; one task takes it from there, orders the writes per app and
/// posts to the watchers' mailboxes. A second task sends keep-alives, ends streams whose token
/// expired and resyncs watchers stuck on a gap; a third ends streams whose client credential
/// changed since their token was issued (seen through the app directory: within its freshness,
/// on every node).
///
/// Besides the node's limit, one holder (a user, an app's confidential client, an anonymous
/// address) keeps at most ``maximumPerHolder`` (``maximumPerAddress``) streams open here.
final class TreeHubs: Sendable {
    /// How long a watcher waits for a missing revision before it reads its location again.
    static let gapTimeout = Duration.seconds(3)

    /// The refusal past ``maximumWatchers``.
    static let full = DatabaseError(
        status: .serviceUnavailable,
        message: "Too many streams are open on this server; try again later"
    )
    /// The refusal past ``maximumPerHolder`` or ``maximumPerAddress``: a place frees as soon as
    /// one of the caller's streams closes.
    static let holderFull = DatabaseError(
        status: .tooManyRequests,
        message: "Too many streams are open for this caller; close one first",
        headers: [.retryAfter: "1"]
    )

    private struct State {
        var hubs: [String: TreeHub] = [:]
        var sessions: [String: Set<TreeWatcher>] = [:]
        /// Watchers on a confidential client's token, by the app's client id.
        var clients: [String: Set<TreeWatcher>] = [:]
        var holders: [StreamCredential.Holder: Int] = [:]
        var count = 0
        var lastKeepAlive = ContinuousClock.now
    }

    let maximumWatchers: Int
    let maximumPerHolder: Int
    let maximumPerAddress: Int
    let keepAliveInterval: Duration
    /// How many writes a watcher may have waiting before it is resynchronised.
    let mailboxCapacity: Int
    private let state = NIOLockedValueBox(State())
    private let time: any TimeSource
    private let apps: AppDirectory
    /// Where the open-streams count is published, each housekeeping tick.
    private let metrics: ServerMetrics
    /// Where a large write's change is parsed (see ``TreeWork``).
    let work: TreeWork

    init(
        bus: ChangeBus,
        apps: AppDirectory,
        work: TreeWork,
        metrics: ServerMetrics,
        time: any TimeSource,
        maximumWatchers: Int,
        maximumPerHolder: Int,
        maximumPerAddress: Int,
        keepAliveInterval: Duration,
        mailboxCapacity: Int = 1_024
    ) {
        self.time = time
        self.apps = apps
        self.work = work
        self.metrics = metrics
        self.maximumWatchers = maximumWatchers
        self.maximumPerHolder = maximumPerHolder
        self.maximumPerAddress = maximumPerAddress
        self.keepAliveInterval = keepAliveInterval
        self.mailboxCapacity = mailboxCapacity
        let (deliveries, queue) = AsyncStream.makeStream(of: ChangeBus.Delivery.self)
        bus.subscribe(to: [.tree, .databaseRules, .session]) { queue.yield($0) }
        Task { [weak self] in
            for await delivery in deliveries {
                guard let self else { return }
                await self.handle(delivery)
            }
        }
        let tick = min(keepAliveInterval, .seconds(1))
        Task { [weak self] in
            while (try? await Task.sleep(for: tick)) != nil {
                guard let self else { return }
                self.housekeep()
            }
        }
        // Apart from the keep-alives, so a slow look-up does not hold them back.
        Task { [weak self] in
            while (try? await Task.sleep(for: tick)) != nil {
                guard let self else { return }
                await self.endStreamsOfChangedClientCredentials()
            }
        }
    }

    /// How many streams are open.
    var count: Int { state.withLockedValue { $0.count } }

    /// Opens a watcher (before its first read, so no write after that read can be missed);
    /// throws ``full`` past ``maximumWatchers``, ``holderFull`` past the holder's limit.
    func register(
        location: DataPath,
        query: DataQuery?,
        caller: DatabaseCaller,
        credential: StreamCredential,
        outlet: (any Channel)? = nil
    ) throws(DatabaseError) -> TreeWatcher {
        let watcher = TreeWatcher(
            app: caller.app.id,
            location: location,
            query: query,
            caller: caller,
            credential: credential,
            capacity: mailboxCapacity,
            outlet: outlet
        )
        let limit = if case .address = credential.holder { maximumPerAddress } else { maximumPerHolder }
        let refusal = state.withLockedValue { state -> DatabaseError? in
            guard state.count < maximumWatchers else { return Self.full }
            guard state.holders[credential.holder, default: 0] < limit else { return Self.holderFull }
            state.count += 1
            state.holders[credential.holder, default: 0] += 1
            state.hubs[watcher.app, default: TreeHub()].add(watcher)
            if let session = watcher.sessionID { state.sessions[session, default: []].insert(watcher) }
            if credential.clientIssuedAt != nil { state.clients[caller.app.clientID, default: []].insert(watcher) }
            return nil
        }
        if let refusal { throw refusal }
        return watcher
    }

    /// Records that `watcher` read its location at `revision`: it is owed the writes after it.
    /// Mail is posted under the lock, as ``handle(_:)`` posts, so a watcher's writes reach it in
    /// the order the hub worked them out.
    func start(_ watcher: TreeWatcher, at revision: Int64) {
        state.withLockedValue { state in
            let mail = state.hubs[watcher.app]?.start(watcher, at: revision, now: .now) ?? []
            if !mail.isEmpty { TreeWatcher.post([(watcher, mail)]) }
        }
    }

    /// Closes a watcher.
    func unregister(_ watcher: TreeWatcher) {
        state.withLockedValue { state in
            guard state.hubs[watcher.app]?.positions[watcher] != nil else { return }
            state.count -= 1
            state.holders[watcher.credential.holder]? -= 1
            if state.holders[watcher.credential.holder] == 0 { state.holders[watcher.credential.holder] = nil }
            let clientID = watcher.caller.app.clientID
            state.clients[clientID]?.remove(watcher)
            if state.clients[clientID]?.isEmpty == true { state.clients[clientID] = nil }
            state.hubs[watcher.app]?.remove(watcher)
            if state.hubs[watcher.app]?.isEmpty == true { state.hubs[watcher.app] = nil }
            if let session = watcher.sessionID {
                state.sessions[session]?.remove(watcher)
                if state.sessions[session]?.isEmpty == true { state.sessions[session] = nil }
            }
        }
    }

    /// Ends `watcher`'s stream and gives its place back now: its client left.
    func end(_ watcher: TreeWatcher) {
        watcher.post(.close)
        unregister(watcher)
    }

    /// Tells every open stream to end (the server is shutting down).
    func closeAll() {
        for watcher in allWatchers() { watcher.post(.close) }
    }

    private func allWatchers() -> [TreeWatcher] {
        state.withLockedValue { state in state.hubs.values.flatMap(\.positions.keys) }
    }

    private func handle(_ delivery: ChangeBus.Delivery) async {
        guard case .changed(let events) = delivery else {
            // Writes may have gone unheard: every stream reads its location again.
            for watcher in allWatchers() { watcher.post(.resync) }
            return
        }
        var writes: [String: [TreeChange]] = [:]
        for event in events {
            switch event.kind {
            case .tree:
                // An app no stream watches needs nothing of its writes: a stream opened later
                // reads them in its first read. With the compute threads overloaded, the change
                // is parsed here rather than lost to the streams.
                guard state.withLockedValue({ $0.hubs[event.subject] != nil }), let payload = event.payload,
                    let change = await work.runSomewhere(large: payload.utf8.count >= TreeWork.offloadedBytes, { TreeChange(payload: payload) })
                else { continue }
                writes[event.subject, default: []].append(change)
            case .databaseRules:
                let watchers = state.withLockedValue { $0.hubs[event.subject]?.positions.keys.map { $0 } ?? [] }
                for watcher in watchers where !watcher.caller.isAdmin { watcher.post(.resync) }
            default:
                let watchers = state.withLockedValue { $0.sessions[event.subject] ?? [] }
                for watcher in watchers { watcher.post(.sessionChanged) }
            }
        }
        for (app, changes) in writes {
            state.withLockedValue { state in
                guard let deliveries = state.hubs[app]?.receive(changes, now: .now) else { return }
                TreeWatcher.post(deliveries)
            }
        }
    }

    /// Keep-alives, expired tokens, gaps that did not fill, and streams whose connection closed
    /// without their task seeing it.
    private func housekeep() {
        let now = ContinuousClock.now
        let date = time.now()
        let (keepAlive, expired, stalled, gone, open) = state.withLockedValue { state in
            let all = state.hubs.values.flatMap(\.positions.keys)
            var keepAlive: [TreeWatcher] = []
            if now - state.lastKeepAlive >= keepAliveInterval {
                state.lastKeepAlive = now
                keepAlive = all
            }
            let expired = all.filter { $0.credential.expiresAt.map { $0 <= date } == true }
            var stalled: [TreeWatcher] = []
            for app in Array(state.hubs.keys) {
                stalled += state.hubs[app]?.stalled(before: now - Self.gapTimeout) ?? []
            }
            let gone = all.filter { $0.outlet.map { !$0.isActive } == true }
            return (keepAlive, expired, stalled, gone, state.count)
        }
        metrics.setOpenStreams(open)
        for watcher in gone { end(watcher) }
        for watcher in keepAlive { watcher.post(.keepAlive) }
        for watcher in expired { watcher.post(.expired) }
        for watcher in stalled { watcher.post(.resync) }
    }

    /// Ends the streams on a confidential client's token that the app no longer accepts (a secret
    /// rotation or key revocation since it was issued, or the app gone), looking each app up in
    /// the directory once. An app that cannot be looked up now (the database is unreachable)
    /// is asked again at the next tick.
    private func endStreamsOfChangedClientCredentials() async {
        let clients = state.withLockedValue { $0.clients }
        for (clientID, watchers) in clients {
            let found: App?
            do {
                found = try await apps.app(clientID: clientID)
            } catch {
                continue
            }
            for watcher in watchers {
                let accepted =
                    found.map { app in
                        watcher.credential.clientIssuedAt.map { Authenticator.accepts(clientTokenIssuedAt: $0, of: app) } ?? true
                    } ?? false
                if !accepted { watcher.post(.expired) }
            }
        }
    }
}
