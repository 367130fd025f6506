import HangmanCore
import Testing

@testable import HangmanServer

/// Issue 15 item 4 as values: per (account, address group) back-off, and a per-account flood that
/// slows but never refuses a group that has not failed.
@Suite(.ownThread) struct AccountThrottleTests {
    static let second: UInt64 = 1_000_000_000
    let ann = PlayerID("Ann")

    func throttle(free: Int = 3, max: Int = 300, slowAfter: Int = 20, slowMs: Int = 1000) -> AccountThrottle {
        AccountThrottle(freeFailures: free, maxBackoffSeconds: max, slowAfter: slowAfter, slowMilliseconds: slowMs)
    }

    @Test func aPairBacksOffAfterItsFreeFailuresDoublingUpToTheMaximum() {
        let t = throttle(free: 3, max: 8)
        var now = 1000 * Self.second
        for _ in 0..<2 { t.recordFailure(account: ann, group: "10.0.0.1", now: now) }
        #expect(t.answer(account: ann, group: "10.0.0.1", now: now) == .free)
        t.recordFailure(account: ann, group: "10.0.0.1", now: now)  // the third: the edge
        #expect(t.answer(account: ann, group: "10.0.0.1", now: now) == .blocked(seconds: 1))
        #expect(t.answer(account: ann, group: "10.0.0.1", now: now + Self.second) == .free)
        var expected: [Int] = []
        for _ in 0..<5 {
            now += 100 * Self.second / 10  // 10 s: past every back-off so far
            t.recordFailure(account: ann, group: "10.0.0.1", now: now)
            guard case .blocked(let seconds) = t.answer(account: ann, group: "10.0.0.1", now: now) else {
                Issue.record("not blocked")
                return
            }
            expected.append(seconds)
        }
        #expect(expected == [2, 4, 8, 8, 8])
    }

    @Test func anotherGroupIsNeverBlockedByThisOnesFailures() {
        let t = throttle(free: 3, max: 300, slowAfter: 1000)
        let now = 5 * Self.second
        for _ in 0..<50 { t.recordFailure(account: ann, group: "10.0.0.1", now: now) }
        #expect(t.answer(account: ann, group: "10.0.0.1", now: now) == .blocked(seconds: 300))
        #expect(t.answer(account: ann, group: "10.0.0.2", now: now) == .free)
        #expect(t.answer(account: PlayerID("bob"), group: "10.0.0.1", now: now) == .free)
    }

    @Test func aFloodOverTheAccountSlowsEveryoneAndBlocksNoOne() {
        let t = throttle(free: 3, slowAfter: 20, slowMs: 1500)
        let now = 5 * Self.second
        for index in 0..<19 { t.recordFailure(account: ann, group: "10.0.1.\(index)", now: now) }
        #expect(t.answer(account: ann, group: "192.0.2.1", now: now) == .free)
        t.recordFailure(account: ann, group: "10.0.1.19", now: now)  // the 20th in a minute: the edge
        #expect(t.answer(account: ann, group: "192.0.2.1", now: now) == .slowed(seconds: 1.5))
        #expect(t.answer(account: ann, group: "192.0.2.1", now: now + 60 * Self.second) == .free)
    }

    @Test func theRightPasswordClearsItsPairAndOldFailuresAreForgotten() {
        let t = throttle(free: 1, max: 10)
        t.recordFailure(account: ann, group: "g", now: 0)
        #expect(t.answer(account: ann, group: "g", now: 0) == .blocked(seconds: 1))
        t.recordSuccess(account: ann, group: "g")
        #expect(t.answer(account: ann, group: "g", now: 0) == .free)
        for _ in 0..<5 { t.recordFailure(account: ann, group: "h", now: 0) }
        // 20 s (2 × the maximum) after the last failure the pair starts from one again.
        t.recordFailure(account: ann, group: "h", now: 20 * Self.second)
        #expect(t.answer(account: ann, group: "h", now: 20 * Self.second) == .blocked(seconds: 1))
    }

    /// Past `sweepFrom` (50,000) pairs the tables are swept of forgotten ones; with all of them recent nothing
    /// went, and every further failure swept them again. Sweeps now wait for the pairs to double.
    @Test func recentPairsAreNotSweptAtEveryFailure() {
        let t = AccountThrottle(freeFailures: 3, maxBackoffSeconds: 300, slowAfter: 20, slowMilliseconds: 1000, sweepFrom: 100)
        let now = 1000 * Self.second
        for group in 0..<1000 { t.recordFailure(account: ann, group: "2001:db8:\(group)::/64", now: now) }
        #expect(t.sweeps <= 4)  // at 101, 203, 407, 815
    }
}
