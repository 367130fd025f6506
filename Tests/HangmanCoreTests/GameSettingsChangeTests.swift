import Testing

@testable import HangmanCore

/// `updateSettings`: a change during a game applies from the next round.
@Suite struct GameSettingsChangeTests {
    static let words = WordList(words: ["ab", "cd", "efg", "hij"])

    static func game(rounds: Int = 3, misses: Int = 5) throws -> Game {
        var settings = Settings()
        settings.rounds = rounds
        settings.misses = misses
        settings.length = 2
        var rng = SeededRandom(seed: 7)
        return try Game(settings: settings, players: ["ann"], words: words, rng: &rng)
    }

    /// Wins the current round by guessing every letter of its word.
    static func solve(_ game: inout Game) throws {
        let round = game.roundNumber
        for letter in "abcdefghij" where game.roundNumber == round && !game.isOver && !game.round.guessed.contains(letter) {
            _ = try game.guess(player: "ann", letter: letter)
        }
    }

    @Test func theRoundUnderWayKeepsItsRules() throws {
        var game = try Self.game(misses: 5)
        var new = game.settings
        new.misses = 2
        new.length = 3
        var rng = SeededRandom(seed: 1)
        try game.updateSettings(new, rng: &rng)
        #expect(game.round.maxMisses == 5 && game.round.length == 2)
        #expect(game.settings.misses == 5 && game.pendingSettings == new)
        try Self.solve(&game)
        #expect(game.roundNumber == 2)
        #expect(game.round.maxMisses == 2 && game.round.length == 3)
        #expect(game.settings == new && game.pendingSettings == nil)
    }

    @Test func fewerRoundsEndTheGameSooner() throws {
        var game = try Self.game(rounds: 3)
        var new = game.settings
        new.rounds = 1
        var rng = SeededRandom(seed: 1)
        try game.updateSettings(new, rng: &rng)
        try Self.solve(&game)
        #expect(game.isOver)
    }

    @Test func roundsBelowTheCurrentRoundAndWordlessSettingsAreRefused() throws {
        var game = try Self.game(rounds: 3)
        try Self.solve(&game)
        #expect(game.roundNumber == 2)
        var rng = SeededRandom(seed: 1)
        var tooFew = game.settings
        tooFew.rounds = 1
        #expect(throws: SettingsError.self) { try game.updateSettings(tooFew, rng: &rng) }
        var wordless = game.settings
        wordless.length = 9
        #expect(throws: SettingsError.self) { try game.updateSettings(wordless, rng: &rng) }
        #expect(game.pendingSettings == nil)
    }
}
