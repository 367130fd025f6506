import Testing

@testable import HangmanCore

@Suite struct GameTests {
    /// One word, so every round of a classic game plays "ab".
    static let oneWord = WordList(words: ["ab"])

    static func game(
        _ players: [PlayerID] = ["ann", "bob", "cat"], rounds: Int = 2, misses: Int = 3, words: WordList = oneWord,
        mode: Mode = .classic, seed: UInt64 = 1
    ) throws -> Game {
        var settings = Settings()
        settings.rounds = rounds
        settings.misses = misses
        settings.mode = mode
        var rng = SeededRandom(seed: seed)
        return try Game(settings: settings, players: players, words: words, rng: &rng)
    }

    @Test func startsWithFirstSeat() throws {
        let game = try Self.game()
        #expect(game.turn == "ann" && game.roundNumber == 1 && !game.isOver)
        #expect(game.players.map(\.name) == ["ann", "bob", "cat"])
        #expect(game.round.pattern == "__" && game.round.maxMisses == 3)
    }

    @Test func hitKeepsTurnMissPasses() throws {
        var game = try Self.game(rounds: 1, misses: 5)
        #expect(
            try game.guess(player: "ann", letter: "z") == [
                .guessed(player: "ann", letter: "z", word: nil, hit: false, count: 0, points: 0), .turn(player: "bob"),
            ])
        #expect(
            try game.guess(player: "bob", letter: "a") == [
                .guessed(player: "bob", letter: "a", word: nil, hit: true, count: 1, points: 10)
            ])
        #expect(game.turn == "bob")
        #expect(
            try game.guess(player: "bob", word: "ax") == [
                .guessed(player: "bob", letter: nil, word: "ax", hit: false, count: 0, points: 0), .turn(player: "cat"),
            ])
        #expect(game.round.misses == 2)
    }

    @Test func refusedGuessesChangeNothing() throws {
        var game = try Self.game()
        #expect(throws: GameError.notYourTurn) { try game.guess(player: "bob", letter: "a") }
        #expect(throws: GameError.notAPlayer) { try game.guess(player: "zed", letter: "a") }
        #expect(throws: GameError.invalidInput("a guess is one letter a-z")) { try game.guess(player: "ann", letter: "1") }
        #expect(throws: GameError.invalidInput("a word guess is 2 letters a-z")) { try game.guess(player: "ann", word: "abc") }
        _ = try game.guess(player: "ann", letter: "a")
        #expect(throws: GameError.alreadyGuessed) { try game.guess(player: "ann", letter: "a") }
        _ = try game.guess(player: "ann", word: "ax")  // wrong: turn to bob
        #expect(throws: GameError.alreadyGuessed) { try game.guess(player: "bob", word: "AX") }
        #expect(game.turn == "bob" && game.round.misses == 1 && game.players[0].score == 10)
    }

    /// Round 1 won by ann's last letter: bonus, tallies, next round begins with the next seat.
    /// Round 2 lost: game over with ranking.
    @Test func roundsAndGameOver() throws {
        var game = try Self.game(rounds: 2, misses: 3)
        _ = try game.guess(player: "ann", letter: "a")
        let events = try game.guess(player: "ann", letter: "b")
        // 10 for the letter + (50 + 10 × 3 misses left) bonus.
        #expect(
            events == [
                .guessed(player: "ann", letter: "b", word: nil, hit: true, count: 1, points: 90),
                .roundOver(round: 1, word: "ab", result: .won, solver: "ann", mistakes: 0),
                .roundStarted(round: 2),
                .turn(player: "bob"),
            ])
        #expect(game.roundNumber == 2 && game.round.pattern == "__" && game.players[0].score == 100)

        _ = try game.guess(player: "bob", letter: "x")
        _ = try game.guess(player: "cat", letter: "y")
        let last = try game.guess(player: "ann", letter: "z")
        #expect(game.isOver && game.turn == nil)
        let ranking = game.ranking
        #expect(ranking.map(\.name) == ["ann", "bob", "cat"])
        #expect(
            last == [
                .guessed(player: "ann", letter: "z", word: nil, hit: false, count: 0, points: 0),
                .roundOver(round: 2, word: "ab", result: .lost, solver: nil, mistakes: 3),
                .gameOver(ranking: ranking),
            ])
        #expect(game.players.allSatisfy { $0.solved == 1 && $0.failed == 1 })
        #expect(game.finishedRounds.map(\.result) == [.won, .lost])
        #expect(throws: GameError.gameOver) { try game.guess(player: "ann", letter: "q") }
        #expect(game.timeout().isEmpty)
    }

    @Test func wholeWordSolveScoresRevealedLettersAndBonus() throws {
        var game = try Self.game(rounds: 1, misses: 3)
        _ = try game.guess(player: "ann", letter: "z")  // miss, 2 left; bob's turn
        let events = try game.guess(player: "bob", word: "AB")
        // 2 hidden letters × 10 + (50 + 10 × 2).
        #expect(events.first == .guessed(player: "bob", letter: nil, word: "ab", hit: true, count: 2, points: 90))
        #expect(game.isOver && game.ranking.first?.name == "bob")
    }

    @Test func rankingTiesKeepSeatOrder() throws {
        var game = try Self.game(["ann", "bob", "cat"], rounds: 1)
        _ = try game.guess(player: "ann", letter: "z")
        _ = try game.guess(player: "bob", letter: "a")  // bob 10
        _ = try game.guess(player: "bob", letter: "y")
        #expect(game.ranking.map(\.name) == ["bob", "ann", "cat"])
    }

    @Test func timeoutPassesTheTurnWithoutAMiss() throws {
        var game = try Self.game()
        #expect(game.timeout() == [.turn(player: "bob")])
        #expect(game.timeout() == [.turn(player: "cat")])
        #expect(game.timeout() == [.turn(player: "ann")])
        #expect(game.round.misses == 0)
    }

    @Test func leaverHoldingTheTurnPassesItToTheNextSeat() throws {
        var game = try Self.game()
        _ = game.timeout()  // bob
        #expect(game.leave("bob") == [.turn(player: "cat")])
        #expect(game.players.map(\.name) == ["ann", "cat"])
        #expect(game.leave("cat") == [.turn(player: "ann")])  // wraps around
        #expect(game.leave("ann") == [.turn(player: nil)])
        #expect(game.turn == nil)
    }

    @Test func leaverBeforeTheTurnHolderKeepsTheTurnWhereItIs() throws {
        var game = try Self.game()
        _ = game.timeout()
        _ = game.timeout()  // cat
        #expect(game.leave("ann").isEmpty)
        #expect(game.turn == "cat")
        #expect(game.timeout() == [.turn(player: "bob")])
        #expect(game.leave("nobody").isEmpty)
    }

    @Test func joinMidGameSitsAtTheEnd() throws {
        var game = try Self.game()
        _ = game.timeout()  // bob
        #expect(game.join("dan").isEmpty)
        #expect(game.join("dan").isEmpty)
        #expect(game.players.map(\.name) == ["ann", "bob", "cat", "dan"])
        _ = game.timeout()  // cat
        #expect(game.timeout() == [.turn(player: "dan")])
        #expect(try game.guess(player: "dan", letter: "z").last == .turn(player: "ann"))
    }

    @Test func disconnectedPlayersAreSkipped() throws {
        var game = try Self.game()
        #expect(game.setConnected("bob", false).isEmpty)
        #expect(try game.guess(player: "ann", letter: "z").last == .turn(player: "cat"))
        #expect(game.setConnected("cat", false) == [.turn(player: "ann")])  // holder leaves: turn moves on
        #expect(game.setConnected("ann", false) == [.turn(player: nil)])
        #expect(game.turn == nil)
        #expect(throws: GameError.notYourTurn) { try game.guess(player: "ann", letter: "a") }
        #expect(game.timeout().isEmpty)
        #expect(game.setConnected("bob", true) == [.turn(player: "bob")])
        #expect(game.setConnected("bob", true).isEmpty)
        #expect(game.players.map(\.connected) == [false, true, false])
    }

    @Test func joinerTakesAnEmptyTurn() throws {
        var game = try Self.game([])
        #expect(game.turn == nil)
        #expect(game.join("eve") == [.turn(player: "eve")])
        #expect(
            try game.guess(player: "eve", letter: "z") == [
                .guessed(player: "eve", letter: "z", word: nil, hit: false, count: 0, points: 0), .turn(player: "eve"),
            ])
    }

    @Test func duplicateNamesSeatedOnce() throws {
        let game = try Self.game(["ann", "ann", "bob"])
        #expect(game.players.map(\.name) == ["ann", "bob"])
    }

    @Test func noWordFitsThrows() {
        var settings = Settings()
        settings.length = 3
        var rng = SeededRandom(seed: 1)
        #expect(throws: SettingsError.self) {
            try Game(settings: settings, players: ["a"], words: Self.oneWord, rng: &rng)
        }
    }
}

