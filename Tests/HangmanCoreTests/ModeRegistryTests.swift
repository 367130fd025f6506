import Testing

@testable import HangmanCore

/// The registry (`Mode.rules`) and each rule type behind `ModeRules`, called through the protocol.
@Suite struct ModeRegistryTests {
    static let words = WordList(words: ["ab", "cd", "abc", "xyz", "wxyz"])

    static func game(_ mode: Mode, players: [PlayerID] = ["ann", "bob"], length: Int? = 2, misses: Int = 7) throws -> Game {
        var settings = Settings()
        settings.mode = mode
        settings.length = length
        settings.misses = misses
        settings.rounds = 2
        var rng = SeededRandom(seed: 3)
        return try Game(settings: settings, players: players, words: words, rng: &rng)
    }

    @Test(arguments: Mode.allCases)
    func everyModeHasOneRuleTypeThatNamesIt(mode: Mode) {
        #expect(mode.rules.mode == mode)
        #expect(!mode.help.isEmpty)
        #expect(mode.minimumPlayers >= 1 && (mode.minimumPlayers == 1) == mode.rules.minimumPlayersReason.isEmpty)
        #expect(Mode.allCases.filter { $0.help == mode.help } == [mode], "one help line per mode")
    }

    @Test func theRegistrySaysWhatEachModeIs() {
        #expect(Mode.allCases.map(\.scorePercent) == [100, 150, 100, 100, 100])
        #expect(Mode.allCases.map(\.minimumPlayers) == [1, 1, 2, 1, 2])
        #expect(Mode.allCases.map(\.isOffered) == [true, true, true, true, true])
        #expect(Mode.names == "classic, evil, setter, race or teams")
    }

    @Test(arguments: [Mode.classic, .setter, .race, .teams])
    func wordModesDrawAWordPerRound(mode: Mode) {
        var settings = Settings()
        settings.mode = mode
        settings.length = 3
        settings.rounds = 4
        var rng = SeededRandom(seed: 1)
        let plan = mode.rules.drawPlan(settings: settings, words: Self.words, rng: &rng)
        #expect(plan.count == 4)
        #expect(plan.allSatisfy { $0 == .word("abc") || $0 == .word("xyz") })
        #expect(Set(plan.prefix(2)).count == 2, "different words while the list has them")
    }

    @Test func evilDrawsALengthPerRound() {
        var settings = Settings()
        settings.mode = .evil
        settings.rounds = 30
        var rng = SeededRandom(seed: 1)
        let plan = EvilRules().drawPlan(settings: settings, words: Self.words, rng: &rng)
        #expect(plan.count == 30)
        #expect(Set(plan) == [.evil(length: 2), .evil(length: 3), .evil(length: 4)], "weighted by words, all drawn")
        settings.length = 4
        #expect(Set(EvilRules().drawPlan(settings: settings, words: Self.words, rng: &rng)) == [.evil(length: 4)])
    }

    @Test(arguments: [Mode.classic, .evil, .teams])
    func turnModesGuessOnOneBoardAndTheRoomWinsTogether(mode: Mode) throws {
        var game = try Self.game(mode)
        // Seat order opens (teams: team 1's first player, drawn here).
        let opener = try #require(game.turn)
        let other = try #require(game.players.first { $0.id != opener }?.id)
        #expect((mode == .teams || opener == "ann") && game.race == nil && game.awaitedSetter == nil)
        #expect(throws: GameError.notYourTurn) { try game.guess(player: other, letter: "a") }
        let word = try #require(Self.finish(&game))
        #expect(game.roundNumber == 2 && game.finishedRounds.last?.word == word && game.finishedRounds.last?.racers == nil)
        #expect(game.players.map(\.solved) == [1, 1] && game.players.map(\.failed) == [0, 0])
        #expect(game.isRanked)
    }

    /// Solves the round on the turn holder's turn, trying the list's words; the word solved.
    static func finish(_ game: inout Game) -> String? {
        for word in ["ab", "cd"] {
            guard let player = game.turn else { return nil }
            if let events = try? game.guess(player: player, word: word),
                events.contains(where: { if case .roundOver(_, _, .won, _, _) = $0 { true } else { false } })
            {
                return word
            }
        }
        return nil
    }

