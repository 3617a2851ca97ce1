import Logging
import NIOConcurrencyHelpers

/// Checkpoints the embedded store's WAL on a connection and a thread of its own, so that the
/// single writer does not stop between two group commits to copy pages into the database file
/// and wait for that file's fsync.
///
/// SQLite's automatic checkpoint runs inside the commit that takes the WAL past 1,000 frames, on
/// the committing connection: every write queued behind the writer waited for it, and for its
/// fsync.
///
/// Here the commit that takes the WAL past ``threshold`` frames hands the checkpoint to this
/// thread, which copies passively: what no reader still needs, never blocking the writer. The WAL
/// starts over from its beginning only once all of its frames are copied, and the writer keeps
/// adding frames while a pass runs; so passes follow each other until few frames are left (each
/// copies what was added during the one before), and then the writer's next commit copies those
/// itself, and the write after it starts the WAL over. The WAL file stays about as large as with
/// SQLite's own checkpoints.
final class WALCheckpointer: Sendable {
    /// The WAL's size, in frames, at which a commit asks for a checkpoint (SQLite's own default).
    static let threshold = 1_000

    private let handle: SQLiteHandle
    private let thread: DedicatedThreadExecutor
    private let logger: Logger
    private let state = NIOLockedValueBox(State())

    /// The most frames the writer copies itself; more left after a pass call for another pass.
    static let writerShare = 128
    /// Passes in a row before the writer copies the rest whatever its size (when the writer adds
    /// frames as fast as passes copy them).
    static let passesBeforeWriter = 4

    private struct State {
        var passRunning = false
        /// The frames of the WAL copied when the last pass ended, while the writer has not
        /// checkpointed since.
        var copiedByLastPass: Int?
        /// Passes ended since the writer last checkpointed.
        var passesSinceWriter = 0
        var passes = 0
        var closed = false
    }

    /// What a commit past the threshold leads to.
    private enum Step {
        case none, startPass, finishOnWriter
    }

    /// Opens the checkpointing connection to the database at `path`.
    init(path: String, logger: Logger) throws {
        handle = try SQLiteHandle(path: path, busyTimeoutMilliseconds: 10_000)
        // A checkpoint fsyncs the WAL before copying and the database file after, at this level.
        try handle.execute("PRAGMA synchronous=FULL", binds: []) { _ in }
        thread = DedicatedThreadExecutor(name: "latchkey-sqlite-checkpointer")
        self.logger = logger
    }

    /// How many passes this thread has made.
    var passes: Int { state.withLockedValue(\.passes) }

    /// Called on the writer's thread after each commit with the WAL's size in frames: starts a
    /// pass when the WAL has grown past the threshold, and answers whether the writer itself
    /// should now copy the rest (a pass has ended since it last did).
    func committed(frames: Int) -> Bool {
        guard frames >= Self.threshold else { return false }
        let step = state.withLockedValue { state -> Step in
            guard !state.closed, !state.passRunning else { return .none }
            if let copied = state.copiedByLastPass,
                frames - copied <= Self.writerShare || state.passesSinceWriter >= Self.passesBeforeWriter
            {
                state.copiedByLastPass = nil
                state.passesSinceWriter = 0
                return .finishOnWriter
            }
            state.passRunning = true
            return .startPass
        }
        switch step {
        case .none: return false
        case .finishOnWriter: return true
        case .startPass:
            Task(executorPreference: thread) { self.pass() }
            return false
        }
    }

    /// Copies what it can; a failed pass counts as one that copied nothing.
    private func pass() {
        var copied = 0
        do {
            let result = try handle.checkpoint()
            copied = result.copied
            logger.trace("checkpointed the WAL", metadata: ["frames": "\(result.frames)", "copied": "\(copied)"])
        } catch {
            logger.warning("WAL checkpoint failed", metadata: ["error": "\(error)"])
        }
        state.withLockedValue { state in
            state.passRunning = false
            state.copiedByLastPass = copied
            state.passesSinceWriter += 1
            state.passes += 1
        }
    }

    /// Lets a running pass end, then closes the connection and ends the thread; later commits
    /// start no pass.
    func close() async {
        state.withLockedValue { $0.closed = true }
        await Task(executorPreference: thread) { [handle] in handle.close() }.value
        thread.stop()
    }

    /// A checkpointer dropped without ``close()`` still ends its thread.
    deinit {
        thread.stop()
    }
}