@Suite struct GameWordTests {
    /// 2,000 made-up words of lengths 3...8.
    static let words: WordList = {
        var rng = SeededRandom(seed: 99)
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        return WordList(
            words: (0..<2000).map { index in
                String((0..<(3 + index % 6)).map { _ in letters[Int(rng.next() % 26)] })
            })
    }()

    static func plan(seed: UInt64, mode: Mode = .classic, length: Int? = nil, difficulty: Difficulty = .custom) throws
        -> [Game.RoundPlan]
    {
        var settings = Settings()
        settings.rounds = 10
        settings.mode = mode
        settings.length = length
        settings.difficulty = difficulty
        var rng = SeededRandom(seed: seed)
        return try Game(settings: settings, players: ["p"], words: words, rng: &rng).plan
    }

    @Test(arguments: [Mode.classic, .evil])
    func sameSeedSameWords(mode: Mode) throws {
        #expect(try Self.plan(seed: 7, mode: mode) == Self.plan(seed: 7, mode: mode))
        #expect(try Self.plan(seed: 7, mode: mode) != Self.plan(seed: 8, mode: mode))
    }

    @Test func classicWordsFitSettingsAndDiffer() throws {
        let plan = try Self.plan(seed: 3, length: 5, difficulty: .easy)
        let words = plan.compactMap { if case .word(let word) = $0 { word } else { nil } }
        #expect(words.count == 10 && Set(words).count == 10)
        #expect(words.allSatisfy { $0.count == 5 && Set($0).count == 5 && Self.words.contains($0) })
    }