    @Test func classicPlacesArePositionsAndEvilScoresHalfAsMuchAgain() throws {
        var points: [Mode: Int] = [:]
        for mode in [Mode.classic, .evil] {
            var settings = Settings()
            settings.mode = mode
            settings.rounds = 1
            var rng = SeededRandom(seed: 1)
            var game = try Game(settings: settings, players: ["ann", "bob"], words: WordList(words: ["ab"]), rng: &rng)
            _ = try game.guess(player: "ann", word: "ab")
            #expect(game.isOver && game.ranking.map(\.name) == ["ann", "bob"])
            #expect(game.places(of: game.ranking) == [1, 2])
            points[mode] = game.ranking.first?.score
        }
        #expect(points[.classic] == 20 + 50 + 70 && points[.evil] == (20 + 50 + 70) * 3 / 2)
    }

    @Test func setterRulesWaitForTheWordKeepTheSetterOffTheTurnScoreTheHangAndUnrank() throws {
        var game = try Self.game(.setter, players: ["ann", "bob", "cy"], misses: 1)
        let rules = SetterRules()
        #expect(game.awaitedSetter == "ann" && game.turn == nil)
        #expect(!rules.mayTakeTurn(game, seat: 1), "nobody guesses while the word is awaited")
        #expect(game.isRanked)
        _ = try game.setWord("xy", by: "ann")
        #expect(!rules.mayTakeTurn(game, seat: 0) && rules.mayTakeTurn(game, seat: 1))
        #expect(!game.isRanked, "a player set a word")
        let events = try game.guess(player: "bob", letter: "q")
        #expect(
            events.contains(.setterScored(player: "ann", points: SetterRules.setterPoints(hidden: 2, settings: game.settings))))
        #expect(game.players.map(\.failed) == [1, 1, 1])
        // A mode changed after a setter round keeps the game unranked.
        var classic = game.settings
        classic.mode = .classic
        var rng = SeededRandom(seed: 1)
        try game.updateSettings(classic, rng: &rng)
        #expect(!game.isRanked)
    }

    @Test func aBotsDrawnWordKeepsTheSetterGameRanked() throws {
        var game = try Self.game(.setter)
        _ = try game.setDrawnWord(by: "ann")
        #expect(game.turn == "bob" && game.isRanked)
    }

    @Test func raceRulesGuessOnOwnBoardsThroughTheGameAndTheSolverAloneWins() throws {
        var game = try Self.game(.race, misses: 3)
        #expect(game.turn == nil && !RaceRules().mayTakeTurn(game, seat: 0))
        _ = try game.guess(player: "bob", letter: "q")
        #expect(game.raceBoard(of: "bob")?.round.misses == 1 && game.raceBoard(of: "ann")?.round.misses == 0)
        let word = try #require(game.raceBoard(of: "ann")).round
        var solved = false
        for candidate in ["ab", "cd"] where !solved {
            let events = try game.guess(player: "ann", word: candidate)
            solved = events.contains { if case .roundOver(_, _, .won, "ann", _) = $0 { true } else { false } }
        }
        #expect(solved && word.length == 2)
        #expect(game.players.map(\.solved) == [1, 0] && game.players.map(\.failed) == [0, 1])
        let racers = try #require(game.finishedRounds.last?.racers)
        #expect(racers["bob"] == 1)
        #expect(game.isRanked)
    }

    @Test func theTeamsRulesRankByTeam() throws {
        var settings = Settings()
        settings.mode = .teams
        settings.rounds = 1
        var rng = SeededRandom(seed: 1)
        var game = try Game(
            settings: settings, players: ["ann", "bob", "cy"], words: WordList(words: ["ab"]),
            teams: ["ann": 2, "bob": 1, "cy": 1], rng: &rng)
        #expect(game.turn == "bob")
        _ = try game.guess(player: "bob", letter: "z")
        _ = try game.guess(player: "ann", word: "ab")
        #expect(game.isOver && game.ranking.map(\.name) == ["ann", "bob", "cy"])
        #expect(game.places(of: game.ranking) == [1, 2, 2])
    }
}
