import Foundation
import HangmanCore
import HangmanStore
import HangmanTesting
import Testing

@testable import HangmanServer

/// House bots (issue 12 item 5), in memory: a bot is a seated player whose session is driven by a
/// `BotTransport`, on the table's manual clock, so whole games with bots run without sleeping.
@Suite(.ownThread) struct HouseBotTests {
    static let words = [
        "cat", "dog", "cow", "pig", "ant", "bee", "lion", "bear", "wolf", "deer", "frog", "duck", "tiger", "zebra",
        "horse", "mouse", "sheep", "goose",
    ]
    static let frequency = Array("etaoinshrdlucmfwypvbgkjqxz")

    /// Ann hosts `home`; `think` is `bot-think-ms`.
    func hosted(think: Int = 500, words: [String] = HouseBotTests.words) -> (TestTable, MemoryConnection) {
        let table = TestTable(words: words) { $0.botThinkMilliseconds = think }
        let ann = table.player("Ann")
        table.type("create home", on: ann)
        _ = ann.events()
        return (table, ann)
    }

    /// Plays Ann's turns (the most frequent letter still open) and lets the clock run for the bots'
    /// until `game_over`; returns every event Ann saw.
    func playToGameOver(_ table: TestTable, _ ann: MemoryConnection) -> [[String: Any]] {
        var seen: [[String: Any]] = []
        for _ in 0..<5000 {
            let batch = ann.events()
            seen += batch
            if seen.contains(where: { $0.type == "game_over" }) { break }
            if let state = batch.last(where: { $0.type == "state" }), state["status"] as? String == "playing",
                state["turn"] as? String == "Ann",
                let letter = Self.frequency.first(where: { (state["available"] as? [String] ?? []).contains(String($0)) })
            {
                table.type("guess \(letter)", on: ann)
            } else {
                table.advance(by: 0.5)
            }
        }
        return seen
    }

    @Test func aPersonAndTwoBotsPlayAWholeThreeRoundGame() {
        let (table, ann) = hosted()
        table.type("set rounds 3", on: ann)
        table.type("bot add strong", on: ann)
        table.type("bot add easy", on: ann)
        let joined = ann.events().filter { $0.type == "joined" }.compactMap { $0["player"] as? String }
        #expect(joined == ["bot-strong", "bot-easy"])
        table.type("who", on: ann)
        let who = ann.events().last { $0.type == "who" }
        #expect(who?.player("bot-strong")?["bot"] as? Bool == true)
        #expect(who?.player("bot-easy")?["bot"] as? Bool == true)
        #expect(who?.player("Ann")?["bot"] == nil, "a person's seat carries no bot field")
        #expect(who?["host"] as? String == "Ann")
        table.type("start", on: ann)
        let seen = playToGameOver(table, ann)
        let guessers = Set(seen.filter { $0.type == "guess" }.compactMap { $0["player"] as? String })
        #expect(guessers.isSuperset(of: ["bot-strong", "bot-easy"]), "both bots took turns: \(guessers)")
        #expect(!seen.contains { $0.type == "turn_timeout" }, "a bot never lets its turn run out")
        #expect(seen.filter { $0.type == "round_over" }.count == 3)
        let over = seen.first { $0.type == "game_over" }
        let names = Set((over?["scores"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String })
        #expect(names == ["Ann", "bot-strong", "bot-easy"])
    }

    @Test func theHostsErrors() {
        let (table, ann) = hosted()
        let bob = table.player("bob")
        table.type("join home", on: bob)
        _ = bob.events()
        table.type("bot add", on: bob)
        #expect(bob.events().last { $0.type == "error" }?["code"] as? String == "not_host")
        table.type("bot add genius", on: ann)
        let unknown = ann.events().last { $0.type == "error" }
        #expect(unknown?["code"] as? String == "invalid_input")
        #expect((unknown?["message"] as? String)?.contains("easy, fair or strong") == true)
        table.type("bot remove", on: ann)
        #expect(ann.events().last { $0.type == "error" }?["code"] as? String == "no_such_player")
        table.type("set seats 3", on: ann)
        table.type("bot add", on: ann)
        table.type("bot add", on: ann)
        let full = ann.events()
        #expect(full.filter { $0.type == "joined" }.compactMap { $0["player"] as? String } == ["bot-fair"])
        #expect(full.last { $0.type == "error" }?["code"] as? String == "room_full")
        table.type("bot remove bob", on: ann)
        #expect(ann.events().last { $0.type == "error" }?["code"] as? String == "no_such_player", "bob is no bot")
        // The refused bot's name was given back: the next one takes it.
        table.type("set seats 4", on: ann)
        table.type("bot add", on: ann)
        #expect(ann.events().contains { $0.type == "joined" && $0["player"] as? String == "bot-fair-2" })
        table.type("bot remove bot-fair", on: ann)
        let removed = ann.events()
        #expect(removed.contains { $0.type == "left" && $0["player"] as? String == "bot-fair" })
        table.type("bot remove", on: ann)
        #expect(ann.events().contains { $0.type == "left" && $0["player"] as? String == "bot-fair-2" })
        table.type("leave", on: ann)
        table.type("bot add", on: ann)
        #expect(ann.events().last { $0.type == "error" }?["code"] as? String == "not_host", "in the lobby")
    }

    @Test func botsLeaveWithTheLastPersonAndTheirNamesAreFreed() {
        let (table, ann) = hosted()
        table.type("bot add strong", on: ann)
        table.type("bot add strong", on: ann)
        #expect(
            ann.events().filter { $0.type == "joined" }.compactMap { $0["player"] as? String } == [
                "bot-strong", "bot-strong-2",
            ])
        table.type("start", on: ann)
        table.type("leave", on: ann)
        table.type("rooms", on: ann)
        let rooms = ann.events().last { $0.type == "rooms" }?["rooms"] as? [[String: Any]]
        #expect(rooms?.contains { $0["name"] as? String == "home" } == false, "home closed with its last person")
        // Both names are free again.
        table.type("create den", on: ann)
        table.type("bot add strong", on: ann)
        #expect(ann.events().contains { $0.type == "joined" && $0["player"] as? String == "bot-strong" })
    }

