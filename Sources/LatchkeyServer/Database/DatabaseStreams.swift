import Foundation
import HTTPTypes
import Hummingbird
import LatchkeyWire
import Logging
import NIOConcurrencyHelpers
import NIOCore
import ServiceLifecycle

/// Watches of the tree (`Accept: text/event-stream`): the protocol's `put`, `patch`,
/// `keep-alive`, `cancel` and `auth_revoked` events for every write below or above the watched
/// path, from this node's and every other node's commits.
///
/// A stream opens its watcher before it reads the location, so every write committed after
/// that read reaches it, then sends the read as `put /` and each later write once, in revision
/// order (see ``TreeHub``). A reconnect is a new request with a new read: the client's state is
/// replaced by the `put /`, so nothing is lost or applied twice across it.
///
/// A stream lasts while a read of its location would be answered: it ends with `auth_revoked`
/// when its credential expires or is no longer accepted (a signed-out session, a rotated client
/// secret), and with `cancel` when the rules refuse the read — after a rules change, or after
/// any write to the app when the rules that allow it read the tree (a member removed from a
/// room), checked before anything more is sent.
struct DatabaseStreams: Sendable {
    /// Reads a location (or a query's result) as the caller may, with the revision read at; the
    /// tree's service, which checks the rules and throws ``DatabaseError/permissionDenied``.
    typealias Reader = @Sendable (DataPath, DataQuery?, DatabaseCaller) async throws -> TreeSnapshot
    /// What the rules say of the caller's read of a location now (see ``ReadStanding``).
    typealias Standing = @Sendable (DataPath, DatabaseCaller) async throws -> ReadStanding

    let hubs: TreeHubs
    private let read: Reader
    private let standing: Standing
    private let gate: SessionGate
    private let time: any TimeSource

    init(backend: LatchkeyBackend, read: @escaping Reader, standing: @escaping Standing) {
        let configuration = backend.configuration
        hubs = TreeHubs(
            bus: backend.changeBus,
            apps: backend.appDirectory,
            work: TreeWork(pool: backend.computing),
            metrics: backend.metrics,
            time: configuration.time,
            maximumWatchers: configuration.maximumStreams,
            maximumPerHolder: configuration.maximumStreamsPerHolder,
            maximumPerAddress: configuration.maximumStreamsPerAddress,
            keepAliveInterval: configuration.streamKeepAlive
        )
        self.read = read
        self.standing = standing
        gate = backend.gate
        time = configuration.time
    }

    /// Opens a stream of `path` (or of `query`'s result there) for `caller`. The first read
    /// happens before the answer starts, so a refused read is the protocol's JSON error, not an
    /// event; past the node's limit of streams the answer is 503, past the caller's 429. Given the request's
    /// connection, the stream's task runs on its event loop (see ``EventLoopExecutor``) and events
    /// are written to it in place (see ``TreeWatcher``). How each stream ends is logged at
    /// `debug`, so a place that stays taken can be traced to the stream holding it.
    func response(
        to request: Request,
        at path: DataPath,
        query: DataQuery?,
        caller: DatabaseCaller,
        credential: StreamCredential,
        connection: (any Channel)?,
        logger: Logger
    ) async throws -> Response {
        let watcher = try hubs.register(location: path, query: query, caller: caller, credential: credential, outlet: connection)
        logger.debug("stream opened", metadata: ["path": "\(path)", "streams": "\(hubs.count)"])
        // From the moment it holds a place, a client that leaves gives it back: whatever the
        // stream is waiting for (its first read, which a busy store may hold, or its task), and
        // even when the answer never gets to its body (the connection closed before the head was
        // written). The connection's close, and its input's end (the server allows half-closed
        // connections, so a client's FIN alone fails nothing until a write meets its reset).
        // Weakly: a connection that outlives its stream (keep-alive) keeps no watcher alive.
        connection?.closeFuture.whenComplete { [weak watcher, hubs] _ in
            guard let watcher else { return }
            hubs.end(watcher)
            logger.debug("stream's connection closed", metadata: ["path": "\(path)", "streams": "\(hubs.count)"])
        }
        let hangUp = HangUpHandler { [weak watcher, hubs] in
            guard let watcher else { return }
            hubs.end(watcher)
            logger.debug("stream's client hung up", metadata: ["path": "\(path)", "streams": "\(hubs.count)"])
        }
        let listening = (try? await connection?.pipeline.addHandler(hangUp, position: .first).get()) != nil
        if !listening { logger.debug("stream's hang-up not listened for", metadata: ["path": "\(path)"]) }
        let snapshot: TreeSnapshot
        do {
            snapshot = try await read(path, query, caller)
            watcher.checksReads = try await standing(path, caller) != .allowed
        } catch {
            hubs.unregister(watcher)
            if listening { connection?.pipeline.removeHandler(hangUp, promise: nil) }
            logger.debug("stream refused", metadata: ["path": "\(path)", "error": "\(error)", "streams": "\(hubs.count)"])
            throw error
        }
        hubs.start(watcher, at: snapshot.revision)
        let stream = WatchStream(
            watcher: watcher,
            hubs: hubs,
            read: read,
            standing: standing,
            gate: gate,
            time: time,
            first: snapshot,
            firstEvent: await StreamEvent.put(snapshot, work: hubs.work)
        )
        let executor = connection.map { EventLoopExecutor($0.eventLoop) }
        var headers = HTTPFields()
        headers[.contentType] = "text/event-stream"
        headers[.cacheControl] = "no-cache"
        // A proxy in front (nginx, deploy/nginx.conf) would otherwise hold events in its buffer
        // until it fills; this asks it to pass each one on as it comes.
        headers[HTTPField.Name("X-Accel-Buffering")!] = "no"
        return Response(
            status: .ok,
            headers: headers,
            body: ResponseBody { writer in
                defer {
                    hubs.unregister(watcher)
                    if listening { connection?.pipeline.removeHandler(hangUp, promise: nil) }
                    logger.debug("stream ended", metadata: ["path": "\(path)", "streams": "\(hubs.count)"])
                }
                try await withGracefulShutdownHandler {
                    try await withTaskExecutorPreference(executor) {
                        try await stream.run(writing: &writer)
                    }
                } onGracefulShutdown: {
                    watcher.post(.close)
                }
                try await writer.finish(nil)
            }
        )
    }
}

