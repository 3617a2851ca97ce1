import NIOCore

/// A task executor that runs a task's jobs on one NIO event loop.
///
/// A long-lived response that writes small pieces now and then (an event stream) wakes for each
/// piece and hands it to its connection. Run on the global pool, every piece costs a hop to the
/// pool and another to the connection's event loop; run on the connection's event loop, the task
/// wakes where the write happens and NIO writes it in place. Only for code that does not block
/// or compute for long: it shares the loop with every other connection on it.
final class EventLoopExecutor: TaskExecutor {
    let eventLoop: any EventLoop

    init(_ eventLoop: any EventLoop) {
        self.eventLoop = eventLoop
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        eventLoop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
