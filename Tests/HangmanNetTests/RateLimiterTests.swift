import Testing

@testable import HangmanNet

private let second: UInt64 = 1_000_000_000

@Suite(.ownThread) struct RateLimiterTests {
    @Test func exactlyBurstLinesPassThenTheNextIsLimited() {
        var limiter = RateLimiter(perSecond: 10, burst: 20, abuseLimit: 100, now: 0)
        for i in 0..<20 { #expect(limiter.admit(now: 0) == .accept, "line \(i)") }
        #expect(limiter.admit(now: 0) == .drop(notify: true))
        #expect(limiter.admit(now: 0) == .drop(notify: false))
    }

    @Test func refillsAtTheRate() {
        var limiter = RateLimiter(perSecond: 10, burst: 20, abuseLimit: 100, now: 5 * second)
        for _ in 0..<20 { _ = limiter.admit(now: 5 * second) }
        // Just under 100 ms: not yet a token (the attempt costs nothing); at 100 ms: exactly one.
        #expect(limiter.admit(now: 5 * second + 99_999_999) == .drop(notify: true))
        #expect(limiter.admit(now: 5 * second + 100_000_000) == .accept)
        #expect(limiter.admit(now: 5 * second + 100_000_000) == .drop(notify: false))
    }

    @Test func oneTokenPerTenthOfASecond() {
        var limiter = RateLimiter(perSecond: 10, burst: 20, abuseLimit: 100, now: 0)
        for _ in 0..<20 { _ = limiter.admit(now: 0) }
        #expect(limiter.tokens(now: 99_999_999) == 0)
        #expect(limiter.tokens(now: 100_000_000) == 1)
        #expect(limiter.admit(now: 100_000_000) == .accept)
        #expect(limiter.admit(now: 100_000_000) == .drop(notify: true))
        #expect(limiter.tokens(now: 1_100_000_000) == 10)
        #expect(limiter.tokens(now: 100 * second) == 20)  // never more than the burst
    }

    /// Found by InputPipelineTests: asked at a time before its last look, the wait was counted from
    /// that earlier time and came out as 1 ns, so a caller stepping by the answer needed 10⁸ steps.
    @Test func theWaitForATokenCountsFromTheLastLookWhenAskedWithAnEarlierTime() {
        var limiter = RateLimiter(perSecond: 10, burst: 20, abuseLimit: 100, now: 0)
        for _ in 0..<20 { _ = limiter.admit(now: 0) }
        let early = limiter.take(now: 99_999_999)
        let wait = limiter.nanosUntilToken(now: 0)
        let due = limiter.take(now: 100_000_000)
        #expect(!early)
        #expect(wait == 100_000_000)
        #expect(due)
    }

    @Test func notifiesAtMostOnceASecond() {
        var limiter = RateLimiter(perSecond: 1, burst: 2, abuseLimit: 0, now: 0)
        _ = limiter.admit(now: 0)
        _ = limiter.admit(now: 0)
        #expect(limiter.admit(now: 0) == .drop(notify: true))
        #expect(limiter.admit(now: 500_000_000) == .drop(notify: false))
        // At 1.0 s a token is back: the line passes.
        #expect(limiter.admit(now: second) == .accept)
        #expect(limiter.admit(now: second) == .drop(notify: true))
        #expect(limiter.admit(now: second + 1) == .drop(notify: false))
    }

    @Test func abuseDisconnectsAtTheThreshold() {
        var limiter = RateLimiter(perSecond: 10, burst: 20, abuseLimit: 5, now: 0)
        for _ in 0..<20 { _ = limiter.admit(now: 0) }
        for i in 1...4 { #expect(limiter.admit(now: 0) != .disconnect, "drop \(i)") }
        #expect(limiter.admit(now: 0) == .disconnect)
    }

    @Test func anAcceptedLineResetsTheAbuseCount() {
        var limiter = RateLimiter(perSecond: 10, burst: 20, abuseLimit: 5, now: 0)
        for _ in 0..<20 { _ = limiter.admit(now: 0) }
        for _ in 1...4 { _ = limiter.admit(now: 0) }
        #expect(limiter.admit(now: 100_000_000) == .accept)
        for i in 1...4 { #expect(limiter.admit(now: 100_000_000) != .disconnect, "drop \(i)") }
        #expect(limiter.admit(now: 100_000_000) == .disconnect)
    }

    @Test func zeroRateIsUnlimited() {
        var limiter = RateLimiter(perSecond: 0, burst: 1, abuseLimit: 1, now: 0)
        for _ in 0..<1000 { #expect(limiter.admit(now: 0) == .accept) }
    }

    @Test func aLineWaitsExactlyUntilTheNextToken() {
        var limiter = RateLimiter(perSecond: 10, burst: 20, abuseLimit: 100, now: 0)
        let atOnce = limiter.nanosUntilToken(now: 0)
        #expect(atOnce == 0, "a quiet client's line runs at once")
        var taken = 0
        while limiter.take(now: 0) { taken += 1 }
        #expect(taken == 20)
        let wait = limiter.nanosUntilToken(now: 0)
        #expect(wait == second / 10)
        let early = limiter.take(now: second / 10 - 1)
        let onTime = limiter.take(now: second / 10)
        #expect(!early && onTime)
    }

    @Test func dropsPastTheBacklogCountTowardAbuseUntilALineIsAccepted() {
        var limiter = RateLimiter(perSecond: 10, burst: 20, abuseLimit: 3, now: 0)
        var verdicts = [limiter.drop(now: 0), limiter.drop(now: 1)]
        limiter.accepted()  // a line found room in the backlog
        verdicts += [limiter.drop(now: 2), limiter.drop(now: 3), limiter.drop(now: 4)]
        #expect(verdicts == [.drop(notify: true), .drop(notify: false), .drop(notify: false), .drop(notify: false), .disconnect])
    }
}
