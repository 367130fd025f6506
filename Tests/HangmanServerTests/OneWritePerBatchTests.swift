import HangmanNet
import HangmanServer
import HangmanTesting
import Testing

/// A batch of events leaves as exactly one write per member (issue 30 item 2): the body, the turn
/// notice, the prompt and its telnet end in one `send`. Before `MemberOutput` a text-mode event
/// went out as 2–4 sends (body, prompt, prompt end; CR LF first when a prompt was showing), and
/// the prompt usually waited in the flush pacer for the next write.
@Suite(.ownThread) struct OneWritePerBatchTests {
    static func telnet(promptEnd: TerminalInfo.PromptEnd) -> TerminalInfo {
        var terminal = TerminalInfo()
        terminal.windowSizeKnown = true
        terminal.promptEnd = promptEnd
        return terminal
    }

    struct Table {
        let table = TestTable(words: ["ab"])
        let ann: MemoryConnection
        let bob: MemoryConnection
        let cy: MemoryConnection

        init() {
            ann = table.player("Ann", json: false)
            bob = table.player("bob", json: false, terminal: OneWritePerBatchTests.telnet(promptEnd: .endOfRecord))
            cy = table.player("cy", json: true)
            table.seat(ann, bob, cy, in: "home")
            table.type("start", on: ann)
            for connection in [ann, bob, cy] { _ = connection.takeText() }
        }
    }

    @Test func aGuessIsOneWriteForEveryMemberWithThePromptAndTurnNoticeInside() {
        let t = Table()
        let before = [t.ann, t.bob, t.cy].map(\.sentPieces.count)
        t.table.type("z", on: t.ann)
        let pieces = zip([t.ann, t.bob, t.cy], before).map { Array($0.sentPieces.dropFirst($1)) }
        #expect(pieces.map(\.count) == [1, 1, 1], "\(pieces)")
        // bob's turn came: the whole board, the notice and `your turn> ` with IAC EOR, in one piece.
        let bob = pieces[1].first ?? ""
        #expect(bob.contains("Word:") && bob.contains("Your turn, bob"), "\(bob)")
        // IAC EOR (255 239, not UTF-8) reads back as two replacement characters.
        #expect(bob.hasSuffix("your turn> \u{FFFD}\u{FFFD}"), "\(bob)")
        #expect(pieces[0].first?.hasSuffix("\r\n> ") == true, "ann: the line, then the plain prompt")
        #expect(pieces[2].first?.contains(#""type":"state""#) == true, "cy (JSON): the state line")
    }

    @Test func outputWhileThePromptWaitsEndsItsLineInTheSameWrite() {
        let t = Table()
        t.table.type("say hi", on: t.ann)
        _ = t.ann.takeText()
        let before = t.cy.sentPieces.count
        let annBefore = t.ann.sentPieces.count
        t.table.type("say hello", on: t.cy)
        let ann = Array(t.ann.sentPieces.dropFirst(annBefore))
        #expect(ann.count == 1, "\(ann)")
        #expect(ann.first?.hasPrefix("\r\n") == true && ann.first?.hasSuffix("> ") == true, "\(ann)")
        #expect(t.cy.sentPieces.count == before + 1, "the sender's own line: one write too")
    }
}
