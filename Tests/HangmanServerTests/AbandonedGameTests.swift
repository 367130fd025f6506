import Foundation
import HangmanServer
import HangmanTesting
import Testing

/// The last seated player leaves a game under way: the game is abandoned (not recorded), and the
/// spectators are told with a fresh board, not left looking at a game with a turn nobody holds.
@Suite(.ownThread) struct AbandonedGameTests {
    private func watchedGame() -> (TestTable, MemoryConnection, MemoryConnection) {
        let table = TestTable(words: ["ab"])
        let ann = table.player("Ann")
        let bob = table.player("bob")
        table.type("create solo", on: ann)
        table.type("start", on: ann)
        table.type("watch solo", on: bob)
        _ = bob.events()
        return (table, ann, bob)
    }

    @Test func aSpectatorSeesTheRoomWaitingWhenTheLastPlayerLeaves() {
        let (table, ann, bob) = watchedGame()
        table.type("leave", on: ann)
        let seen = bob.events()
        #expect(seen.contains { $0.type == "left" })
        let state = seen.last { $0.type == "state" }
        #expect(state?["status"] as? String == "waiting", "\(seen.compactMap(\.type))")
        #expect(state?["turn"] is NSNull)
    }

    @Test func aSpectatorSeesTheRoomWaitingWhenTheLastPlayerDoesNotComeBack() {
        let (table, ann, bob) = watchedGame()
        ann.hangUp()
        table.settle()
        _ = bob.events()
        table.advance(by: 61)  // the grace period (60 s) runs out
        let seen = bob.events()
        #expect(seen.contains { $0.type == "left" })
        #expect(seen.last { $0.type == "state" }?["status"] as? String == "waiting", "\(seen.compactMap(\.type))")
    }
}
