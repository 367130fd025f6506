import HangmanStore
import Testing

@testable import HangmanServer

@Suite(.ownThread) struct CommandParserTests {
    @Test(arguments: [
        ("e", Command.guessLetter("e")),
        ("E", Command.guessLetter("e")),
        ("guess x", Command.guessLetter("x")),
        ("GUESS Hello", Command.guessWord("hello")),
        ("solve word", Command.guessWord("word")),
        ("/play", Command.play),
        ("  rooms  ", Command.rooms),
        ("create friday", Command.create(room: "friday", password: nil)),
        ("create friday pw", Command.create(room: "friday", password: "pw")),
        ("join friday pw", Command.join(room: "friday", password: "pw")),
        ("watch friday", Command.watch(room: "friday", password: nil)),
        ("watch den pw", Command.watch(room: "den", password: "pw")),
        ("leave", Command.leave),
        ("new", Command.start),
        ("start", Command.start),
        ("say hello there", Command.say("hello there")),
        ("'hi all", Command.say("hi all")),
        ("set Mode EVIL", Command.set(key: "mode", value: "evil")),
        ("top", Command.top(nil)),
        ("top 25", Command.top(25)),
        ("top 99", Command.top(99)),
        ("top month", Command.topMonth(nil, count: nil)),
        ("TOP Month 5", Command.topMonth(nil, count: 5)),
        ("top 2026-05", Command.topMonth(LeaderboardMonth(containing: 1_777_593_600), count: nil)),
        ("top 2026-05 20", Command.topMonth(LeaderboardMonth(containing: 1_777_593_600), count: 20)),
        ("top rating", Command.topRating(nil)), ("Top RATING 3", Command.topRating(3)),
        ("history", Command.history(player: nil)),
        ("history bob", Command.history(player: "bob")),
        ("history delete 7", Command.historyDelete(gameID: 7)),
        ("history reset", Command.historyReset),
        ("help set", Command.help(topic: "set")),
        ("color on", Command.color(true)),
        ("colour off", Command.color(false)),
        ("bell on", Command.bell(true)),
        ("BELL Off", Command.bell(false)),
        ("lobby", Command.leave),
        ("exit", Command.quit),
        ("? join", Command.help(topic: "join")),
        ("name Alice", Command.name("Alice")),
        ("alice", Command.bare("alice")),
        ("", Command.empty),
        ("   ", Command.empty),
        ("quit", Command.quit),
    ])
    func parses(line: String, expected: Command) {
        #expect(CommandParser.parse(line) == .success(expected))
    }

    @Test(arguments: [
        ("/frobnicate", "unknown_command"),
        ("guess", "invalid_input"),
        ("guess 1", "invalid_input"),
        ("guess a b", "invalid_input"),
        ("set mode", "invalid_input"),
        ("top zero", "invalid_input"),
        ("top 0", "invalid_input"),
        ("top 2026-13", "invalid_input"),
        ("top 2026-5", "invalid_input"),
        ("top month 0", "invalid_input"),
        ("top rating 0", "invalid_input"), ("top rating x", "invalid_input"), ("top rating 1 2", "invalid_input"),
        ("top month 5 6", "invalid_input"),
        ("color maybe", "invalid_input"),
        ("create", "invalid_input"),
        ("history delete x", "invalid_input"),
        ("rooms please", "invalid_input"),
        ("bell", "invalid_input"),
        ("bell loud", "invalid_input"),
        ("//play", "unknown_command"),
    ])
    func rejects(line: String, code: String) {
        guard case .failure(let error) = CommandParser.parse(line) else {
            Issue.record("\(line) parsed")
            return
        }
        #expect(error.code.rawValue == code)
    }

    /// The one-letter fast path answers as the general path does (which a padded line takes):
    /// letters of every list's alphabet, capitals, letters whose lower case differs in length,
    /// and what is not a letter.
    @Test func aLoneLetterParsesAsThePaddedLineDoes() {
        let characters: [Character] = Array("aezAEZäÄéÉßñÑøİıΣσжЖ") + Array("0'?/!-_ ") + ["e\u{301}"]
        for character in characters {
            #expect(CommandParser.parse(String(character)) == CommandParser.parse(" \(character) "), "\(character)")
        }
        #expect(CommandParser.parse("Ä") == .success(.guessLetter("ä")))
    }

