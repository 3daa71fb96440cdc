import Dispatch
import Foundation
import MarqueeStore
import NIOCore
import Synchronization

/// A thread of its own, used as a task executor preference: the SQLite writer's transactions run on one, the log
/// flushes on another. SQLite's writes wait for the kernel (log pages, checkpoints, flushes); on the cooperative pool,
/// which has one thread per core, every such wait stalled HTTP work as well.
///
/// Jobs run one at a time in the order they came. Once `stop()` has been called, jobs go to the global executor
/// instead, so work arriving during shutdown fails (its connection is closed) rather than waits forever.
final class DedicatedThread: TaskExecutor, Sendable {
    private struct State {
        var jobs = CircularBuffer<UnownedJob>()
        var stopped = false
    }

    private let state = Mutex(State())
    private let wake = DispatchSemaphore(value: 0)

    /// Starts the thread; `name` (at most 15 bytes on Linux) shows in `top -H` and profiles.
    init(name: String) {
        Thread { [self] in
            Thread.current.name = name  // set from the thread itself, or Linux never sees it
            run()
        }.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let queued = state.withLock { state in
            if !state.stopped { state.jobs.append(job) }
            return !state.stopped
        }
        if queued { wake.signal() } else { globalConcurrentExecutor.enqueue(ExecutorJob(job)) }
    }

    /// Lets the thread finish the jobs it has and end.
    func stop() {
        state.withLock { $0.stopped = true }
        wake.signal()
    }

    private func run() {
        while true {
            wake.wait()
            let (job, done) = state.withLock { state in (state.jobs.popFirst(), state.stopped) }
            if let job { job.runSynchronously(on: asUnownedTaskExecutor()) } else if done { return }
        }
    }
}