    @Test func evilRoundsUseEveryFittingWordOfTheLength() throws {
        var settings = Settings()
        settings.mode = .evil
        settings.length = 6
        var rng = SeededRandom(seed: 5)
        let game = try Game(settings: settings, players: ["p"], words: Self.words, rng: &rng)
        #expect(game.round.mode == .evil && game.round.length == 6)
        #expect(game.round.candidatesLeft == Self.words.count(length: 6, distinctLetters: nil))
    }

    @Test func evilLengthsComeFromFittingLengths() throws {
        let plan = try Self.plan(seed: 11, mode: .evil, difficulty: .veryHard)
        let fitting = Set(Self.words.lengths(distinctLetters: Difficulty.veryHard.distinctLetters))
        for entry in plan {
            guard case .evil(let length) = entry else {
                Issue.record("classic entry in an evil plan")
                continue
            }
            #expect(fitting.contains(length))
        }
    }

    @Test func differentGamesPlayTheWordsDrawn() throws {
        // Losing every round on purpose reveals the words in play; they must follow the plan.
        var settings = Settings()
        settings.rounds = 3
        settings.misses = 1
        var rng = SeededRandom(seed: 21)
        var game = try Game(settings: settings, players: ["p"], words: Self.words, rng: &rng)
        var played: [String] = []
        while !game.isOver {
            let letter = game.round.available.first { letter in !game.round.pattern.contains(letter) } ?? "a"
            _ = try game.guess(player: "p", word: String(repeating: letter, count: game.round.length))
            if let summary = game.finishedRounds.last, summary.round == played.count + 1 { played.append(summary.word) }
        }
        #expect(game.plan == played.map { .word($0) })
    }
}

/// The game keys players by `PlayerID`: one player whatever the case they type (defect 2 of issue 11:
/// `Ann` came back as `ann` and every guess was refused).
@Suite struct GamePlayerIdentityTests {
    @Test func aPlayerIsTheSameInAnyCase() throws {
        var game = try GameTests.game(["Ann", "bob"], rounds: 1, misses: 5)
        #expect(game.turn?.name == "Ann")
        _ = game.setConnected(PlayerID("ann"), false)
        #expect(game.turn == "bob")
        _ = try game.guess(player: "bob", letter: "z")
        _ = game.setConnected(PlayerID("ANN"), true)
        _ = try game.guess(player: "bob", letter: "y")
        #expect(game.turn == PlayerID("aNN"))
        let events = try game.guess(player: PlayerID("ann"), letter: "a")
        #expect(events.first == .guessed(player: "Ann", letter: "a", word: nil, hit: true, count: 1, points: 10))
        // Shown as first typed.
        #expect(game.players.map(\.name) == ["Ann", "bob"])
    }

    @Test func duplicatesInAnyCaseAreSeatedOnce() throws {
        var game = try GameTests.game(["Ann", "ANN", "bob"])
        #expect(game.players.map(\.name) == ["Ann", "bob"])
        #expect(game.join(PlayerID("aNn")).isEmpty)
        #expect(game.players.count == 2)
        _ = game.leave(PlayerID("ann"))
        #expect(game.players.map(\.name) == ["bob"])
    }

    @Test func identityComparesTheFoldedKey() {
        #expect(PlayerID("Ann") == PlayerID("ann"))
        #expect(PlayerID("Ann").name == "Ann" && PlayerID("Ann").key == "ann")
        #expect(Set([PlayerID("Ann"), PlayerID("aNN")]).count == 1)
        #expect(PlayerID("Ann") != PlayerID("Anne"))
    }
}
