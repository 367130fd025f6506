import Foundation
import HangmanServer
import HangmanTesting
import Testing

/// Joining a game under way whose turn nobody could take (every seated player dropped, their seats
/// kept): the joiner takes the turn, and the room is told once, in order: `joined`, then one `state`
/// (with `host` between them: the host's seat is only kept, so the joiner hosts, HostDropTests).
@Suite(.ownThread) struct JoinRunningGameTests {
    /// Ann plays alone in `home`, then drops (her seat is kept); the game has no one to take the turn.
    private func tableWithAnAwayPlayer(json: Bool) -> (TestTable, MemoryConnection) {
        let table = TestTable(words: ["ab"])
        let ann = table.player("Ann")
        table.type("create home", on: ann)
        table.type("start", on: ann)
        ann.hangUp()
        table.settle()
        let bob = table.player("bob", json: json)
        table.type("leave", on: bob)  // out of his quick room, output read
        _ = bob.takeText()
        return (table, bob)
    }

    @Test func theJoinerHearsJoinedThenOneState() {
        let (table, bob) = tableWithAnAwayPlayer(json: true)
        table.type("join home", on: bob)
        let events = bob.events().compactMap(\.type)
        #expect(events == ["joined", "host", "state"], "\(events)")
    }

    @Test func theTextJoinerSeesTheBoardOnce() {
        let (table, bob) = tableWithAnAwayPlayer(json: false)
        table.type("join home", on: bob)
        let screen = bob.takeText()
        #expect(screen.components(separatedBy: "Word:").count - 1 == 1, "one board, not two:\n\(screen)")
        let joined = screen.range(of: "bob joined home")?.lowerBound
        let board = screen.range(of: "Word:")?.lowerBound
        #expect(joined.flatMap { j in board.map { j < $0 } } == true, "joined comes first:\n\(screen)")
        #expect(screen.contains("Your turn, bob"))
    }
}
