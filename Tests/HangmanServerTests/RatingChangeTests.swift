import HangmanCore
import HangmanTesting
import Testing

@testable import HangmanServer

/// After a rated game (issue 32), each of its players is told how their rating moved: `rating_change`
/// in JSON, one line at the end of the game's block in text, with the values openskill's Plackett–Luce
/// gives for the game (the store's merge rates it, the room passes it on).
@Suite(.ownThread) struct RatingChangeTests {
    /// What a player was sent: the events, and the `rating_change` lines as sent (their numbers are
    /// compared as text, the shortest that reads back exactly: Foundation's parser may be an ulp off).
    struct Seen {
        var events: [[String: Any]] = []
        var changes: [String] = []
    }

    /// Ann and Bob (JSON) play `games` one-round games of "ab" in `home`, Ann solving each alone.
    static func play(games: Int, provisionalGames: Int = 5) -> (ann: Seen, bob: Seen) {
        let table = TestTable(words: ["ab"]) { $0.ratingProvisionalGames = provisionalGames }
        let ann = table.player("Ann")
        let bob = table.player("Bob")
        table.seat(ann, bob, in: "home")
        table.type("set rounds 1", on: ann)
        for _ in 0..<games {
            table.type("start", on: ann)
            table.type("guess ab", on: ann)
            table.settle()
        }
        func seen(_ player: MemoryConnection) -> Seen {
            let changes = player.sentPieces.flatMap { $0.split(separator: "\n") }.map(String.init)
                .filter { $0.contains(#""type":"rating_change""#) }
            return Seen(events: player.events(), changes: changes)
        }
        return (seen(ann), seen(bob))
    }

    /// The points of each game, as the store rated them (`game_over`'s scores).
    static func points(_ events: [[String: Any]]) -> [[String: Int]] {
        events.filter { $0.type == "game_over" }.map { over in
            var points: [String: Int] = [:]
            for player in over["scores"] as? [[String: Any]] ?? [] {
                if let name = player["name"] as? String, let score = player["score"] as? Int { points[name] = score }
            }
            return points
        }
    }

    /// `"before":…,"after":…,` as the server writes them.
    static func ordinals(_ before: Rating, _ after: Rating) -> String {
        #""before":\#(before.ordinal),"after":\#(after.ordinal),"#
    }

    @Test func twoHumansFinishARankedGameAndEachGetsTheModelsChange() throws {
        let (ann, bob) = Self.play(games: 1)
        let annChange = try #require(ann.events.first { $0.type == "rating_change" }, "\(ann.events)")
        let bobChange = try #require(bob.events.first { $0.type == "rating_change" }, "\(bob.events)")
        let points = try #require(Self.points(ann.events).first)
        let annPoints = try #require(points["Ann"]), bobPoints = try #require(points["Bob"])
        #expect(annPoints > bobPoints)
        let model = PlackettLuce()
        let after = model.rate([[model.initial], [model.initial]], scores: [Double(annPoints), Double(bobPoints)])
        #expect(ann.changes.count == 1 && bob.changes.count == 1)
        #expect(ann.changes.first?.contains(Self.ordinals(model.initial, after[0][0])) == true, "\(ann.changes)")
        #expect(bob.changes.first?.contains(Self.ordinals(model.initial, after[1][0])) == true, "\(bob.changes)")
        #expect(annChange["room"] as? String == "home")
        #expect(annChange["games"] as? Int == 1 && bobChange["games"] as? Int == 1)
        #expect(annChange["provisional"] as? Bool == true && bobChange["provisional"] as? Bool == true)
    }

    /// A sequence: each game starts from the last one's rating, and the rating settles at
    /// `rating-provisional-games` (its edge: provisional at 1 of 2 games, settled at 2).
    @Test func theNextGameStartsFromTheLastRatingAndSettlesAtTheSetting() throws {
        let (ann, _) = Self.play(games: 2, provisionalGames: 2)
        let changes = ann.events.filter { $0.type == "rating_change" }
        try #require(changes.count == 2 && ann.changes.count == 2, "\(ann.events)")
        let points = Self.points(ann.events)
        try #require(points.count == 2)
        let model = PlackettLuce()
        var ratings = (ann: model.initial, bob: model.initial)
        for (index, game) in points.enumerated() {
            let after = model.rate([[ratings.ann], [ratings.bob]], scores: [Double(game["Ann"] ?? 0), Double(game["Bob"] ?? 0)])
            #expect(ann.changes[index].contains(Self.ordinals(ratings.ann, after[0][0])), "\(ann.changes[index])")
            #expect(changes[index]["games"] as? Int == index + 1)
            #expect(changes[index]["provisional"] as? Bool == (index + 1 < 2))
            ratings = (after[0][0], after[1][0])
        }
    }

    /// A teams game is rated as teams: Ann and Cy (team 1) against Bob and Dee (team 2), Ann solving
    /// alone; each gets the change openskill gives their team's side, from the team's summed points.
    @Test func aTeamsGameRatesEachTeamAsOneSide() throws {
        let table = TestTable(words: ["ab"])
        let players = ["Ann", "Bob", "Cy", "Dee"].map { table.player($0) }
        table.seat(players[0], players[1], players[2], players[3], in: "home")
        table.type("set rounds 1", on: players[0])
        table.type("set mode teams", on: players[0])
        for (index, player) in players.enumerated() { table.type("team \(index % 2 + 1)", on: player) }
        table.type("start", on: players[0])
        table.type("guess ab", on: players[0])
        table.settle()
        let seen = players.map { player in
            player.sentPieces.flatMap { $0.split(separator: "\n") }.map(String.init)
                .filter { $0.contains(#""type":"rating_change""#) || $0.contains(#""type":"game_over""#) }
        }
        let events = players[0].events()
        let points = try #require(Self.points(events).first, "\(seen[0])")
        let team1 = (points["Ann"] ?? 0) + (points["Cy"] ?? 0), team2 = (points["Bob"] ?? 0) + (points["Dee"] ?? 0)
        #expect(team1 > team2)
        let model = PlackettLuce()
        let after = model.rate(
            [[model.initial, model.initial], [model.initial, model.initial]], scores: [Double(team1), Double(team2)])
        let expected = [after[0][0], after[1][0], after[0][1], after[1][1]]  // Ann, Bob, Cy, Dee
        for (index, lines) in seen.enumerated() {
            let change = lines.filter { $0.contains("rating_change") }
            #expect(change.count == 1, "\(lines)")
            #expect(change.first?.contains(Self.ordinals(model.initial, expected[index])) == true, "\(index): \(change)")
        }
    }

    /// One player and a house bot: not rated (fewer than 2 humans), so no `rating_change`.
    @Test func aGameWithOneHumanIsNotRated() {
        let table = TestTable(words: ["ab"])
        let ann = table.player("Ann")
        table.type("create home", on: ann)
        table.type("set rounds 1", on: ann)
        table.type("start", on: ann)
        table.type("guess ab", on: ann)
        table.settle()
        let events = ann.events()
        #expect(events.contains { $0.type == "game_over" })
        #expect(!events.contains { $0.type == "rating_change" })
    }

    /// The text line, long where it fits and short in a narrow window; never "> " (the prompt's look).
    @Test func theTextLineFitsItsWindow() {
        let first = RatingChangeView(before: 0, after: 2.6436, games: 1, provisionalGames: 5)
        #expect(first.line(columns: 80) == "Your rating went from 0.0 to 2.6 (+2.6), provisional: 1 of 5 games.")
        #expect(first.line(columns: 40) == "Rating 0.0 to 2.6 (+2.6), 1/5 games")
        let settled = RatingChangeView(before: 24.03, after: 23.5, games: 12, provisionalGames: 5)
        #expect(settled.line(columns: 80) == "Your rating went from 24.0 to 23.5 (-0.5) after 12 games.")
        let close = RatingChangeView(before: -2.75, after: -2.84, games: 2, provisionalGames: 5)
        #expect(close.line(columns: 80) == "Your rating went from -2.8 to -2.8 (+0.0), provisional: 2 of 5 games.")
        let worst = RatingChangeView(before: -99.94, after: -98.96, games: 4, provisionalGames: 5)
        #expect(worst.line(columns: 40).count <= 40, "\(worst.line(columns: 40))")
        for line in [first.line(columns: 80), worst.line(columns: 40)] { #expect(!line.contains("> ")) }
    }
}
