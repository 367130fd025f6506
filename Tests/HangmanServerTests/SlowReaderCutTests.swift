import HangmanNet
import HangmanServer
import HangmanTesting
import Testing

/// Issue 34 item 6: a player whose connection the server cut for reading too slowly (their own
/// output overflowed, or the server's output budget for slow readers ran out) is told why when they
/// come back within the grace period; a player who hung up is not.
@Suite(.ownThread) struct SlowReaderCutTests {
    private func comeBack(after reason: CloseReason, json: Bool = false) -> String {
        let table = TestTable(words: ["abc"])
        let ann = table.player("Ann", json: false)
        let bob = table.player("bob", json: false)
        table.seat(ann, bob, in: "home")
        table.type("start", on: ann)
        bob.close(reason: reason)
        table.settle()
        let again = table.connect()
        if json { table.type("json", on: again) }
        table.type("name bob", on: again)
        return again.takeText()
    }

    @Test func anOverflowIsExplainedOnReturn() {
        let screen = comeBack(after: .outputOverflow)
        #expect(screen.contains("Welcome back"), "\(screen)")
        #expect(screen.contains("read too slowly"), "\(screen)")
        #expect(screen.contains("1024 KB"), "the limit is named:\n\(screen)")
    }

    @Test func theOutputBudgetIsExplainedOnReturn() {
        let screen = comeBack(after: .outputBudget)
        #expect(screen.contains("read too slowly"), "\(screen)")
        #expect(screen.contains("slowest"), "\(screen)")
    }

    @Test func jsonGetsItAsAnInfo() {
        let screen = comeBack(after: .outputOverflow, json: true)
        #expect(screen.contains(#""type":"info""#) && screen.contains("read too slowly"), "\(screen)")
    }

    @Test func aHangUpIsNotExplained() {
        let screen = comeBack(after: .peerClosed)
        #expect(screen.contains("Welcome back"), "\(screen)")
        #expect(!screen.contains("too slowly"), "\(screen)")
    }

    /// Told once: a second return (after an ordinary drop) says nothing of the old cut.
    @Test func theReasonIsToldOnce() {
        let table = TestTable(words: ["abc"])
        let ann = table.player("Ann", json: false)
        let bob = table.player("bob", json: false)
        table.seat(ann, bob, in: "home")
        table.type("start", on: ann)
        bob.close(reason: .outputBudget)
        table.settle()
        let again = table.connect()
        table.type("name bob", on: again)
        #expect(again.takeText().contains("too slowly"))
        again.hangUp()
        table.settle()
        let third = table.connect()
        table.type("name bob", on: third)
        let screen = third.takeText()
        #expect(screen.contains("Welcome back") && !screen.contains("too slowly"), "\(screen)")
    }
}