    @Test func theHostPassesToAPersonNeverToABot() {
        let (table, ann) = hosted()
        table.type("bot add easy", on: ann)
        let bob = table.player("bob")
        table.type("join home", on: bob)
        _ = bob.events()
        table.type("leave", on: ann)
        #expect(bob.events().contains { $0.type == "host" && $0["player"] as? String == "bob" })
        table.type("bot remove", on: bob)
        #expect(bob.events().contains { $0.type == "left" && $0["player"] as? String == "bot-easy" })
    }

    /// `bot-think-ms` at its edge: the bot's guess comes when the think time is up, not a moment before.
    @Test func theBotMovesAfterItsThinkTime() {
        let (table, ann) = hosted(think: 1500, words: ["ab"])
        table.type("bot add strong", on: ann)
        table.type("start", on: ann)
        table.type("guess z", on: ann)  // a miss: the bot's turn
        #expect(ann.events().last { $0.type == "state" }?["turn"] as? String == "bot-strong")
        table.advance(by: 1.499)
        #expect(!ann.events().contains { $0.type == "guess" }, "still thinking")
        table.advance(by: 0.001)
        let guess = ann.events().first { $0.type == "guess" }
        #expect(guess?["player"] as? String == "bot-strong")
    }

    /// A bot does not play on while its person is away (within the grace period), and resumes when
    /// they are back.
    @Test func aBotWaitsForItsPersonToComeBack() {
        let (table, ann) = hosted(think: 500, words: ["ab"])
        table.type("set turn off", on: ann)
        table.type("bot add strong", on: ann)
        table.type("start", on: ann)
        table.type("guess z", on: ann)  // a miss: the bot's turn
        _ = ann.events()
        ann.hangUp()
        table.advance(by: 5)
        let back = table.connect()
        table.type("json", on: back)
        table.type("name Ann", on: back)
        let seen = back.events()
        #expect(seen.last { $0.type == "state" }?["guessed"] as? [String] == ["z"], "the bot waited: \(seen)")
        table.advance(by: 0.5)
        #expect(back.events().contains { $0.type == "guess" && $0["player"] as? String == "bot-strong" })
    }

