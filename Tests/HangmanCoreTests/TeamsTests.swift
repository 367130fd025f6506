import Testing

@testable import HangmanCore

/// Teams mode (`TeamsRules`, `Teams`): team assignment, the turn order between and within teams,
/// team scores and the team result.
@Suite struct TeamsTests {
    /// One word, so every letter but a and b misses.
    static let words = WordList(words: ["ab"])

    static func game(
        _ players: [PlayerID], teams: [PlayerID: Int], count: Int = 2, rounds: Int = 2, misses: Int = 20, seed: UInt64 = 1,
        words: WordList = words
    ) throws -> Game {
        var settings = Settings()
        settings.mode = .teams
        settings.teams = count
        settings.rounds = rounds
        settings.misses = misses
        var rng = SeededRandom(seed: seed)
        return try Game(settings: settings, players: players, words: words, teams: teams, rng: &rng)
    }

    /// The turn holder misses (the last letter of the alphabet not guessed yet: never in the test
    /// words); returns the next turn.
    @discardableResult
    static func miss(_ game: inout Game) throws -> PlayerID? {
        let player = try #require(game.turn)
        let letter = try #require(game.round.available.last)
        _ = try game.guess(player: player, letter: letter)
        return game.turn
    }

    /// The turns of `count` misses in a row, starting with the current holder.
    static func turns(_ game: inout Game, _ count: Int) throws -> [String] {
        var order: [String] = []
        for _ in 0..<count {
            order.append(game.turn?.name ?? "-")
            try miss(&game)
        }
        return order
    }

    @Test func turnsAlternateBetweenTeamsAndWithinATeamWithUnevenTeams() throws {
        var game = try Self.game(
            ["ann", "bob", "cy", "dan", "eve"], teams: ["ann": 1, "cy": 1, "eve": 1, "bob": 2, "dan": 2])
        #expect(try Self.turns(&game, 10) == ["ann", "bob", "cy", "dan", "eve", "bob", "ann", "dan", "cy", "bob"])
    }

    @Test func turnsFollowTeamNumbersNotSeatsAndSkipAnEmptyTeam() throws {
        // Seat order ann, bob, cy; teams 2, 1, 2; team 3 of 3 has nobody.
        var game = try Self.game(["ann", "bob", "cy"], teams: ["ann": 2, "bob": 1, "cy": 2], count: 3)
        #expect(game.turn == "bob", "team 1's first player opens the game")
        #expect(try Self.turns(&game, 6) == ["bob", "ann", "bob", "cy", "bob", "ann"])
    }

    @Test func aHitKeepsTheTurnAndTheTeamsScoresAddUp() throws {
        var game = try Self.game(["ann", "bob", "cy"], teams: ["ann": 1, "bob": 2, "cy": 1], rounds: 1)
        _ = try game.guess(player: "ann", letter: "a")
        #expect(game.turn == "ann")
        try Self.miss(&game)
        #expect(game.turn == "bob")
        try Self.miss(&game)
        #expect(game.turn == "cy")
        _ = try game.guess(player: "cy", letter: "b")
        #expect(game.isOver)
        let standings = game.teamStandings
        #expect(standings.map(\.team) == [1, 2] && standings.map(\.place) == [1, 2])
        #expect(standings[0].score == 10 + (10 + 50 + 10 * 18) && standings[0].members == ["ann", "cy"])
        #expect(standings[1].score == 0 && standings[1].members == ["bob"])
    }

    @Test func awayPlayersAreSkippedAndATeamWithNobodyConnectedIsPassedOver() throws {
        var game = try Self.game(
            ["ann", "bob", "cy", "dan", "eve"], teams: ["ann": 1, "bob": 2, "cy": 1, "dan": 2, "eve": 3], count: 3)
        #expect(game.setConnected("cy", false) == [])
        #expect(try Self.turns(&game, 4) == ["ann", "bob", "eve", "ann"], "cy is away: ann again for team 1")
        #expect(game.setConnected("eve", false) == [])
        #expect(try Self.turns(&game, 3) == ["dan", "ann", "bob"], "team 3 has nobody connected")
        // The turn holder goes away: the turn passes to the next team.
        #expect(game.turn == "ann")
        #expect(game.setConnected("ann", false) == [.turn(player: "dan")])
        #expect(game.setConnected("cy", true) == [])
        #expect(try Self.turns(&game, 2) == ["dan", "cy"])
    }

