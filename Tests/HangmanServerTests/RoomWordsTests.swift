import Foundation
import HangmanCore
import HangmanStore
import HangmanTesting
import Testing

@testable import HangmanServer

/// A private room's own words at a whole table in memory (docs/RULES.md, "Room word lists").
@Suite(.ownThread) struct RoomWordsTests {
    /// Ann hosts the private room `den` (password s3cret) with bob seated; output read.
    static func den(limit: Int = 200) -> (TestTable, MemoryConnection, MemoryConnection) {
        let table = TestTable(words: ["ab", "abc"], categories: ["animals": ["cat\ta pet"]]) { $0.roomWordsMax = limit }
        let ann = table.player("Ann")
        let bob = table.player("bob")
        table.type("create den s3cret", on: ann)
        table.type("join den s3cret", on: bob)
        _ = ann.events()
        _ = bob.events()
        return (table, ann, bob)
    }

    @Test func theHostAddsWordsEveryoneSeesOnlyTheCountAndGamesDrawFromThem() {
        let (table, ann, bob) = Self.den()
        table.type("words add Gnocchi risotto x1 gnocchi", on: ann)
        let mine = ann.events()
        #expect(mine.contains { $0.type == "info" && ($0["message"] as? String)?.hasPrefix("Not added (1)") == true })
        let seen = bob.events()
        let added = seen.first { $0.type == "words" }
        #expect(added?["count"] as? Int == 2 && added?["added"] as? Int == 2 && added?["by"] as? String == "Ann")
        #expect(!seen.contains { $0.type == "info" }, "what was refused goes to the host only")
        let raw = bob.takeText()
        #expect(!raw.contains("gnocchi") && !raw.contains("risotto"))
        table.type("words", on: bob)
        let count = bob.events().first { $0.type == "words" }
        #expect(count?["count"] as? Int == 2 && count?["by"] is NSNull)
        table.type("set rounds 1", on: ann)
        table.type("start", on: ann)
        let state = bob.events().last { $0.type == "state" }
        #expect(state?["length"] as? Int == 7, "gnocchi or risotto, never ab or abc")
    }

    @Test func aGameOfTheRoomsOwnWordsIsKeptOffTheLeaderboard() {
        final class Client {}
        let ann = Client()
        let client = ObjectIdentifier(ann)
        var settings = Settings()
        settings.rounds = 1
        var state = RoomState(
            name: "den", password: "s3cret", isQuick: false, settings: settings, words: WordList(words: ["ab"]),
            rng: SeededRandom(seed: 1), limits: RoomLimits(graceSeconds: 60, turnWarningSeconds: 5))
        func record(_ actions: [RoomState.Action]) -> GameRecord? {
            actions.compactMap { if case .saveGame(let record, _) = $0 { record } else { nil } }.first
        }
        _ = state.handle(.join(client, "Ann", password: "s3cret", spectator: false), at: 0, wall: 0)
        _ = state.handle(.words(by: client, "Ann", .add(["xyz"])), at: 0, wall: 0)
        _ = state.handle(.start(by: client, "Ann"), at: 0, wall: 0)
        let own = record(state.handle(.guess(by: client, "Ann", letter: nil, word: "xyz"), at: 0, wall: 0))
        #expect(own?.ranked == false && own?.rounds.first?.word == "xyz")
        _ = state.handle(.words(by: client, "Ann", .clear), at: 0, wall: 0)
        // The store answers the save (a start before that would wait for it: StartWhileSavingTests).
        _ = state.handle(
            .gameSaved(views: [], ranked: false, GameEnd(outcome: .saved(1), month: LeaderboardMonth(containing: 0))), at: 0,
            wall: 0)
        _ = state.handle(.start(by: client, "Ann"), at: 0, wall: 0)
        let listed = record(state.handle(.guess(by: client, "Ann", letter: nil, word: "ab"), at: 0, wall: 0))
        #expect(listed?.ranked == true)
    }

    @Test func theLimitIsTheRoomsAtItsEdge() {
        let (table, ann, _) = Self.den(limit: 3)
        table.type("words add aa bb", on: ann)
        #expect(ann.events().first { $0.type == "words" }?["count"] as? Int == 2)
        table.type("words add cc dd", on: ann)
        let error = ann.events().first { $0.type == "error" }
        #expect(error?["code"] as? String == "out_of_range")
        #expect(error?["message"] as? String == "a room holds at most 3 words of its own (2 now); 2 more would pass it")
        table.type("words add cc", on: ann)
        #expect(ann.events().first { $0.type == "words" }?["count"] as? Int == 3, "exactly the limit is fine")
    }

    @Test func clearGoesBackToTheListAndCategoryWaitsForIt() {
        let (table, ann, bob) = Self.den()
        table.type("words add zzz", on: ann)
        table.type("set category animals", on: ann)
        let blocked = ann.events().first { $0.type == "error" }
        #expect(blocked?["message"] as? String == "den plays its own words; type words clear before setting the category")
        table.type("words clear", on: ann)
        #expect(bob.events().last { $0.type == "words" }?["count"] as? Int == 0)
        table.type("words clear", on: ann)
        #expect(ann.events().first { $0.type == "error" }?["message"] as? String == "den has no words of its own")
        table.type("start", on: ann)
        #expect([2, 3].contains(ann.events().last { $0.type == "state" }?["length"] as? Int ?? 0))
    }

    @Test func onlyThePrivateRoomsHostAddsWords() {
        let (table, ann, bob) = Self.den()
        table.type("words add cat", on: bob)
        #expect(bob.events().first { $0.type == "error" }?["code"] as? String == "not_host")
        table.type("words clear", on: bob)
        #expect(bob.events().first { $0.type == "error" }?["code"] as? String == "not_host")
        let carl = table.player("carl")
        table.type("create open", on: carl)
        _ = carl.events()
        table.type("words add cat", on: carl)
        let error = carl.events().first { $0.type == "error" }
        #expect(error?["code"] as? String == "invalid_input")
        #expect((error?["message"] as? String)?.hasPrefix("only a private room") == true)
        table.type("words", on: carl)
        #expect(carl.events().first { $0.type == "words" }?["count"] as? Int == 0)
        _ = ann
    }

    @Test func wordsAreOfTheRoomsLanguage() {
        let german = Alphabet(language: "de", extraLetters: "äöüß", folds: true)
        let table = TestTable(words: ["ab"], languages: ["de": WordList(words: ["haus"], alphabet: german)])
        let ann = table.player("Ann")
        table.type("create den s3cret", on: ann)
        table.type("words add straße", on: ann)
        #expect(ann.events().first { $0.type == "error" }?["message"] as? String == "no word added: a word is 1-64 letters a-z")
        table.type("set language de", on: ann)
        table.type("words add straße", on: ann)
        #expect(ann.events().first { $0.type == "words" }?["count"] as? Int == 1)
        table.type("set rounds 1", on: ann)  // one word of its own: one round
        table.type("start", on: ann)
        #expect(ann.events().last { $0.type == "state" }?["length"] as? Int == 6)
    }
}
