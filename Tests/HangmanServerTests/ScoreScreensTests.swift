import Foundation
import HangmanCore
import HangmanStore
import HangmanSync
import HangmanTesting
import Testing

@testable import HangmanServer

/// The score screens as a person at an 80-column terminal sees them, and the score events a bot
/// gets, after one recorded game: Ann solves "ab" alone, one round, no mistakes.
@Suite(.ownThread) struct ScoreScreensTests {
    /// Ann (text mode unless `json`) has won one recorded one-round game; output so far read.
    static func afterOneGame(json: Bool = false) -> (TestTable, MemoryConnection) {
        let table = TestTable(words: ["ab"])
        let ann = table.player("Ann", json: json)
        table.type("create home", on: ann)
        table.type("set rounds 1", on: ann)
        table.type("start", on: ann)
        table.type("guess ab", on: ann)
        _ = ann.takeText()
        return (table, ann)
    }

    /// The lines of a text answer, without the trailing prompt.
    static func screen(_ line: String, _ table: TestTable, _ ann: MemoryConnection) -> [String] {
        table.type(line, on: ann)
        let text = ann.takeText()
        #expect(text.hasSuffix("\r\n> "), "the prompt follows: \(text.debugDescription)")
        let parts: [String] = text.components(separatedBy: "\r\n")
        let lines = Array(parts.dropLast())
        for line in lines { #expect(line.count <= 80, "wider than 80 columns: \(line)") }
        return lines
    }

    @Test func top() {
        let (table, ann) = Self.afterOneGame()
        #expect(
            Self.screen("top", table, ann) == [
                "Rank  Player            Score  Games  Wins",
                "   1  Ann                 140      1     1",
            ])
        #expect(Self.score(table) == 140)
    }

