import Dispatch
import Synchronization
import Testing

@testable import HangmanStore

/// Issue 15 item 4: password hashing cannot pile up under a guessing flood; past `maxWaiting`
/// waiting jobs a job is refused at once (the store then answers `.unavailable`).
@Suite(.ownThread) struct PasswordHashWorkersTests {
    @Test func jobsPastTheQueueBoundAreRefused() {
        let workers = PasswordHashWorkers(label: "test.hash", width: 1, maxWaiting: 2)
        let release = DispatchSemaphore(value: 0)
        let ran = Atomic<Int>(0)
        let done = DispatchGroup()
        done.enter()
        #expect(
            workers.submit {
                release.wait()  // holds the only worker
                ran.add(1, ordering: .relaxed)
                done.leave()
            })
        for _ in 0..<2 {
            done.enter()
            #expect(
                workers.submit {
                    ran.add(1, ordering: .relaxed)
                    done.leave()
                })
        }
        #expect(!workers.submit { ran.add(100, ordering: .relaxed) }, "the third waiting job is past the bound")
        release.signal()
        done.wait()
        #expect(ran.load(ordering: .relaxed) == 3)
        // Room again once the queue drained.
        let again = DispatchSemaphore(value: 0)
        #expect(workers.submit { again.signal() })
        again.wait()
    }
}
