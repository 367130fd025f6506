import Testing

@testable import HangmanCore

/// An evil game of several rounds never ends two rounds on one word: the same guesses led the
/// same family to the same word, and a deity game played SIMPLIFICATION twice (seen playing, session
/// 12). A round's candidates leave out the words the game's earlier rounds ended on, while any other
/// word of the length is left.
@Suite struct EvilRepeatTests {
    static func play(words: [String], rounds: Int) throws -> [String] {
        var settings = Settings()
        settings.mode = .evil
        settings.rounds = rounds
        settings.misses = 26
        var rng = SeededRandom(seed: 3)
        var game = try Game(settings: settings, players: ["p"], words: WordList(words: words), rng: &rng)
        while !game.isOver {
            guard let letter = game.round.available.first else { break }
            _ = try game.guess(player: "p", letter: letter)
        }
        return game.finishedRounds.map(\.word)
    }

    @Test func eachRoundEndsOnAWordNotPlayedBefore() throws {
        let played = try Self.play(words: ["cat", "dog", "cow", "pig"], rounds: 4)
        #expect(played.count == 4)
        #expect(Set(played).count == 4, "\(played)")
    }

    @Test func aWordComesBackOnlyOnceEveryWordWasPlayed() throws {
        let played = try Self.play(words: ["cat", "dog"], rounds: 3)
        #expect(played.count == 3)
        #expect(Set(played.prefix(2)).count == 2, "\(played)")
    }
}
