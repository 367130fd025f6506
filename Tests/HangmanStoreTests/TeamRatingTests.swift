import Foundation
import HangmanCore
import Testing

@testable import HangmanStore

/// Teams games rated as teams (issue 32): `PlayerResult.team` groups a game's results into one side
/// per team with all of its members, its points their sum; stored with each result and replayed by the
/// check. Checked against openskill.py's own team vectors (Tests/RatingVectors) through the merge.
@Suite(.ownThread) struct TeamRatingTests {
    struct Vectors: Decodable {
        struct Sequence: Decodable {
            struct Step: Decodable {
                let teams: [[Int]]
                let scores: [Double]
                let expected: [[Double]]
            }
            let name: String
            let players: Int
            let games: [Step]
        }
        let sequences: [Sequence]
    }

    /// The vectors' league with teams games in it (openskill.py 6.2.0, scripts/make-rating-vectors).
    static func teamsLeague() throws -> Vectors.Sequence {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("RatingVectors/plackett-luce.json")
        let vectors = try JSONDecoder().decode(Vectors.self, from: Data(contentsOf: url))
        let league = try #require(vectors.sequences.first { $0.games.contains { $0.teams.contains { $0.count > 1 } } })
        return league
    }

    /// One step of the league as the server records a teams game: every member of a side of more than
    /// one player has that side's team number; the side's points are split over its members (the first
    /// gets the remainder), so the team's sum is the vector's score.
    static func record(_ step: Vectors.Sequence.Step, number: Int) -> GameRecord {
        let teams = step.teams.contains { $0.count > 1 }
        var results: [PlayerResult] = []
        for (side, members) in step.teams.enumerated() {
            let total = Int(step.scores[side])
            for (index, player) in members.enumerated() {
                let share = total / members.count + (index == 0 ? total % members.count : 0)
                results.append(
                    PlayerResult(name: "P\(player)", score: share, rank: 1, solved: 0, failed: 0, team: teams ? side : nil))
            }
        }
        return game(
            "league", rounds: [RoundRecord(word: "team", won: true, mistakes: 0)], results: results, ended: 1000 + Int64(number))
    }

    @Test(arguments: StoreKind.engines)
    func theVectorsTeamsLeagueRatesAsOpenskillDoes(kind: StoreKind) throws {
        let league = try Self.teamsLeague()
        #expect(league.games.contains { !$0.teams.contains { $0.count > 1 } }, "solo games in the league too")
        let harness = try Harness(kind)
        var ratings: [String: Rating] = [:]
        for (number, step) in league.games.enumerated() {
            let merged = try RatingStoreTests.merge(harness.store, [Self.record(step, number: number)])
            for update in merged[0].ratings { ratings[update.key] = update.after }
            for (player, want) in step.expected.enumerated() {
                let got = ratings["p\(player)"] ?? PlackettLuce().initial
                #expect(abs(got.mu - want[0]) <= 1e-9 && abs(got.sigma - want[1]) <= 1e-9, "game \(number) p\(player)")
            }
        }
        let check = try RatingStoreTests.check(harness.store)
        #expect(check.differences == [] && check.games == league.games.count)
        // The SQL engines keep each result's team: NULL outside teams games.
        let stored = try harness.store.withWriter { connection -> [Double?]? in
            guard let database = connection as? SQLDatabase else { return nil }
            return try database.runner.query(
                "SELECT team FROM game_results r JOIN games g ON g.id = r.game_id ORDER BY g.id, r.position"
            ) { try $0.optionalDouble(0) }
        }
        if let stored {
            let recorded = league.games.enumerated().flatMap { number, step in
                Self.record(step, number: number).results.map { $0.team.map(Double.init) }
            }
            #expect(stored == recorded)
            #expect(stored.contains { $0 != nil } && stored.contains { $0 == nil })
        }
    }

    /// A teams game is read back with its teams (`game`), and the check compares the log's sides with
    /// them: a stored team changed afterwards is a difference.
    @Test(arguments: StoreKind.engines)
    func theTeamsAreReadBackAndCheckedAgainstTheLog(kind: StoreKind) throws {
        let harness = try Harness(kind)
        let step = Vectors.Sequence.Step(teams: [[0, 1], [2, 3]], scores: [30, 20], expected: [])
        let record = Self.record(step, number: 0)
        let merged = try RatingStoreTests.merge(harness.store, [record])
        let detail = try value { harness.store.game(id: merged[0].id, completion: $0) }
        #expect(detail.record.results.map(\.team) == [0, 0, 1, 1])
        let model = PlackettLuce()
        let after = model.rate([[model.initial, model.initial], [model.initial, model.initial]], scores: [30, 20])
        #expect(merged[0].ratings.map(\.after) == after.flatMap { $0 })
        #expect(try RatingStoreTests.check(harness.store).differences == [])
        guard kind == .sqlite else { return }
        let raw = try SQLiteConnection(path: harness.path, busyTimeout: 1, queue: nil)
        defer { raw.close() }
        try raw.execute("UPDATE game_results SET team = 1 WHERE position = 1")
        let differences = try RatingStoreTests.check(harness.store).differences
        #expect(differences.contains { $0.contains("do not match its players' stored teams") }, "\(differences)")
    }

    /// The sides the merge rates: one per team in order of first appearance, all members, the sum of
    /// their points (a bot's too, though the bot is not rated); a result without a team alone.
    @Test func resultsAreGroupedByTeam() {
        let results: [(key: String, result: PlayerResult)] = [
            ("ann", PlayerResult(name: "Ann", score: 10, rank: 1, solved: 0, failed: 0, team: 1)),
            ("bob", PlayerResult(name: "Bob", score: 7, rank: 2, solved: 0, failed: 0, team: 0)),
            ("cy", PlayerResult(name: "Cy", score: 5, rank: 3, solved: 0, failed: 0, team: 1)),
            ("bot", PlayerResult(name: "Bot", score: 4, rank: 4, solved: 0, failed: 0, ranked: false, team: 0)),
            ("dee", PlayerResult(name: "Dee", score: 1, rank: 5, solved: 0, failed: 0)),
        ]
        let sides = MergeRatings.sides(results)
        #expect(sides.map { $0.members.map(\.key) } == [["ann", "cy"], ["bob", "bot"], ["dee"]])
        #expect(sides.map(\.score) == [15, 11, 1])
        #expect(sides[1].members.map(\.isBot) == [false, true])
        let game = RatedGame(ranked: true, sides: sides)
        #expect(game?.teams.map(\.keys) == [["ann", "cy"], ["bob"], ["dee"]])
    }

    /// `team` round-trips through an outbox file; a record written before it decodes with no team.
    @Test func theTeamIsEncodedAndOldRecordsDecodeWithout() throws {
        let result = PlayerResult(name: "Ann", score: 3, rank: 1, solved: 1, failed: 0, team: 2)
        let data = try JSONEncoder().encode(result)
        #expect(try JSONDecoder().decode(PlayerResult.self, from: data).team == 2)
        let old = Data(#"{"name":"Ann","score":3,"rank":1,"solved":1,"failed":0,"ranked":true}"#.utf8)
        #expect(try JSONDecoder().decode(PlayerResult.self, from: old).team == nil)
        let solo = try JSONEncoder().encode(PlayerResult(name: "Ann", score: 3, rank: 1, solved: 1, failed: 0))
        #expect(!String(decoding: solo, as: UTF8.self).contains("team"))
    }
}
