import DequeModule
import Foundation

/// A task executor that runs every job on one thread of its own.
///
/// Work that must stay on one thread and may block it — the SQLite writer's synchronous C calls,
/// including the `fsync` of a commit — runs here instead of on Swift's cooperative pool, so a
/// blocked writer never takes a thread away from request handling, and consecutive statements of
/// one transaction run back to back without a thread hop between them.
final class DedicatedThreadExecutor: TaskExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: Deque<UnownedJob> = []
    private var stopping = false

    /// Starts the thread, named `name` for debuggers and `perf`.
    init(name: String) {
        let thread = Thread { [self] in runLoop() }
        thread.name = name
        thread.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Lets the thread finish the jobs already queued, then exit.
    func stop() {
        condition.lock()
        stopping = true
        condition.signal()
        condition.unlock()
    }

    private func runLoop() {
        while true {
            condition.lock()
            while jobs.isEmpty && !stopping { condition.wait() }
            guard let job = jobs.popFirst() else {
                condition.unlock()
                return
            }
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
