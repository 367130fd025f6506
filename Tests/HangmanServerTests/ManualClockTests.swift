import Dispatch
import HangmanSync
import HangmanTesting
import Testing

/// The test double itself: every table test trusts it to move time as a real clock would.
@Suite(.ownThread) struct ManualClockTests {
    @Test func halfSecondStepsMoveWallTime() {
        let clock = ManualClock()
        let start = clock.wallSeconds
        clock.advance(by: 0.5)
        #expect(clock.wallSeconds == start, "half a second is not a whole one yet")
        clock.advance(by: 0.5)
        #expect(clock.wallSeconds == start + 1)
        for _ in 0..<8 { clock.advance(by: 0.25) }
        #expect(clock.wallSeconds == start + 3)
    }

    @Test func aTimerThatFiresMidStepKeepsTheFractionsOfWallTime() {
        let clock = ManualClock()
        let queue = DispatchQueue(label: "manual-clock-test")
        let start = clock.wallSeconds
        let seen = Locked<[Int64]>([])
        let origin = clock.nanoseconds
        clock.schedule(after: 0.75, on: queue) { seen.withLock { $0.append(clock.wallSeconds - start) } }
        clock.schedule(after: 1.5, on: queue) { seen.withLock { $0.append(clock.wallSeconds - start) } }
        clock.advance(by: 0.5)
        clock.advance(by: 0.5)  // 1 s: the first timer ran at 0.75 s
        clock.advance(by: 0.75)  // 1.75 s: the second at 1.5 s
        #expect(seen.withLock { $0 } == [0, 1])
        #expect(clock.wallSeconds == start + 1)
        #expect(clock.nanoseconds - origin == 1_750_000_000)
    }

    @Test func timersRunInDeadlineOrderAtTheirDeadline() {
        let clock = ManualClock()
        let queue = DispatchQueue(label: "manual-clock-order")
        let origin = clock.nanoseconds
        let seen = Locked<[String]>([])
        clock.schedule(after: 2, on: queue) { seen.withLock { $0.append("b@\(clock.nanoseconds - origin)") } }
        clock.schedule(after: 1, on: queue) { seen.withLock { $0.append("a@\(clock.nanoseconds - origin)") } }
        clock.schedule(after: 2, on: queue) { seen.withLock { $0.append("c@\(clock.nanoseconds - origin)") } }
        let cancelled = clock.schedule(after: 1.5, on: queue) { seen.withLock { $0.append("cancelled") } }
        cancelled.cancel()
        clock.advance(by: 1.75)
        #expect(seen.withLock { $0 } == ["a@1000000000"])
        clock.advance(by: 0.25)
        #expect(seen.withLock { $0 } == ["a@1000000000", "b@2000000000", "c@2000000000"])
        #expect(clock.pendingTimers == 0)
    }
}