    @Test func aLeaverHoldingTheTurnPassesItToTheNextTeamAndTheTeamKeepsTheirPoints() throws {
        var game = try Self.game(
            ["ann", "bob", "cy", "dan", "eve"], teams: ["ann": 1, "bob": 2, "cy": 1, "dan": 2, "eve": 1], rounds: 1)
        #expect(try Self.turns(&game, 2) == ["ann", "bob"])
        _ = try game.guess(player: "cy", letter: "a")
        #expect(game.players.first { $0.id == "cy" }?.score == 10)
        #expect(game.leave("cy") == [.turn(player: "dan")], "cy held the turn: team 2 next")
        #expect(game.teamStandings.first { $0.team == 1 }?.score == 10, "cy's points stay with team 1")
        #expect(game.teams?.team(of: "cy") == nil)
        #expect(try Self.turns(&game, 3) == ["dan", "eve", "bob"], "team 1 goes on with the player after cy")
    }

    @Test func aLeaverNotHoldingTheTurnKeepsTheOrder() throws {
        var game = try Self.game(["ann", "bob", "cy", "dan"], teams: ["ann": 1, "bob": 2, "cy": 1, "dan": 2])
        #expect(try Self.turns(&game, 1) == ["ann"])
        #expect(game.turn == "bob")
        #expect(game.leave("ann") == [], "ann, team 1's last holder, leaves")
        #expect(game.turn == "bob")
        #expect(try Self.turns(&game, 4) == ["bob", "cy", "dan", "cy"])
        #expect(game.leave("dan") == [])
        #expect(try Self.turns(&game, 2) == ["bob", "cy"])
    }

    @Test func theLastPlayerOfATeamLeavingLeavesItsPointsInTheStandings() throws {
        var game = try Self.game(["ann", "bob", "cy"], teams: ["ann": 1, "bob": 2, "cy": 2])
        _ = try game.guess(player: "ann", letter: "a")
        #expect(game.leave("ann") == [.turn(player: "bob")])
        #expect(game.teamStandings.map(\.team) == [1, 2] && game.teamStandings[0].members.isEmpty)
        #expect(try Self.turns(&game, 3) == ["bob", "cy", "bob"], "team 1 has nobody left")
    }

    @Test func aJoinerJoinsTheSmallestTeamAndTakesAnIdleTurn() throws {
        var game = try Self.game(["ann", "bob", "cy"], teams: ["ann": 1, "bob": 2, "cy": 1])
        #expect(game.join("dan") == [])
        #expect(game.teams?.team(of: "dan") == 2)
        #expect(game.join("eve") == [])
        #expect(game.teams?.team(of: "eve") == 1, "a tie goes to the lowest number")
        #expect(try Self.turns(&game, 6) == ["ann", "bob", "cy", "dan", "eve", "bob"])

        var idle = try Self.game(["ann", "bob"], teams: ["ann": 1, "bob": 2])
        _ = idle.setConnected("ann", false)
        _ = idle.setConnected("bob", false)
        #expect(idle.turn == nil)
        #expect(idle.join("cy") == [.turn(player: "cy")])
    }

    @Test func aNewRoundOpensWithTheTeamAfterTheLastGuessers() throws {
        var game = try Self.game(["ann", "bob", "cy", "dan"], teams: ["ann": 1, "bob": 2, "cy": 1, "dan": 2])
        try Self.miss(&game)
        _ = try game.guess(player: "bob", word: "ab")
        #expect(game.roundNumber == 2 && game.turn == "cy", "bob's team solved: team 1's next player opens")
    }

