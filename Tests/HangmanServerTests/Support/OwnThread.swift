import Foundation
import Testing

/// Runs each test case on a thread of its own instead of on Swift concurrency's pool, when Swift
/// Testing bounds how many test cases run at once (`scripts/sanitize` does).
///
/// Every test here is synchronous, and many block: a `TestClient` read waits in poll(2), a
/// `ServerProcess` waits for the real server to start (tens of seconds under TSan), a probe sleeps.
/// Swift Testing runs a synchronous test on the global executor, which on Linux is Dispatch's
/// default-QoS root queue: one thread per core (2 here), more only when Dispatch finds none of them
/// runnable. A test body there holds one of those threads for as long as it runs, and everything
/// queued behind it waits: other admitted tests (their time limits running), Swift Testing's own
/// jobs (time-limit handlers, test ends) and the in-process servers' rooms, whose queues target
/// that root queue too. docs/RELIABILITY.md ("Sanitizers") has the TSan runs that showed it.
///
/// Without a bound (Swift 6.3's default) every test starts at once, so moving the bodies off the
/// pool would run hundreds together: then the trait does nothing.
///
/// `.ownThreadAlways` moves the bodies off the pool with or without a bound: for the serialized
/// suites whose one running test blocks for tens of seconds (a frozen disk, real server processes,
/// floods). On the pool such a body held one of the two threads for minutes; with the machine busy,
/// Dispatch added no thread (its threads looked busy), and every other test's in-process server
/// waited behind it: three plain runs under load stalled the whole suite for ~2 minutes while the
/// frozen-disk test ran, and two or three socket tests ran out of their minute.
struct OwnThreadTrait: SuiteTrait, TestTrait, TestScoping {
    /// Even when Swift Testing runs every test case at once (no bound).
    var always = false

    /// Whether the calling thread is one `ThreadPerJobExecutor` made (checked by `OwnThreadTests`).
    static var onOwnThread: Bool { Thread.current.threadDictionary[ThreadPerJobExecutor.mark] != nil }

    /// Whether Swift Testing runs a bounded number of test cases at once (the variable it reads).
    static let widthIsBounded =
        ProcessInfo.processInfo.environment["SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH"] != nil

    var isRecursive: Bool { true }

    /// Each test case gets the scope (inside its time limit); a suite itself runs no code here.
    func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        testCase != nil && (always || Self.widthIsBounded) ? self : nil
    }

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await ThreadPerJobExecutor.run(function)
    }
}

extension Trait where Self == OwnThreadTrait {
    /// Run each test case on a thread of its own (see `OwnThreadTrait`).
    static var ownThread: Self { Self() }
    /// Run each test case on a thread of its own even without a bound (a body that blocks for long).
    static var ownThreadAlways: Self { Self(always: true) }
}

/// A task executor that runs every job it is given on a new thread. A synchronous test case is one
/// job, so it gets one thread, which ends with it.
final class ThreadPerJobExecutor: TaskExecutor {
    static let shared = ThreadPerJobExecutor()
    /// The key that marks this executor's threads.
    static let mark = "hangman.test-case-thread"

    /// Runs `work` in a child task that starts here (`withTaskExecutorPreference` alone would let a
    /// body that never suspends run on, inline, on the pool thread that called it). The child keeps
    /// the task's locals (the current test, for `#expect`) and its cancellation.
    static func run(_ work: @Sendable () async throws -> Void) async throws {
        try await withoutActuallyEscaping(work) { work in
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask(executorPreference: shared) { try await work() }
                try await group.waitForAll()
            }
        }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        Thread {
            // A mark, not a name: under TSan, Foundation on Linux reports the creator's name.
            Thread.current.threadDictionary[Self.mark] = true
            job.runSynchronously(on: executor)
        }.start()
    }
}