    /// While its person is away the bot's turns time out (turn 5 s), but it is never marked away for
    /// that: when the person is back the bot plays again.
    @Test func aBotIsNeverMarkedAwayForTheTurnsItWaited() {
        let (table, ann) = hosted(think: 500, words: ["abc"])
        table.type("set turn 5", on: ann)
        table.type("bot add strong", on: ann)
        table.type("start", on: ann)
        table.type("guess z", on: ann)  // a miss: the bot's turn
        ann.hangUp()
        table.advance(by: 30)
        let back = table.connect()
        table.type("json", on: back)
        table.type("name Ann", on: back)
        var seen = back.events()
        #expect(seen.last { $0.type == "state" }?.player("bot-strong")?["connected"] as? Bool == true, "not away")
        let botGuessed = { seen.contains { $0.type == "guess" && $0["player"] as? String == "bot-strong" } }
        for _ in 0..<20 where !botGuessed() {
            let state = seen.last { $0.type == "state" }
            let open = (state?["available"] as? [String] ?? []).filter { !"abc".contains($0) }
            if state?["turn"] as? String == "Ann", let miss = open.last {
                table.type("guess \(miss)", on: back)
            } else {
                table.advance(by: 0.5)
            }
            seen += back.events()
        }
        #expect(botGuessed(), "the bot plays again")
    }

    @Test func botsAreNotCountedAsPlayersOnline() {
        let (table, ann) = hosted()
        table.type("bot add", on: ann)
        let newcomer = table.connect()
        table.type("json", on: newcomer)  // at the name prompt: the welcome again, in JSON
        #expect(newcomer.events().first { $0.type == "welcome" }?["players_online"] as? Int == 1)
    }

    @Test func theThinkTimeSettingHasItsEdges() throws {
        let read: (String) throws -> Data = { _ in throw CocoaError(.fileNoSuchFile) }
        for value in [0, 4000] {
            guard
                case .run(let config) = try ServerConfig.load(
                    arguments: ["--bot-think-ms", "\(value)"], environment: [:], readFile: read)
            else {
                Issue.record("no config")
                return
            }
            #expect(config.botThinkMilliseconds == value)
        }
        for value in [-1, 4001] {
            #expect(throws: ConfigError.self) {
                try ServerConfig.load(arguments: ["--bot-think-ms", "\(value)"], environment: [:], readFile: read)
            }
        }
    }

    @Test func parsing() {
        #expect(CommandParser.parse("bot add") == .success(.botAdd(.fair)))
        #expect(CommandParser.parse("/BOT add Strong") == .success(.botAdd(.strong)))
        #expect(CommandParser.parse("bot remove") == .success(.botRemove(nil)))
        #expect(CommandParser.parse("bot remove bot-easy") == .success(.botRemove("bot-easy")))
        #expect(CommandParser.parse("bot") == .failure(.invalid("usage: bot add [easy|fair|strong] or bot remove [name]")))
        #expect(
            CommandParser.parse("bot add easy now")
                == .failure(.invalid("usage: bot add [easy|fair|strong] or bot remove [name]")))
    }
}

/// The rules' side: a bot's seat is kept off the global leaderboard in the record the room saves.
@Suite(.ownThread) struct HouseBotRecordTests {
    final class Client {}
    let ann = Client()
    let bot = Client()

    @Test func aBotsResultIsNotRanked() {
        var settings = Settings()
        settings.rounds = 1
        settings.turnSeconds = nil
        var state = RoomState(
            name: "home", password: "secret", isQuick: false, settings: settings, words: WordList(words: ["ab"]),
            rng: SeededRandom(seed: 1), limits: RoomLimits(graceSeconds: 60, turnWarningSeconds: 5))
        let annID = ObjectIdentifier(ann)
        let botID = ObjectIdentifier(bot)
        _ = state.handle(.join(annID, "Ann", password: "secret", spectator: false), at: 0, wall: 0)
        let added = state.handle(.addBot(by: annID, "Ann", bot: botID, "bot-easy"), at: 0, wall: 0)
        #expect(added.contains { if case .reply(nil) = $0 { true } else { false } }, "a bot needs no room password")
        #expect(state.playerViews().map(\.bot) == [false, true])
        _ = state.handle(.start(by: annID, "Ann"), at: 0, wall: 0)
        let last = state.handle(.guess(by: annID, "Ann", letter: nil, word: "ab"), at: 0, wall: 0)
        let record = last.compactMap { if case .saveGame(let record, _) = $0 { record } else { nil } }.first
        #expect(record?.results.map(\.name).sorted() == ["Ann", "bot-easy"])
        #expect(record?.results.first { $0.name == "Ann" }?.ranked == true)
        #expect(record?.results.first { $0.name == "bot-easy" }?.ranked == false)
    }
}