    @Test func tiesBetweenTeamsGoByTeamNumberAndEveryMemberGetsTheTeamsPlace() throws {
        var game = try Self.game(
            ["ann", "bob", "cy", "dan", "eve"], teams: ["ann": 1, "bob": 2, "cy": 3, "dan": 2, "eve": 3], count: 3,
            rounds: 1)
        _ = try game.guess(player: "ann", letter: "a")  // team 1: 10
        try Self.miss(&game)
        _ = try game.guess(player: "bob", letter: "b")  // team 2 solves: 10 + 50 + 10 × 19
        let solve = 10 + 50 + 10 * 19
        #expect(game.isOver)
        #expect(game.teamStandings.map(\.team) == [2, 1, 3])
        #expect(game.teamStandings.map(\.score) == [solve, 10, 0])
        #expect(game.ranking.map(\.name) == ["bob", "dan", "ann", "cy", "eve"])
        #expect(game.places(of: game.ranking) == [1, 1, 2, 3, 3])
        #expect(game.places(of: game.ranking.filter { $0.id != "dan" }) == [1, 2, 3, 3], "a subset keeps team places")
    }

    @Test func equalTeamScoresAreATieRankedByTeamNumber() throws {
        var game = try Self.game(
            ["ann", "bob", "cy", "dan"], teams: ["ann": 2, "bob": 1, "cy": 2, "dan": 1], rounds: 1, misses: 3,
            words: WordList(words: ["abcd"]))
        #expect(game.turn == "bob")
        _ = try game.guess(player: "bob", letter: "a")
        try Self.miss(&game)
        _ = try game.guess(player: "ann", letter: "b")
        try Self.miss(&game)
        #expect(game.turn == "dan")
        try Self.miss(&game)
        #expect(game.isOver && game.round.status == .lost)
        #expect(game.teamStandings.map(\.team) == [1, 2] && game.teamStandings.map(\.score) == [10, 10])
        #expect(game.ranking.map(\.name) == ["bob", "dan", "ann", "cy"])
        #expect(game.places(of: game.ranking) == [1, 1, 2, 2])
        #expect(game.isRanked)
    }

    @Test func teamsAreBalancedAtTheStartKeepingChoicesWithTheRandomSourceInjected() throws {
        let players: [PlayerID] = ["ann", "bob", "cy", "dan", "eve", "fay", "gus"]
        for seed in UInt64(1)...20 {
            let game = try Self.game(players, teams: ["ann": 3, "bob": 3], count: 3, seed: seed)
            let teams = try #require(game.teams)
            #expect(teams.team(of: "ann") == 3 && teams.team(of: "bob") == 3)
            let sizes = (1...3).map { team in players.filter { teams.team(of: $0) == team }.count }
            #expect(sizes == [3, 2, 2], "seed \(seed): the others fill the smallest team, the lowest number first")
            let again = try Self.game(players, teams: ["ann": 3, "bob": 3], count: 3, seed: seed)
            #expect(again.teams == game.teams, "one seed, one draw")
        }
        let draws = Set(
            try (UInt64(1)...20).map { seed in
                try Self.game(players, teams: [:], count: 2, seed: seed).teams?.team(of: "ann") ?? 0
            })
        #expect(draws == [1, 2], "the draw depends on the seed")
        let unknown = try Self.game(["ann", "bob"], teams: ["ann": 5, "zed": 1], count: 2)
        #expect(unknown.teams?.assignment.count == 2 && unknown.teams?.team(of: "zed") == nil)
    }

    @Test(
        arguments: [("1", 2, 1), ("4", 4, 4), ("3", 2, nil), ("0", 2, nil), ("x", 3, nil), ("", 2, nil)] as [(String, Int, Int?)])
    func theTeamChoice(text: String, count: Int, expected: Int?) {
        switch Teams.choice(text, count: count) {
        case .success(let team): #expect(team == expected)
        case .failure(let error):
            #expect(expected == nil && error == .invalidInput("a team is a number from 1 to \(count)"))
        }
    }

    @Test func aGameSwitchedToTeamsBetweenRoundsBalancesInSeatOrder() throws {
        var settings = Settings()
        settings.rounds = 2
        settings.misses = 20
        var rng = SeededRandom(seed: 1)
        var game = try Game(settings: settings, players: ["ann", "bob", "cy"], words: Self.words, rng: &rng)
        var teams = settings
        teams.mode = .teams
        teams.teams = 3
        try game.updateSettings(teams, rng: &rng)
        #expect(game.teams == nil)
        _ = try game.guess(player: "ann", word: "ab")
        #expect(game.settings.mode == .teams && game.roundNumber == 2)
        #expect(["ann", "bob", "cy"].map { game.teams?.team(of: $0) } == [1, 2, 3])
        #expect(game.turn == "bob", "the team after ann's")
    }

