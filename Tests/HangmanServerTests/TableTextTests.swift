import HangmanServer
import HangmanTesting
import Testing

/// The table as people at a terminal see it (text mode, in memory): a guess is one line, the board
/// comes back when your turn does, and the prompt says whose turn it is.
@Suite(.ownThread) struct TableTextTests {
    struct Table {
        let table = TestTable(words: ["ab"])
        let ann: MemoryConnection
        let bob: MemoryConnection
        let cy: MemoryConnection

        init() {
            ann = table.player("Ann", json: false)
            bob = table.player("bob", json: false)
            cy = table.player("cy", json: false)
            table.seat(ann, bob, cy, in: "home")
            table.type("start", on: ann)
            for connection in [ann, bob, cy] { _ = connection.takeText() }
        }
    }

    @Test func aGuessIsOneLineAndTheChatStaysOnScreen() {
        let t = Table()
        t.table.type("say hello", on: t.cy)
        t.table.type("z", on: t.ann)
        let screen = t.cy.takeText()
        #expect(screen.contains("hello"))
        #expect(screen.contains("Ann: Z miss | _ _ | misses 1/7 - bob's turn"), "\(screen)")
        #expect(!screen.contains("Word:"), "no full board for a guess in a round that goes on")
        #expect(screen.hasSuffix("> ") && !screen.hasSuffix("your turn> "))
    }

    @Test func yourTurnBringsTheBoardALineAndThePrompt() {
        let t = Table()
        t.table.type("z", on: t.ann)
        let screen = t.bob.takeText()
        #expect(screen.contains("Word:"), "the full board when your turn comes")
        #expect(screen.contains("Your turn, bob"))
        #expect(screen.hasSuffix("your turn> "))
        #expect(!screen.contains("\u{07}"), "no bell unless asked for")
        #expect(t.ann.takeText().hasSuffix("\r\n> "), "the turn passed: a plain prompt again")
    }

    @Test func theBellRingsOnYourTurnWhenAskedFor() {
        let t = Table()
        t.table.type("bell on", on: t.bob)
        _ = t.bob.takeText()
        t.table.type("z", on: t.ann)
        #expect(t.bob.takeText().contains("\u{07}"))
        t.table.type("bell off", on: t.bob)
        t.table.type("y", on: t.bob)
        t.table.type("x", on: t.cy)
        t.table.type("w", on: t.ann)
        #expect(!t.bob.takeText().contains("\u{07}"))
    }

    @Test func theBellIsRememberedWithTheSettings() {
        let table = TestTable(words: ["ab"])
        let bob = table.player("bob", json: false)
        table.type("bell on", on: bob)
        table.type("quit", on: bob)
        let ann = table.player("Ann", json: false)
        table.type("create home", on: ann)
        let again = table.player("bob", json: false)
        table.type("join home", on: again)
        table.type("start", on: ann)
        _ = again.takeText()
        table.type("z", on: ann)
        #expect(again.takeText().contains("\u{07}"))
    }

    @Test func theRoundsEndShowsTheWholeBoard() {
        let t = Table()
        t.table.type("a", on: t.ann)
        t.table.type("b", on: t.ann)
        let screen = t.cy.takeText()
        #expect(screen.contains("Round 1 solved by Ann"))
        #expect(screen.contains("Word:"))
        #expect(screen.contains("Host: Ann"), "the host is on the board")
    }

    @Test func whoShowsTheHost() {
        let t = Table()
        t.table.type("who", on: t.cy)
        #expect(t.cy.takeText().contains("In home: Ann (host), bob, cy"))
    }
}
