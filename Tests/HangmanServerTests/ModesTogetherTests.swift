import Foundation
import HangmanCore
import HangmanTesting
import Testing

@testable import HangmanServer

/// Where the new modes meet (issues 12 and 17): house bots as setters and racers, setter words in
/// a room's language, bots in other alphabets. In memory, on the table's manual clock.
@Suite(.ownThread) struct ModesTogetherTests {
    static let words = ["cat", "dog", "cow", "pig", "lion", "bear", "wolf", "deer", "tiger", "zebra", "horse", "mouse"]
    static let frequency = Array("etaoinshrdlucmfwypvbgkjqxz")
    static let german = Alphabet(language: "de", extraLetters: "äöüß", folds: true)

    /// Ann hosts `home` with `bots` house bots in `mode`.
    func hosted(mode: String, bots: [String], rounds: Int = 1) -> (TestTable, MemoryConnection) {
        let table = TestTable(words: Self.words) {
            $0.botThinkMilliseconds = 500
            $0.wordSeconds = 60
        }
        let ann = table.player("Ann")
        table.type("create home", on: ann)
        table.type("set mode \(mode)", on: ann)
        table.type("set rounds \(rounds)", on: ann)
        for level in bots { table.type("bot add \(level)", on: ann) }
        _ = ann.events()
        return (table, ann)
    }

    /// Plays Ann (most frequent open letter on her turn; `zebra` when asked for a word) and lets the
    /// clock run for the bots until `game_over`; returns what Ann saw and the seconds the clock ran.
    func play(_ table: TestTable, _ ann: MemoryConnection) -> (seen: [[String: Any]], seconds: Double) {
        var seen: [[String: Any]] = []
        var seconds = 0.0
        for _ in 0..<4000 {
            let batch = ann.events()
            seen += batch
            if seen.contains(where: { $0.type == "game_over" }) { break }
            if batch.contains(where: { $0.type == "word_prompt" }) {
                table.type("word zebra", on: ann)
            } else if let state = batch.last(where: { $0.type == "state" }), state["status"] as? String == "playing",
                state["turn"] as? String == "Ann",
                let letter = Self.frequency.first(where: { (state["available"] as? [String] ?? []).contains(String($0)) })
            {
                table.type("guess \(letter)", on: ann)
            } else {
                table.advance(by: 0.5)
                seconds += 0.5
            }
        }
        return (seen, seconds)
    }

    static func infos(_ seen: [[String: Any]]) -> [String] {
        seen.filter { $0.type == "info" }.compactMap { $0["message"] as? String }
    }

    @Test func aBotAskedForTheWordSetsOneAtOnce() {
        let (table, ann) = hosted(mode: "setter", bots: ["strong"], rounds: 2)
        table.type("start", on: ann)
        let (seen, seconds) = play(table, ann)
        #expect(seen.contains { $0.type == "game_over" })
        let infos = Self.infos(seen)
        #expect(!infos.contains { $0.contains("did not set a word in time") }, "\(infos)")
        #expect(infos.contains { $0.hasPrefix("bot-strong has set a word of") }, "\(infos)")
        #expect(seconds < 60, "the table never waited setter-seconds for the bot: \(seconds) s")
        let guessers = Set(seen.filter { $0.type == "guess" }.compactMap { $0["player"] as? String })
        #expect(guessers == ["Ann", "bot-strong"], "each guessed the other's word: \(guessers)")
    }

    @Test func aPersonAndTwoBotsRaceToGameOver() {
        let (table, ann) = hosted(mode: "race", bots: ["strong", "easy"])
        table.type("start", on: ann)
        let (seen, _) = play(table, ann)
        let over = seen.first { $0.type == "game_over" }
        #expect(over != nil, "the race ended")
        let progress = Set(seen.filter { $0.type == "race_progress" }.compactMap { $0["player"] as? String })
        #expect(progress.isSuperset(of: ["bot-strong", "bot-easy"]), "both bots raced: \(progress)")
        #expect(!seen.contains { $0.type == "turn_timeout" })
    }

    @Test func aSetterInAGermanRoomSetsAWordOfItsLetters() {
        let table = TestTable(words: ["ab"], languages: ["de": WordList(words: ["haus"], alphabet: Self.german)])
        let ann = table.player("Ann")
        let bob = table.player("bob")
        table.seat(ann, bob, in: "home")
        table.type("set language de", on: ann)
        table.type("set mode setter", on: ann)
        table.type("start", on: ann)
        let prompt = ann.events().first { $0.type == "word_prompt" }
        #expect(prompt?["alphabet"] as? String == "abcdefghijklmnopqrstuvwxyzäöüß")
        _ = bob.events()
        table.type("word x1", on: ann)
        let refusal = ann.events().last { $0.type == "error" }?["message"] as? String
        #expect(refusal == "a word is letters of this room's alphabet: a-z äöüß; choose another (nobody else saw it)")
        table.type("word Straße", on: ann)
        #expect(!ann.events().contains { $0.type == "error" })
        let state = bob.events().last { $0.type == "state" }
        #expect(state?["pattern"] as? String == "______" && state?["turn"] as? String == "bob")
        table.type("guess ß", on: bob)
        let guess = bob.events().last { $0.type == "guess" }
        #expect(guess?["hit"] as? Bool == true, "\(String(describing: guess))")
    }