    /// The fast path assumes it: a one-letter command word would be taken for a guess.
    @Test func noCommandWordIsOneLetter() {
        for word in CommandParser.commandWords { #expect(word.count > 1 || !(word.first?.isLetter ?? false), "\(word)") }
    }

    @Test func namesAtTheEdges() {
        #expect(CommandParser.validateName("a") == nil)
        #expect(CommandParser.validateName(String(repeating: "x", count: 16)) == nil)
        #expect(CommandParser.validateName(String(repeating: "x", count: 17)) != nil)
        #expect(CommandParser.validateName("") != nil)
        #expect(CommandParser.validateName("a b") != nil)
        #expect(CommandParser.validateName("Zoë") != nil)
        #expect(CommandParser.validateName("help") != nil)
        #expect(CommandParser.validateName("QUIT") != nil)
        #expect(CommandParser.validateName("a_b-C9") == nil)
        // The house bots' prefix is theirs alone, in any case; names merely starting with "bot" are fine.
        #expect(CommandParser.validateName("bot-strong-1") != nil)
        #expect(CommandParser.validateName("BOT-x") != nil)
        #expect(CommandParser.validateName("botany") == nil)
        #expect(CommandParser.validateName("bot_1") == nil)
    }

    @Test func roomNamesAtTheEdges() {
        #expect(CommandParser.validateRoomName(String(repeating: "r", count: 24)) == nil)
        #expect(CommandParser.validateRoomName(String(repeating: "r", count: 25)) != nil)
        #expect(CommandParser.validateRoomName("") != nil)
        #expect(CommandParser.validateRoomName("a/b") != nil)
    }
}

@Suite(.ownThread) struct TokenBucketTests {
    @Test func burstThenRefill() {
        var bucket = TokenBucket(rate: 2, burst: 4)
        var results: [Bool] = []
        for _ in 0..<5 { results.append(bucket.take(now: 0)) }
        #expect(results == [true, true, true, true, false])
        let early = bucket.take(now: 400_000_000)  // 0.8 token after 0.4 s at 2/s
        let onTime = bucket.take(now: 500_000_000)  // 1 token after 0.5 s
        let again = bucket.take(now: 500_000_000)
        #expect([early, onTime, again] == [false, true, false])
        // Refill never exceeds the burst.
        results = []
        for _ in 0..<5 { results.append(bucket.take(now: 100_000_000_000)) }
        #expect(results == [true, true, true, true, false])
    }
}

@Suite(.ownThread) struct LoginThrottleTests {
    final class Clock: @unchecked Sendable {  // only touched from the test's thread
        var now: UInt64 = 1_000_000_000
    }

    @Test func throttlesAtTheLimitAndForgets() {
        let clock = Clock()
        let throttle = LoginThrottle(limit: 3, windowSeconds: 60, now: { clock.now })
        throttle.recordFailure(address: "10.0.0.1")
        throttle.recordFailure(address: "10.0.0.1")
        #expect(throttle.blockedSeconds(address: "10.0.0.1") == nil)
        throttle.recordFailure(address: "10.0.0.1")
        #expect(throttle.blockedSeconds(address: "10.0.0.1") == 60)
        #expect(throttle.blockedSeconds(address: "10.0.0.2") == nil)
        clock.now += 30_000_000_000
        #expect(throttle.blockedSeconds(address: "10.0.0.1") == 30)
        clock.now += 30_000_000_001
        #expect(throttle.blockedSeconds(address: "10.0.0.1") == nil)
    }

    /// Past `sweepFrom` (10,000) addresses the table is swept of aged-out ones; when they had all failed within
    /// the minute nothing went and every further failure swept the whole table again (a flood from
    /// many IPv6 /64s: wrong resume codes cost no hashing). Sweeps now wait for the table to double.
    @Test func aTableOfRecentFailuresIsNotSweptAtEveryFailure() {
        let clock = Clock()
        let throttle = LoginThrottle(limit: 3, windowSeconds: 60, now: { clock.now }, sweepFrom: 100)
        for address in 0..<1000 { throttle.recordFailure(address: "2001:db8:\(address)::/64") }
        #expect(throttle.sweeps <= 4)  // at 101, 203, 407, 815
        #expect(throttle.blockedSeconds(address: "2001:db8:0::/64") == nil)
    }
}
