import HangmanTesting
import Testing

/// A game's end for programs: the broadcast (game over, the closing board, the high scores) and each
/// player's own monthly line and rating change come in one write, those two last. The broadcast's JSON is made
/// once for every JSON client, and each client's own line is added after it (`Session.deliver(_:then:)`),
/// where it was rendered again with each player's line.
@Suite(.ownThread) struct SharedEndOfGameTests {
    @Test func everyProgramGetsTheSharedEndAndItsOwnMonthlyLineInOneWrite() throws {
        let table = TestTable(words: ["ab"])
        let players = ["ann", "bob", "cy", "dee"].map { table.player($0) }
        let text = table.player("eve", json: false)
        table.seat(players[0], players[1], players[2], players[3], text, in: "home")
        table.type("set rounds 1", on: players[0])
        table.type("start", on: players[0])
        table.type("guess a", on: players[0])
        table.type("guess b", on: players[0])
        table.settle()
        var shared: [String] = []
        for (index, player) in players.enumerated() {
            let piece = try #require(player.sentPieces.first { $0.contains(#""type":"game_over""#) }, "\(index)")
            let lines = piece.split(separator: "\n").map(String.init)
            let types = lines.compactMap { line in
                line.range(of: #""type":""#).map { String(line[$0.upperBound...].prefix { $0 != "\"" }) }
            }
            #expect(types.first == "game_over" && types.contains("highscores"), "\(types)")
            #expect(Array(types.suffix(2)) == ["month_standing", "rating_change"], "\(types)")
            #expect(types.filter { $0 == "month_standing" || $0 == "rating_change" }.count == 2, "\(types)")
            // Each player's own: ann scored every point of the game, the others none.
            let own = lines.dropLast().last ?? ""
            #expect(own.contains(#""score":0,"#) == (index != 0), "\(own)")
            shared.append(lines.dropLast(2).joined(separator: "\n"))
        }
        // Everything but the monthly line and the rating change is the same bytes for every program.
        #expect(Set(shared).count == 1)
        // Text lays its end out as one block with its own monthly line last.
        let screen = text.text
        let over = try #require(screen.range(of: "Game over"), "\(screen)")
        let month = try #require(screen.range(of: "This month"), "\(screen)")
        #expect(over.upperBound <= month.lowerBound)
    }
}