    @Test func anEnglishSetterStillSetsAToZ() {
        let table = TestTable(words: ["ab"])
        let ann = table.player("Ann")
        let bob = table.player("bob")
        table.seat(ann, bob, in: "home")
        table.type("set mode setter", on: ann)
        table.type("start", on: ann)
        table.type("word Straße", on: ann)
        #expect(
            ann.events().last { $0.type == "error" }?["message"] as? String
                == "a word is letters of this room's alphabet: a-z; choose another (nobody else saw it)")
        table.type("word apple", on: ann)
        #expect(!ann.events().contains { $0.type == "error" })
    }

    @Test func aBotNeverGuessesOffTheBoardOfItsRoomsAlphabet() {
        let board = BotTransport.Board(pattern: "ß_ß", guessed: Array("abc"), available: ["d", "e", "ß"])
        #expect(BotTransport.checked(nil, board) == .letter("e"), "a-z done by the brain's lights: the open letters")
        #expect(BotTransport.checked(.letter("a"), board) == .letter("e"), "never a guessed letter")
        #expect(BotTransport.checked(.letter("ß"), board) == .letter("ß"))
        #expect(BotTransport.checked(.word("abcd"), board) == .letter("e"), "never a word of the wrong length")
        #expect(BotTransport.checked(.word("ßaß"), board) == .word("ßaß"))
        #expect(BotTransport.checked(.word("ßaß"), board, tried: ["ßaß"]) == .letter("e"), "never a word twice")
        let german = BotTransport.Board(pattern: "___", guessed: [], available: ["ß"])
        #expect(BotTransport.checked(nil, german) == .letter("ß"))
        let done = BotTransport.Board(pattern: "ab", guessed: Array("ab"), available: [])
        #expect(BotTransport.checked(nil, done) == nil)
    }

    /// A race: the bot plays its own board alone (Ann never guesses), so it must find ß after
    /// a–z itself (25 misses, 26 allowed); a race has no turn timer, so a bot out of letters would
    /// hold the round for ever. (An easy bot never solves, so no wrong solve spends a miss.)
    @Test func aBotInAGermanRoomGuessesTheLanguagesLetters() {
        let table = TestTable(words: Self.words, languages: ["de": WordList(words: ["ßüß"], alphabet: Self.german)]) {
            $0.botThinkMilliseconds = 500
        }
        let ann = table.player("Ann")
        table.type("create home", on: ann)
        table.type("set language de", on: ann)
        table.type("set mode race", on: ann)
        table.type("set misses 26", on: ann)
        table.type("bot add easy", on: ann)
        table.type("start", on: ann)
        var seen: [[String: Any]] = ann.events()
        for _ in 0..<200 where !seen.contains(where: { $0.type == "round_over" }) {
            table.advance(by: 0.5)
            seen += ann.events()
        }
        let over = seen.first { $0.type == "round_over" }
        #expect(over?["solver"] as? String == "bot-easy", "the bot found ß after a-z: \(String(describing: over))")
    }

    @Test func aRaceRefusesAHintClearly() {
        let table = TestTable(words: ["cat\ta small pet that purrs"])
        let ann = table.player("Ann")
        let bob = table.player("bob")
        table.seat(ann, bob, in: "home")
        table.type("set mode race", on: ann)
        table.type("start", on: ann)
        _ = ann.events()
        table.type("hint", on: ann)
        let error = ann.events().last { $0.type == "error" }
        #expect(error?["code"] as? String == "invalid_input")
        #expect(error?["message"] as? String == "a race has no hints: each racer plays a board of their own")
    }

    @Test func aWordABotSetKeepsItsListsHint() {
        let table = TestTable(words: ["cat\ta small pet that purrs"]) { $0.botThinkMilliseconds = 500 }
        let ann = table.player("Ann")
        table.type("create home", on: ann)
        table.type("set mode setter", on: ann)
        table.type("set rounds 2", on: ann)
        table.type("bot add strong", on: ann)
        table.type("start", on: ann)
        table.type("word zebra", on: ann)
        var seen: [[String: Any]] = []
        for _ in 0..<200 {
            table.advance(by: 0.5)
            let batch = ann.events()
            seen += batch
            if let state = batch.last(where: { $0.type == "state" }), state["round"] as? Int == 2,
                state["turn"] as? String == "Ann"
            {
                break
            }
        }
        table.type("hint", on: ann)
        let hint = ann.events().first { $0.type == "hint" }
        #expect(hint?["hint"] as? String == "a small pet that purrs", "\(Self.infos(seen))")
    }
}
