import Foundation
import HangmanSync
import Testing

/// `ThreadPerJobExecutor` (Support/OwnThread.swift), which `.ownThread` runs test cases on: the work
/// runs on a thread of its own, not on one of Swift concurrency's pool threads.
@Suite(.ownThread) struct OwnThreadTests {
    @Test func workOnTheExecutorRunsOnAThreadOfItsOwn() async throws {
        let seen = Locked(false)
        try await ThreadPerJobExecutor.run { seen.withLock { $0 = OwnThreadTrait.onOwnThread } }
        #expect(seen.withLock { $0 })
    }

    /// Under `scripts/sanitize` (a bounded width) the trait puts this very test on such a thread.
    @Test(.enabled(if: OwnThreadTrait.widthIsBounded)) func aTestCaseOfTheSuiteRunsThere() {
        #expect(OwnThreadTrait.onOwnThread)
    }
}
