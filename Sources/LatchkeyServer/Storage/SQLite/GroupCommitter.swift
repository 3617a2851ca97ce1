import DequeModule
import Logging
import NIOConcurrencyHelpers
import SQLKit

/// Group commit for the single SQLite writer: write transactions that queue up while one batch
/// commits run together in the next batch under one `COMMIT` — so one fsync covers many
/// acknowledged writes. Each transaction's body runs exactly once, inside a savepoint of its own
/// when the batch holds several, so a failing one rolls back and fails alone. A failing `COMMIT`
/// fails the whole batch.
/// Nobody is answered before the commit that holds their writes is durable.
///
/// The queue is bounded: a write that finds `maximumQueued` others waiting fails at once with
/// ``StoreOverloaded`` (`503` with `Retry-After`) instead of waiting behind a queue that only grows.
/// A heavy write (``WriteWeight``) commits in a batch of its own, and light writes that queued
/// behind it go first.
final class GroupCommitter: Sendable {
    /// One queued write transaction.
    struct Job: Sendable {
        /// Runs the transaction body; returns whether it failed and what to answer once the
        /// batch's fate is known (`nil`: committed).
        let run: @Sendable (any SQLDatabase) async -> Outcome
        /// Answers with `error` without running the body (its batch could not start).
        let fail: @Sendable (any Error) -> Void
    }

    /// What running a job came to.
    struct Outcome: Sendable {
        var failed: Bool
        var finish: @Sendable ((any Error)?) -> Void
    }

    private let database: any SQLDatabase
    private let executor: any TaskExecutor
    private let logger: Logger
    private let maximumBatch: Int
    private let maximumQueued: Int
    private let state = NIOLockedValueBox(State())

    private struct State {
        /// Light jobs, in arrival order.
        var queue: Deque<Job> = []
        /// Heavy jobs (``WriteWeight/heavy``), in arrival order; each commits alone.
        var heavy: Deque<Job> = []
        var draining = false
        /// Whether the last batch was a heavy job: light jobs go next if any wait.
        var lastWasHeavy = false

        var queued: Int { queue.count + heavy.count }

        /// The next batch: one heavy job after a light batch (or when nothing light waits), else
        /// up to `maximum` light jobs. Light work that queues behind a heavy job so waits for at
        /// most the one running, and heavy jobs still get every other turn.
        mutating func nextBatch(maximum: Int) -> [Job] {
            if !heavy.isEmpty, queue.isEmpty || !lastWasHeavy {
                lastWasHeavy = true
                return [heavy.removeFirst()]
            }
            lastWasHeavy = false
            let batch = Array(queue.prefix(maximum))
            queue.removeFirst(batch.count)
            return batch
        }
    }

    /// Commits on `database`, running every batch on `executor`; at most `maximumQueued` writes wait.
    init(database: any SQLDatabase, executor: any TaskExecutor, logger: Logger, maximumQueued: Int, maximumBatch: Int = 128) {
        self.database = database
        self.executor = executor
        self.logger = logger
        self.maximumQueued = maximumQueued
        self.maximumBatch = maximumBatch
    }

    /// Runs `body` in the next batch and returns its value once the batch has committed.
    func write<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            let job = Job(
                run: { db in
                    do {
                        let value = try await body(db)
                        return Outcome(failed: false) { commitError in
                            if let commitError { continuation.resume(throwing: commitError) } else { continuation.resume(returning: value) }
                        }
                    } catch {
                        return Outcome(failed: true) { _ in continuation.resume(throwing: error) }
                    }
                },
                fail: { continuation.resume(throwing: $0) }
            )
            let heavy = WriteWeight.current == .heavy
            let admission = state.withLockedValue { state -> Admission in
                guard state.queued < maximumQueued else { return .refused }
                if heavy { state.heavy.append(job) } else { state.queue.append(job) }
                guard !state.draining else { return .queued }
                state.draining = true
                return .startDrain
            }
            switch admission {
            case .refused: continuation.resume(throwing: StoreOverloaded())
            case .queued: break
            case .startDrain: Task(executorPreference: executor) { await self.drain() }
            }
        }
    }

    private enum Admission {
        case refused, queued, startDrain
    }

    /// Commits batches until the queue is empty.
    private func drain() async {
        while true {
            let batch = state.withLockedValue { state -> [Job] in
                let batch = state.nextBatch(maximum: maximumBatch)
                if batch.isEmpty { state.draining = false }
                return batch
            }
            guard !batch.isEmpty else { return }
            await commit(batch)
        }
    }

    /// Runs every job of the batch once, each inside a savepoint when the batch holds several, so
    /// a failing job rolls back alone; then commits. Savepoints cost no fsync, so isolating every
    /// job from the start is cheaper than the alternative it replaces — running the batch
    /// optimistically and replaying every body after a failure, which ran bodies twice.
    private func commit(_ batch: [Job]) async {
        guard await begin(batch) else { return }
        let isolated = batch.count > 1
        var outcomes: [Outcome] = []
        for job in batch {
            do {
                if isolated { try await database.raw("SAVEPOINT job").run() }
                let outcome = await job.run(database)
                if isolated {
                    if outcome.failed { try await database.raw("ROLLBACK TO job").run() }
                    try await database.raw("RELEASE job").run()
                }
                outcomes.append(outcome)
            } catch {
                // The savepoint machinery itself failed: abandon the whole batch.
                logger.error("group commit savepoint failed", metadata: ["error": "\(error)"])
                try? await database.raw("ROLLBACK").run()
                for outcome in outcomes { outcome.finish(error) }
                for remaining in batch.dropFirst(outcomes.count) { remaining.fail(error) }
                return
            }
        }
        if !isolated, let only = outcomes.first, only.failed {
            // A lone failing transaction: nothing to commit.
            try? await database.raw("ROLLBACK").run()
            only.finish(nil)
            return
        }
        await finishCommit(outcomes)
    }

    /// Opens the batch's transaction; when that fails, answers everyone in it with the error.
    private func begin(_ batch: [Job]) async -> Bool {
        do {
            try await database.raw("BEGIN IMMEDIATE").run()
            return true
        } catch {
            for job in batch { job.fail(error) }
            return false
        }
    }

    /// Commits the open transaction and answers everyone in it.
    private func finishCommit(_ outcomes: [Outcome]) async {
        do {
            try await database.raw("COMMIT").run()
            for outcome in outcomes { outcome.finish(nil) }
        } catch {
            logger.error("group commit failed", metadata: ["error": "\(error)"])
            try? await database.raw("ROLLBACK").run()
            for outcome in outcomes { outcome.finish(error) }
        }
    }
}
