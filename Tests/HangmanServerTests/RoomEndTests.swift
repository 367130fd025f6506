import HangmanCore
import HangmanStore
import Testing

@testable import HangmanServer

/// A game's end as pure values: its record and ranking (`RoomGame.finish`) and each seated
/// player's own closing lines (`StandingLines`).
struct RoomEndTests {
    final class Client {}
    let ann = Client()
    let bob = Client()

    static let words = WordList(words: ["ab", "abc", "abcd"])

    static func board() -> RoomSnapshot {
        RoomSnapshot(
            room: "den", status: .won, mode: "classic", difficulty: "easy", round: 1, rounds: 2, pattern: "ab", misses: 0,
            maxMisses: 7, guessed: ["a", "b"], available: [], turn: nil, turnSecondsLeft: nil, players: [], spectators: 0,
            host: "Ann", isPrivate: false)
    }

    /// A room game started at wall time 100 with Ann, bob and cy, one round played.
    static func started(ownWords: Bool = false, settings: Settings = Settings()) throws -> RoomGame {
        var rng = SeededRandom(seed: 3)
        var match = RoomGame()
        match.start(
            try Game(settings: settings, players: ["Ann", "bob", "cy"], words: words, rng: &rng), at: 100, ownWords: ownWords)
        match.roundEnded(RoundRecord(word: "ab", won: true, mistakes: 0, solver: "Ann"), board())
        return match
    }

    @Test func finishingRecordsTheRoundsAndRanksThoseWhoPlayed() throws {
        var match = try Self.started()
        var bob = GamePlayer(id: "bob", score: 2, connected: false)
        bob.moves = 1
        let everyone = [GamePlayer(id: "Ann", score: 5, solved: 1), bob, GamePlayer(id: "cy", connected: false)]
        let (record, views) = match.finish(everyone, room: "den", bots: ["bob"], settings: Settings(), at: 160)
        #expect(match.phase == .over && match.current != nil, "kept for its final board")
        #expect(record.room == "den" && record.started == 100 && record.ended == 160 && record.ranked)
        #expect(record.rounds.map(\.word) == ["ab"] && record.mode == "classic")
        #expect(record.results.map(\.name) == ["Ann", "bob"], "cy never played and is away: left out")
        #expect(record.results.map(\.rank) == [1, 2] && record.results.map(\.score) == [5, 2])
        #expect(record.results.map(\.ranked) == [true, false], "a bot stays off the leaderboard")
        #expect(record.results.allSatisfy { $0.team == nil })
        #expect(views.map(\.name) == ["Ann", "bob"] && views.map(\.bot) == [false, true])
        #expect(views.map(\.connected) == [true, false])
    }

    @Test func nobodyWhoPlayedStillRanksEveryone() throws {
        var match = try Self.started()
        let everyone = [GamePlayer(id: "Ann", connected: false), GamePlayer(id: "bob", connected: false)]
        let (record, views) = match.finish(everyone, room: "den", bots: [], settings: Settings(), at: 160)
        #expect(record.results.map(\.name) == ["Ann", "bob"] && views.count == 2)
    }

    @Test func theRoomsOwnWordsKeepTheGameOffTheLeaderboard() throws {
        var own = try Self.started(ownWords: true)
        let (record, _) = own.finish([GamePlayer(id: "Ann", score: 1)], room: "den", bots: [], settings: Settings(), at: 160)
        #expect(!record.ranked)
        var drawn = try Self.started()
        drawn.drawOwnWords()
        let (later, _) = drawn.finish([GamePlayer(id: "Ann", score: 1)], room: "den", bots: [], settings: Settings(), at: 160)
        #expect(!later.ranked, "own words drawn from a later round on")
    }

    @Test func aTeamsGameRanksEachPlayerByTheirTeam() throws {
        var settings = Settings()
        settings.mode = .teams
        settings.teams = 2
        var match = try Self.started(settings: settings)
        let teams = try #require(match.current?.teams)
        let everyone = ["Ann", "bob", "cy"].map { GamePlayer(id: PlayerID($0), score: 1) }
        let (record, views) = match.finish(everyone, room: "den", bots: [], settings: settings, at: 160)
        #expect(record.results.map(\.team) == everyone.map { teams.team(of: $0.id).map { $0 - 1 } }, "0-based in the record")
        #expect(views.map(\.team) == everyone.map { teams.team(of: $0.id) })
        let sameTeam = record.results.filter { $0.team == record.results[0].team }
        #expect(Set(sameTeam.map(\.rank)).count == 1, "a team shares its place")
    }

    // MARK: StandingLines

    @Test func eachSeatedPlayerGetsTheirMonthThenTheirRating() throws {
        let month = try #require(LeaderboardMonth(year: 2026, month: 11))
        let end = GameEnd(
            outcome: .saved(7), month: month,
            standings: [
                MonthlyStanding(name: "Ann", rank: 1, players: 4, score: 9, games: 2, wins: 1),
                MonthlyStanding(name: "gone", rank: 2, players: 4, score: 3, games: 1, wins: 0),
                MonthlyStanding(name: "Bob", rank: 3, players: 4, score: 1, games: 1, wins: 0),
            ],
            ratings: [
                RatingUpdate(key: "bob", before: Rating(mu: 25, sigma: 8), after: Rating(mu: 27, sigma: 7), games: 2),
                RatingUpdate(key: "nobody", before: Rating(mu: 25, sigma: 8), after: Rating(mu: 20, sigma: 7), games: 1),
            ])
        var seating = Seating()
        seating.seat("Ann", client: ObjectIdentifier(ann))
        seating.seat("bob", client: ObjectIdentifier(bob))
        let lines = StandingLines.lines(end, room: "den", seats: seating.seats, provisionalGames: 5)
        #expect(lines.map(\.0) == [ObjectIdentifier(ann), ObjectIdentifier(bob), ObjectIdentifier(bob)])
        guard case .monthStanding(let room, let shown, let annStanding) = lines[0].1,
            case .monthStanding(_, _, let bobStanding) = lines[1].1,
            case .ratingChange(_, let rating) = lines[2].1
        else { return #expect(Bool(false), "two month lines, then one rating") }
        #expect(room == "den" && shown == "2026-11" && annStanding.rank == 1 && bobStanding.name == "Bob")
        #expect(rating.games == 2 && rating.provisionalGames == 5 && rating.after > rating.before)
    }

    @Test func aDroppedSeatGetsNoLines() throws {
        let month = try #require(LeaderboardMonth(year: 2026, month: 11))
        let end = GameEnd(
            outcome: .saved(7), month: month,
            standings: [MonthlyStanding(name: "Ann", rank: 1, players: 1, score: 9, games: 1, wins: 1)])
        var seating = Seating()
        seating.seat("Ann", client: ObjectIdentifier(ann))
        _ = seating.drop(seat: 0)
        #expect(StandingLines.lines(end, room: "den", seats: seating.seats, provisionalGames: 5).isEmpty)
    }
}
