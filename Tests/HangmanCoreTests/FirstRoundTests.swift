import Testing

@testable import HangmanCore

/// Issue 34 item 7 in the rules: a seat knows the first round it played. Players seated at the start
/// played from round 1; one who joins a game under way plays from the round they sit down in, and
/// one who leaves and comes back starts again from the round of their return.
@Suite struct FirstRoundTests {
    @Test func aJoinerPlaysFromTheRoundTheySatDownIn() throws {
        var game = try GameTests.game(["ann", "bob"], rounds: 3)
        #expect(game.players.map(\.firstRound) == [1, 1])
        _ = try game.guess(player: "ann", word: "ab")  // round 1 solved: round 2 begins
        #expect(game.roundNumber == 2)
        _ = game.join("cy")
        #expect(game.players.map(\.firstRound) == [1, 1, 2])
        _ = game.leave("bob")
        _ = try game.guess(player: game.turn ?? "ann", word: "ab")  // round 3
        _ = game.join("bob")
        #expect(game.players.map(\.name) == ["ann", "cy", "bob"])
        #expect(game.players.map(\.firstRound) == [1, 2, 3])
    }
}
