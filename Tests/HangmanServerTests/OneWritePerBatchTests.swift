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

    /// A GMCP client's messages for a batch go in the batch's one write (issue 30): they went as a
    /// `sendGMCP` each after the text (a guess was 1 + 2 writes for a GMCP client: the line and
    /// prompt, then `Hangman.State`, then `Hangman.Info` or more).
    @Test func aGMCPClientGetsTheBatchsMessagesInTheSameWrite() {
        var terminal = OneWritePerBatchTests.telnet(promptEnd: .endOfRecord)
        terminal.gmcp = true
        let table = TestTable(words: ["ab"])
        let ann = table.player("Ann", json: false)
        let bob = table.player("bob", json: false, terminal: terminal)
        table.seat(ann, bob, in: "home")
        table.type("start", on: ann)
        _ = bob.takeText()
        let pieces = bob.sentPieces.count
        let messages = bob.gmcpMessages.count
        table.type("z", on: ann)
        let writes = bob.sentPieces.count - pieces
        #expect(writes == 1, "\(bob.sentPieces.suffix(writes))")
        let carried = bob.gmcpMessages.count - messages
        #expect(carried >= 1 && bob.gmcpPerSend.last == carried, "\(bob.gmcpPerSend.suffix(writes))")
        #expect(bob.gmcpMessages.suffix(carried).contains { $0.package == "Hangman.State" })
        // The text is whole without the frames: the board, the notice and the prompt with IAC EOR.
        let text = bob.sentPieces.last ?? ""
        #expect(text.contains("Your turn, bob") && text.hasSuffix("your turn> \u{FFFD}\u{FFFD}"), "\(text)")
    }

    /// A login prompt and its `Hangman.Prompt` are one write; so are the last words and theirs.
    @Test func aGMCPClientsPromptAndLastWordsAreOneWriteEach() {
        var terminal = OneWritePerBatchTests.telnet(promptEnd: .goAhead)
        terminal.gmcp = true
        let table = TestTable(words: ["ab"])
        let client = table.connect(terminal: terminal)
        #expect(client.gmcpPerSend.last == 1 && client.gmcpMessages.last?.package == "Hangman.Prompt")
        #expect(client.sentPieces.last?.hasSuffix("Your name: \u{FFFD}\u{FFFD}") == true, "\(client.sentPieces)")
        let pieces = client.sentPieces.count
        table.type("quit", on: client)
        #expect(client.sentPieces.count == pieces + 1, "\(client.sentPieces.dropFirst(pieces))")
        #expect(client.gmcpPerSend.last == 1 && client.gmcpMessages.last?.package == "Hangman.Bye")
    }
}
