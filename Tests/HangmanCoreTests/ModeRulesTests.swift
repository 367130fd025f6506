import Testing

@testable import HangmanCore

/// The setter and race rules of `Game`, and the setter's word check, as pure values.
@Suite struct ModeRulesTests {
    static let words = WordList(words: ["ab", "cd"])

    static func game(_ mode: Mode, players: [PlayerID] = ["ann", "bob", "cy"], misses: Int = 7) throws -> Game {
        var settings = Settings()
        settings.mode = mode
        settings.misses = misses
        settings.rounds = 2
        var rng = SeededRandom(seed: 1)
        return try Game(settings: settings, players: players, words: words, rng: &rng)
    }

    @Test(
        arguments: [
            ("elephant", nil, Result<String, SetterWord.Refusal>.success("elephant")),
            ("Zebra", nil, .success("zebra")),
            ("x1", nil, .failure(.alphabet("a-z"))),
            ("café", nil, .failure(.alphabet("a-z"))),
            ("a", nil, .failure(.length(2...64))),
            ("abcd", 5, .failure(.length(5...5))),
            ("abcde", 5, .success("abcde")),
            ("Fudge", nil, .failure(.blocked)),
        ] as [(String, Int?, Result<String, SetterWord.Refusal>)])
    func theSetterWordCheck(word: String, length: Int?, expected: Result<String, SetterWord.Refusal>) {
        var settings = Settings()
        settings.length = length
        #expect(SetterWord.check(word, settings: settings, blocklist: Blocklist(text: "# c\n  fudge \r\n\n")) == expected)
    }

    @Test func theBlocklistSkipsCommentsAndBlankLinesAndIgnoresCase() {
        let list = Blocklist(text: "# a comment\n\nBadWord\n\tother \n#notaword\n")
        #expect(list.words == ["badword", "other"])
        #expect(list.contains("BADWORD") && !list.contains("notaword"))
    }

    @Test func settersGoInSeatOrderAndNeverHoldTheTurn() throws {
        var game = try Self.game(.setter)
        #expect(game.awaitedSetter == "ann" && game.turn == nil)
        #expect(throws: GameError.notYourTurn) { try game.guess(player: "bob", letter: "a") }
        #expect(try game.setWord("xyz", by: "ann") == [.turn(player: "bob")])
        _ = try game.guess(player: "bob", letter: "q")
        #expect(game.turn == "cy")
        _ = try game.guess(player: "cy", letter: "w")
        #expect(game.turn == "bob", "the setter is skipped")
        _ = try game.guess(player: "bob", word: "xyz")
        #expect(game.awaitedSetter == "bob", "round 2: the next seat sets")
    }

    @Test func aSkippedSetterPassesToTheNextSeatAndAllSkippedDrawsTheWord() throws {
        var game = try Self.game(.setter, players: ["ann", "bob"])
        #expect(game.skipSetter() == [.awaitingWord(setter: "bob")])
        #expect(game.skipSetter() == [.turn(player: "ann")])
        #expect(game.setterRound?.drawn == true && game.playerSetRounds == 0)
        _ = try game.guess(player: "ann", letter: "q")
        #expect(game.turn == "bob", "with a drawn word everyone guesses")
    }

    @Test func theSetterScoresOnAHang() throws {
        var game = try Self.game(.setter, players: ["ann", "bob"], misses: 1)
        _ = try game.setWord("xyz", by: "ann")
        let events = try game.guess(player: "bob", letter: "q")
        #expect(events.contains(.setterScored(player: "ann", points: 80)))
        #expect(game.players.first { $0.id == "ann" }?.score == 80)
    }

    @Test func aSetterWhoGoesAwayIsSkipped() throws {
        var game = try Self.game(.setter)
        #expect(game.setConnected("ann", false) == [.awaitingWord(setter: "bob")])
        #expect(game.leave("bob") == [.awaitingWord(setter: "cy")])
    }

    @Test func racersHaveOwnBoardsAndTheFirstSolveWins() throws {
        var game = try Self.game(.race)
        let word = game.round.answer ?? (game.plan.first.flatMap { if case .word(let w) = $0 { w } else { nil } } ?? "")
        #expect(game.turn == nil && game.race?.count == 3)
        _ = try game.raceGuess(player: "ann", letter: word.first, word: nil)
        #expect(game.raceBoard(of: "ann")?.found == 1 && game.raceBoard(of: "bob")?.found == 0)
        let events = try game.raceGuess(player: "bob", letter: nil, word: word)
        #expect(events.contains { if case .roundOver(_, _, .won, "bob", _) = $0 { true } else { false } })
        #expect(game.roundNumber == 2 && game.raceBoard(of: "ann")?.found == 0, "a fresh board for round 2")
        #expect(game.players.first { $0.id == "bob" }?.solved == 1 && game.players.first { $0.id == "ann" }?.failed == 1)
    }

    @Test func aRaceIsLostWhenEveryoneHangs() throws {
        var game = try Self.game(.race, players: ["ann", "bob"], misses: 1)
        _ = try game.raceGuess(player: "ann", letter: "z", word: nil)
        #expect(game.raceBoard(of: "ann")?.isOut == true && game.roundNumber == 1)
        #expect(throws: GameError.notYourTurn) { try game.raceGuess(player: "ann", letter: "y", word: nil) }
        let events = try game.raceGuess(player: "bob", letter: "z", word: nil)
        #expect(events.contains { if case .roundOver(_, _, .lost, nil, _) = $0 { true } else { false } })
    }

    @Test func aJoinerRacesFromAFreshBoardAndALeaverCanEndTheRound() throws {
        var game = try Self.game(.race, players: ["ann", "bob"], misses: 1)
        #expect(game.join("cy") == [] && game.raceBoard(of: "cy") != nil && game.turn == nil)
        _ = try game.raceGuess(player: "ann", letter: "z", word: nil)
        _ = try game.raceGuess(player: "bob", letter: "z", word: nil)
        #expect(game.roundNumber == 1, "cy still races")
        let events = game.leave("cy")
        #expect(events.contains { if case .roundOver(_, _, .lost, nil, _) = $0 { true } else { false } })
    }
}