/// One stream's life: the first `put`, then its watcher's mail written in order until the
/// stream ends (rules refuse, credential ends, server stops, client leaves).
private struct WatchStream: Sendable {
    let watcher: TreeWatcher
    let hubs: TreeHubs
    let read: DatabaseStreams.Reader
    let standing: DatabaseStreams.Standing
    let gate: SessionGate
    let time: any TimeSource
    /// The first read's `put /`, dropped once written so the stream holds no copy of the data.
    private let firstEvent: NIOLockedValueBox<StreamEvent?>
    /// The revision of the first read.
    private let firstRevision: Int64
    /// A query's first result, which later results are compared with (nil without a query).
    private let firstResult: JSONValue?

    init(
        watcher: TreeWatcher,
        hubs: TreeHubs,
        read: @escaping DatabaseStreams.Reader,
        standing: @escaping DatabaseStreams.Standing,
        gate: SessionGate,
        time: any TimeSource,
        first: TreeSnapshot,
        firstEvent: StreamEvent
    ) {
        (self.watcher, self.hubs, self.read, self.standing, self.gate, self.time) = (watcher, hubs, read, standing, gate, time)
        self.firstEvent = NIOLockedValueBox(firstEvent)
        firstRevision = first.revision
        firstResult = watcher.query == nil ? nil : first.value
    }

    /// Writes the first `put`, then each take of the watcher's mail as one write (one flush on
    /// the connection, however many events piled up while the stream waited its turn), until the
    /// stream ends.
    func run(writing writer: inout any ResponseBodyWriter) async throws {
        var result = firstResult
        if let first = firstEvent.withLockedValue({ event in
            defer { event = nil }
            return event
        }) {
            try await writer.write(first.bytes)
        }
        watcher.sent(through: firstRevision)
        while true {
            var batch: [ByteBuffer] = []
            let ends = try await answer(await watcher.take(), &result, into: &batch)
            if !batch.isEmpty { try await writer.write(contentsOf: batch) }
            if ends { return }
        }
    }

    /// Appends to `batch`, in order, what one take of mail sends (events share their bytes with
    /// every other watcher of the location); true when the stream ends after it. A take with a
    /// ``TreeWatcher/Mail/recheck`` asks the rules first: refused, nothing of it is sent.
    private func answer(
        _ mails: [TreeWatcher.Mail],
        _ result: inout JSONValue?,
        into batch: inout [ByteBuffer]
    ) async throws -> Bool {
        if mails.contains(where: { if case .recheck = $0 { true } else { false } }),
            try await standing(watcher.location, watcher.caller) == .refused
        {
            batch.append(StreamEvent.permissionDenied.bytes)
            return true
        }
        var requery = false
        for mail in mails {
            switch mail {
            case .event(let revision, let event):
                if watcher.claim(revision) { batch.append(event.bytes) }
            case .touched(let revision):
                requery = requery || revision > watcher.sentThrough
            case .resync:
                guard try await resync(&result, into: &batch) else { return true }
                requery = false
            case .recheck:
                continue
            case .keepAlive:
                batch.append(StreamEvent.keepAlive.bytes)
            case .sessionChanged:
                if let session = watcher.sessionID, try await gate.liveSession(id: session, at: time.now()) == nil {
                    batch.append(StreamEvent.authRevoked.bytes)
                    return true
                }
            case .expired:
                batch.append(StreamEvent.authRevoked.bytes)
                return true
            case .close:
                return true
            }
        }
        guard requery else { return false }
        return try await !resync(&result, into: &batch)
    }

    /// Reads the location again: the rules may refuse it now (`cancel`, and false: the stream
    /// ends); otherwise a `put /` replaces what the client holds when writes it was not sent (or
    /// a query's changed result) are in it. Writes up to the read's revision are not sent again.
    private func resync(_ result: inout JSONValue?, into batch: inout [ByteBuffer]) async throws -> Bool {
        let fresh: TreeSnapshot
        do {
            fresh = try await read(watcher.location, watcher.query, watcher.caller)
            watcher.checksReads = try await standing(watcher.location, watcher.caller) != .allowed
        } catch let error as DatabaseError where error == .permissionDenied {
            batch.append(StreamEvent.permissionDenied.bytes)
            return false
        }
        hubs.start(watcher, at: fresh.revision)
        let written = watcher.sentThrough
        defer { watcher.sent(through: fresh.revision) }
        if watcher.query != nil {
            guard fresh.value != result else { return true }
            result = fresh.value
        } else {
            guard fresh.revision > written else { return true }
        }
        batch.append(await StreamEvent.put(fresh, work: hubs.work).bytes)
        return true
    }
}
