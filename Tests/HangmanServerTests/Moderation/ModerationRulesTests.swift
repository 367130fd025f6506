import HangmanServer
import Testing

/// The pure rules of moderation (issue 33): durations, ban and mute expiry with the time passed in,
/// address bans, and the vote-kick tally. No server, no sockets, no sleeping.
@Suite struct ModerationRulesTests {
    @Test func durationsParse() {
        #expect(SanctionDuration("30s") == .seconds(30))
        #expect(SanctionDuration("10m") == .seconds(600))
        #expect(SanctionDuration("2h") == .seconds(7200))
        #expect(SanctionDuration("7d") == .seconds(604_800))
        #expect(SanctionDuration("FOREVER") == .forever)
        for bad in ["", "m", "0m", "-5m", "5", "5w", "1.5h", "5 m", "+5m", "99999999999999999d"] {
            #expect(SanctionDuration(bad) == nil, "\(bad)")
        }
        #expect(SanctionDuration.seconds(60).end(from: 1000) == 1060)
        #expect(SanctionDuration.forever.end(from: 1000) == nil)
    }

    @Test func aSanctionEndsAtItsEnd() {
        var book = SanctionBook()
        book.set(Sanction(kind: .mute, target: "Mal", by: "op", reason: "spam", since: 100, until: 160))
        #expect(book.active(.mute, on: "mal", at: 159)?.reason == "spam", "case-folded, in force just before its end")
        #expect(book.active(.mute, on: "mal", at: 160) == nil, "over at its end")
        #expect(book.active(.ban, on: "mal", at: 100) == nil, "a mute is no ban")
        #expect(book.all(at: 100).count == 1)
        book.expire(at: 160)
        #expect(book.all(at: 0).isEmpty, "expired ones are dropped")
    }

    @Test func forgetAndLift() {
        var book = SanctionBook()
        book.set(Sanction(kind: .ban, target: "mal", by: "op", reason: "", since: 0, until: nil))
        #expect(book.active(.ban, on: "MAL", at: Int64.max - 1) != nil, "forever")
        #expect(book.lift(.ban, on: "mal", at: 5)?.target == "mal")
        #expect(book.lift(.ban, on: "mal", at: 5) == nil)
        book.set(Sanction(kind: .ban, target: "x", by: "op", reason: "", since: 0, until: 10))
        #expect(book.lift(.ban, on: "x", at: 10) == nil, "lifting an ended ban lifts nothing")
    }

    @Test func addressBansMatchTheirNetwork() throws {
        let net = try #require(AddressBan("203.0.113.77/24", by: "op", since: 0, until: 100))
        #expect(net.network == "203.0.113.0/24")
        #expect(net.matches("203.0.113.5") && net.matches("::ffff:203.0.113.9"))
        #expect(!net.matches("203.0.114.5") && !net.matches("2001:db8::1"))
        #expect(net.isActive(at: 99) && !net.isActive(at: 100))
        let one = try #require(AddressBan("2001:db8::1", by: "op", since: 0, until: nil))
        #expect(one.matches("2001:db8::1") && !one.matches("2001:db8::2"))
        let six = try #require(AddressBan("2001:db8::/32", by: "op", since: 0, until: nil))
        #expect(six.matches("2001:db8:ffff::1") && !six.matches("2001:db9::1") && !six.matches("10.0.0.1"))
        for bad in ["", "mallory", "1.2.3.4/33", "1.2.3.4/", "2001:db8::/129", "1.2.3.4/8/8"] {
            #expect(AddressBan(bad, by: "op", since: 0, until: nil) == nil, "\(bad)")
        }
    }

    @Test func wallTimeReadsInUTC() {
        #expect(WallTime.text(0) == "1970-01-01 00:00 UTC")
        #expect(WallTime.text(1_795_869_600) == "2026-11-28 12:40 UTC")
        #expect(WallTime.until(nil) == "for good")
    }

    static let second: UInt64 = 1_000_000_000
    static let limits = VoteKick.Limits(windowSeconds: 60, barMinutes: 10, startGapSeconds: 60)

    @Test func aVoteNeedsAMajorityOfTheOthers() {
        #expect(VoteKick.needed(seatedHumans: 2) == 1)
        #expect(VoteKick.needed(seatedHumans: 3) == 2)
        #expect(VoteKick.needed(seatedHumans: 4) == 2)
        #expect(VoteKick.needed(seatedHumans: 5) == 3)
        var votes = VoteKick(limits: Self.limits)
        let seated: Set = ["ann", "bob", "cy", "mal"]
        #expect(votes.vote(by: "ann", against: "mal", seatedHumans: seated, now: 0) == .started(yes: 1, needed: 2))
        #expect(votes.vote(by: "ann", against: "mal", seatedHumans: seated, now: 1) == .alreadyVoted)
        #expect(votes.vote(by: "bob", against: "mal", seatedHumans: seated, now: 2) == .passed(until: 2 + 600 * Self.second))
        #expect(votes.barredUntil("mal", now: 3) == 2 + 600 * Self.second)
        #expect(votes.barredUntil("mal", now: 2 + 600 * Self.second) == nil, "the bar ends")
    }

    @Test func aVoteLapsesAfterItsWindow() {
        var votes = VoteKick(limits: Self.limits)
        let seated: Set = ["ann", "bob", "cy", "mal"]
        _ = votes.vote(by: "ann", against: "mal", seatedHumans: seated, now: 0)
        // bob's yes comes after the window: a new vote, not the majority.
        #expect(votes.vote(by: "bob", against: "mal", seatedHumans: seated, now: 60 * Self.second) == .started(yes: 1, needed: 2))
        #expect(votes.barredUntil("mal", now: 60 * Self.second) == nil)
    }

    @Test func spectatorsAndBotsHaveNoVoteAndOneStartAMinute() {
        var votes = VoteKick(limits: Self.limits)
        let seated: Set = ["ann", "bob", "cy"]
        #expect(votes.vote(by: "watcher", against: "bob", seatedHumans: seated, now: 0) == .notEligible)
        #expect(votes.vote(by: "ann", against: "bot-fair-1", seatedHumans: seated, now: 0) == .notEligible)
        #expect(votes.vote(by: "ann", against: "ann", seatedHumans: seated, now: 0) == .notEligible)
        #expect(votes.vote(by: "ann", against: "bob", seatedHumans: seated, now: 0) == .started(yes: 1, needed: 2))
        #expect(
            votes.vote(by: "ann", against: "cy", seatedHumans: seated, now: 59 * Self.second)
                == .tooSoon(retryAt: 60 * Self.second))
        #expect(votes.vote(by: "ann", against: "cy", seatedHumans: seated, now: 60 * Self.second) == .started(yes: 1, needed: 2))
    }
}