    @Test func teamsIsOfferedWithItsSetting() throws {
        var settings = Settings()
        #expect(Mode.teams.isOffered && Mode.names.contains("teams"))
        try settings.set("mode", "teams", words: Self.words)
        try settings.set("teams", "3", words: Self.words)
        #expect(Settings.keys.contains("teams") && settings.mode == .teams && settings.teamCount == 3)
    }
}

/// The `teams` setting at its edges, and a random walk of teams games checking the turn order's
/// invariants after every step.
@Suite struct TeamsSettingAndWalkTests {
    @Test(
        arguments: [("1", nil), ("2", 2), ("3", 3), ("4", 4), ("5", nil), ("x", nil)] as [(String, Int?)])
    func theTeamsCountIsTwoToFour(raw: String, expected: Int?) {
        do {
            let stored = try Settings.teams(raw)
            var settings = Settings()
            settings.teams = stored
            #expect(settings.teamCount == expected)
            #expect((stored == nil) == (expected == Settings.defaultTeams), "the default is stored as nil")
        } catch {
            #expect(expected == nil && error.message.contains("teams is 2-4"))
        }
        #expect(Settings().teamCount == 2)
    }

    /// The team after `team` (wrapping) that has a connected player, as the rules promise.
    static func nextTeam(after team: Int, in game: Game) -> Int? {
        guard let teams = game.teams else { return nil }
        let connected = Set(game.players.filter(\.connected).compactMap { teams.team(of: $0.id) })
        return (1...teams.count).map { (team - 1 + $0) % teams.count + 1 }.first { connected.contains($0) }
    }

    @Test(arguments: UInt64(1)...40)
    func aRandomWalkKeepsTheTurnOrdersPromises(seed: UInt64) throws {
        var rng = SeededRandom(seed: seed)
        let names: [PlayerID] = ["ann", "bob", "cy", "dan", "eve", "fay", "gus", "hal"]
        var settings = Settings()
        settings.mode = .teams
        settings.teams = Int.random(in: Settings.teamsRange, using: &rng)
        settings.rounds = 50
        settings.misses = 26
        let start = Array(names.prefix(Int.random(in: 2...5, using: &rng)))
        var game = try Game(
            settings: settings, players: start, words: WordList(words: ["ab", "cd", "ef"]), rng: &rng)
        var departed = 0
        for step in 0..<80 where !game.isOver {
            let before = game.turn.flatMap { game.teams?.team(of: $0) }
            var missed = false
            switch Int.random(in: 0..<10, using: &rng) {
            case 0:
                if let joiner = names.first(where: { name in !game.players.contains { $0.id == name } }) {
                    _ = game.join(joiner)
                }
            case 1:
                if game.players.count > 1, let leaver = game.players.randomElement(using: &rng) {
                    departed += leaver.score
                    _ = game.leave(leaver.id)
                }
            case 2, 3:
                if let player = game.players.randomElement(using: &rng) {
                    _ = game.setConnected(player.id, !player.connected)
                }
            default:
                guard let player = game.turn else { continue }
                let letter = game.round.available.randomElement(using: &rng) ?? "z"
                let hit = try game.guess(player: player, letter: letter).contains {
                    if case .guessed(_, _, _, true, _, _) = $0 { true } else { false }
                }
                missed = !hit && !game.isOver && game.round.misses > 0
            }
            guard !game.isOver else { break }
            let teams = try #require(game.teams)
            #expect(game.players.allSatisfy { teams.team(of: $0.id) != nil }, "seed \(seed) step \(step): all in a team")
            if let holder = game.turn {
                let seat = try #require(game.players.first { $0.id == holder })
                #expect(seat.connected, "seed \(seed) step \(step): the holder is connected")
            } else {
                #expect(game.players.allSatisfy { !$0.connected }, "seed \(seed) step \(step): nobody connected")
            }
            if missed, let before, let after = game.turn.flatMap({ teams.team(of: $0) }) {
                #expect(after == Self.nextTeam(after: before, in: game), "seed \(seed) step \(step): the next team")
            }
            let total = game.teamStandings.reduce(0) { $0 + $1.score }
            #expect(total == game.players.reduce(departed) { $0 + $1.score }, "seed \(seed) step \(step): team scores")
        }
    }
}