    @Test func highscores() {
        let (table, ann) = Self.afterOneGame()
        #expect(
            Self.screen("highscores", table, ann) == [
                "High scores",
                "Rank  Player            Score  Mistakes  Words",
                "   1  Ann                 140         0  ab",
            ])
    }

    @Test func history() {
        let (table, ann) = Self.afterOneGame()
        #expect(
            Self.screen("history", table, ann) == [
                "History of Ann (game id, word, mistakes, result)",
                "     1  ab                         0  won",
            ])
        #expect(Self.screen("history nobody", table, ann) == ["No games on record for nobody yet."])
    }

    @Test func stats() {
        let (table, ann) = Self.afterOneGame()
        #expect(
            Self.screen("stats", table, ann) == [
                "Ann: rank 1, 140 points in 1 game, 1 win,",
                "  best game 140 points, words solved 1, failed 0",
                "  Rating: none yet (no rated games)",
            ])
    }

    /// Ann and Bob play "ab": Ann solves it on her turn (140 points), Bob has 0. A rated game: two humans.
    static func afterOneRatedGame(json: Bool = false, provisionalGames: Int = 5) -> (TestTable, MemoryConnection) {
        let table = TestTable(words: ["ab"]) { $0.ratingProvisionalGames = provisionalGames }
        let ann = table.player("Ann", json: json)
        let bob = table.player("Bob")
        table.type("create home", on: ann)
        table.type("set rounds 1", on: ann)
        table.type("join home", on: bob)
        table.type("start", on: ann)
        table.type("guess ab", on: ann)
        _ = ann.takeText()
        return (table, ann)
    }

    @Test func statsAfterARatedGameShowTheRating() {
        let (table, ann) = Self.afterOneRatedGame()
        let model = PlackettLuce()
        let after = model.rate([[model.initial], [model.initial]], scores: [140, 0])
        let mu = RatingDisplay.oneDecimal(after[0][0].mu), sigma = RatingDisplay.oneDecimal(after[0][0].sigma)
        #expect(Self.screen("stats", table, ann).last == "  Rating \(mu) ± \(sigma) (provisional: 1 of 5 games)")
    }

    /// `top rating`: settled players only (`rating-provisional-games`), best ordinal first, 80 columns.
    @Test func topRating() {
        let (early, ann) = Self.afterOneRatedGame()
        #expect(
            Self.screen("top rating", early, ann) == [
                "Nobody is on the rating board yet: it takes a few rated games."
            ])
        let (table, ann1) = Self.afterOneRatedGame(provisionalGames: 1)
        let model = PlackettLuce()
        let after = model.rate([[model.initial], [model.initial]], scores: [140, 0])
        let rows = [
            RatingBoardEntry(rank: 1, name: "Ann", rating: PlayerRating(rating: after[0][0], games: 1)),
            RatingBoardEntry(rank: 2, name: "Bob", rating: PlayerRating(rating: after[1][0], games: 1)),
        ]
        #expect(
            Self.screen("top rating", table, ann1) == ["Rank  Player            Rating    Mu  Sigma  Games"]
                + rows.map(RatingDisplay.row))
        #expect(Self.screen("top rating 1", table, ann1).count == 2)
        #expect(RatingDisplay.row(rows[0]).hasPrefix("   1  Ann               "))
    }

    @Test func topRatingJSONIsALeaderboardOfBoardRating() throws {
        let (table, ann) = Self.afterOneRatedGame(json: true, provisionalGames: 1)
        table.type("top rating 1", on: ann)
        let line = try #require(ann.takeText().split(separator: "\n").first { $0.contains("\"type\":\"leaderboard\"") })
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["board"] as? String == "rating")
        let entries = try #require(object["entries"] as? [[String: Any]])
        let model = PlackettLuce()
        let after = model.rate([[model.initial], [model.initial]], scores: [140, 0])
        #expect(entries.count == 1 && entries[0]["name"] as? String == "Ann")
        #expect(entries[0]["rating"] as? Double == after[0][0].ordinal && entries[0]["mu"] as? Double == after[0][0].mu)
        #expect(object["you"] == nil)  // Ann is the first row
    }

    /// `rating-provisional-games` at its edge: provisional below it, settled at it; 0: never provisional.
    @Test func aRatingIsProvisionalBelowTheSettingOnly() {
        let rating = PlayerRating(rating: Rating(mu: 27.94, sigma: 2.45), games: 5)
        #expect(RatingDisplay.line(rating, provisionalGames: 6) == "Rating 27.9 ± 2.5 (provisional: 5 of 6 games)")
        #expect(RatingDisplay.line(rating, provisionalGames: 5) == "Rating 27.9 ± 2.5 (20.6 on the board, 5 games)")
        #expect(!RatingDisplay.isProvisional(PlayerRating(rating: rating.rating, games: 0), provisionalGames: 0))
        #expect(RatingDisplay.oneDecimal(-0.04) == "0.0" && RatingDisplay.oneDecimal(-2.25) == "-2.3")
    }

    @Test func statsJSONCarryTheRatingAtFullPrecision() throws {
        let (table, ann) = Self.afterOneRatedGame(json: true)
        table.type("stats", on: ann)
        let line = try #require(ann.takeText().split(separator: "\n").first { $0.contains("\"type\":\"stats\"") })
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let rating = try #require(object["rating"] as? [String: Any])
        let model = PlackettLuce()
        let after = model.rate([[model.initial], [model.initial]], scores: [140, 0])[0][0]
        #expect(rating["mu"] as? Double == after.mu && rating["sigma"] as? Double == after.sigma)
        #expect(rating["ordinal"] as? Double == after.ordinal)
        #expect(rating["games"] as? Int == 1 && rating["provisional"] as? Bool == true)
    }

    @Test func game() {
        let (table, ann) = Self.afterOneGame()
        #expect(
            Self.screen("game 1", table, ann) == [
                "Game 1 in home (classic, custom)",
                "  1. ab                       0 mistakes  won by Ann",
                "  Scores: Ann 140",
            ])
    }

    /// A new best game is celebrated: the high scores with the game marked, then a celebration.
    @Test func aNewHighScoreIsCelebrated() {
        let table = TestTable(words: ["ab"])
        let bob = table.player("bob")
        let cy = table.player("cy")
        table.type("create home", on: bob)
        table.type("watch home", on: cy)
        table.type("set rounds 1", on: bob)
        table.type("start", on: bob)
        _ = cy.events()
        table.type("guess ab", on: bob)
        let seen = cy.events()
        let over = seen.first { $0.type == "game_over" }
        let gameID = over?["game"] as? Int
        #expect(gameID != nil)
        let scores = seen.first { $0.type == "highscores" }
        #expect(scores?["game"] as? Int == gameID, "the new game is marked")
        let celebration = seen.first { $0.type == "celebration" }
        #expect(celebration?["player"] as? String == "bob" && celebration?["rank"] as? Int == 1)
        let best = (scores?["entries"] as? [[String: Any]])?.first
        #expect(celebration?["score"] as? Int == best?["score"] as? Int && (best?["score"] as? Int ?? 0) > 0)
    }

    /// `settings` during a game shows the values set for the next round, with `pending` true until it starts.
    @Test func settingsArePendingUntilTheNextRound() {
        let table = TestTable(words: ["ab"])
        let ann = table.player("Ann")
        table.type("create home", on: ann)
        table.type("set rounds 2", on: ann)
        table.type("start", on: ann)
        table.type("settings", on: ann)
        #expect(ann.events().last { $0.type == "settings" }?["pending"] as? Bool == false)
        table.type("set misses 3", on: ann)
        table.type("settings", on: ann)
        let pending = ann.events().last { $0.type == "settings" }
        #expect(pending?["pending"] as? Bool == true)
        #expect((pending?["settings"] as? [String: Any])?["misses"] as? Int == 3)
        table.type("guess ab", on: ann)  // round 2 starts with the new rules
        table.type("settings", on: ann)
        let applied = ann.events().last { $0.type == "settings" }
        #expect(applied?["pending"] as? Bool == false)
        #expect((applied?["settings"] as? [String: Any])?["misses"] as? Int == 3)
    }

    /// Ann's score in the store (the screens above print 140).
    static func score(_ table: TestTable) -> Int? {
        let answer = Locked<Int?>(nil)
        table.store.stats(player: "Ann") { result in
            if case .success(let stats) = result { answer.withLock { $0 = stats.score } }
        }
        return answer.withLock { $0 }
    }
}
