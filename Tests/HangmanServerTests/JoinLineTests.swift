import HangmanServer
import HangmanTesting
import Testing

/// Issue 34 item 2: someone sitting down is one line for the others (as a drop and a return are),
/// not the whole board drawn again over their chat; the joiner gets the board. JSON keeps the
/// contract: `joined` and a `state` to everyone, the joiner included.
@Suite(.ownThread) struct JoinLineTests {
    private func playing(json: Bool) -> (TestTable, MemoryConnection, MemoryConnection) {
        let table = TestTable(words: ["abc"])
        let ann = table.player("Ann", json: json)
        let bob = table.player("bob", json: json)
        table.seat(ann, bob, in: "home")
        table.type("start", on: ann)
        _ = ann.takeText()
        _ = bob.takeText()
        return (table, ann, bob)
    }

    @Test func othersSeeOneLineWhenAGameIsUnderWay() {
        let (table, ann, bob) = playing(json: false)
        let cy = table.player("cy", json: false)
        table.type("leave", on: cy)
        _ = cy.takeText()
        table.type("say hello", on: bob)
        table.type("join home", on: cy)
        let screen = ann.takeText()
        #expect(screen.contains("cy joined home"), "\(screen)")
        #expect(screen.contains("hello"))
        #expect(!screen.contains("Word:"), "no board drawn again for a join:\n\(screen)")
        let joiner = cy.takeText()
        #expect(joiner.components(separatedBy: "Word:").count - 1 == 1, "the joiner gets one board:\n\(joiner)")
    }

    @Test func othersSeeOneLineInAWaitingRoom() {
        let table = TestTable(words: ["abc"])
        let ann = table.player("Ann", json: false)
        table.type("create home", on: ann)
        _ = ann.takeText()
        let bob = table.player("bob", json: false)
        table.type("join home", on: bob)
        let screen = ann.takeText()
        #expect(screen.contains("bob joined home"), "\(screen)")
        #expect(screen.components(separatedBy: "\r\n").filter { !$0.isEmpty && $0 != "> " }.count == 1, "one line:\n\(screen)")
        #expect(bob.takeText().contains("home"))
    }

    @Test func jsonStillGetsJoinedAndOneStateEach() {
        let (table, ann, _) = playing(json: true)
        let cy = table.player("cy", json: true)
        table.type("leave", on: cy)
        _ = cy.takeText()
        table.type("join home", on: cy)
        #expect(ann.events().compactMap(\.type) == ["joined", "state"])
        #expect(cy.events().compactMap(\.type) == ["joined", "state"])
    }
}
