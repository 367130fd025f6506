import HangmanNet
import HangmanTesting
import Testing

@testable import HangmanServer

/// A narrow window (NAWS under 69 columns) gets the gallows above the board instead of beside it:
/// only the lines drawn so far, so a round's first board is not eleven blank lines and then the
/// board, scrolled off a short window.
@Suite(.ownThread) struct NarrowBoardTests {
    /// The last board `player` got: from its `Room ` header (with the gallows above it) to `Players:`.
    static func lastBoard(_ player: MemoryConnection) -> [String] {
        let lines = TerminalTests.screenLines(player.bytes)
        guard let end = lines.lastIndex(where: { $0.hasPrefix("Players:") }),
            let header = lines[..<end].lastIndex(where: { $0.hasPrefix("Room ") })
        else { return [] }
        // The gallows (and the blank line that opens the board) sit right above the header.
        var start = header
        while start > 0,
            lines[start - 1].isEmpty || lines[start - 1].hasPrefix(" ") || lines[start - 1].hasPrefix("/")
                || lines[start - 1].hasPrefix("  |")
        {
            start -= 1
        }
        return Array(lines[start...end])
    }

    @Test func theFirstBoardOfARoundFitsAFortyByTwentyWindow() {
        let table = TestTable(words: ["abracadabra"])
        let ann = table.player("Ann", json: false, terminal: TerminalTests.terminal(width: 40, height: 20))
        table.type("create narrow", on: ann)
        table.type("start", on: ann)
        let board = Self.lastBoard(ann)
        #expect(board.contains { $0.hasPrefix("Word:") })
        #expect(board.count < 20, "\(board.count) lines:\n\(board.joined(separator: "\n"))")
        let blankRun = zip(board, board.dropFirst()).filter { $0.isEmpty && $1.isEmpty }.count
        #expect(blankRun == 0, "no run of blank lines:\n\(board.joined(separator: "\n"))")
    }

    @Test func theGallowsStillGrowsAboveTheBoard() {
        let table = TestTable(words: ["abracadabra"])
        let ann = table.player("Ann", json: false, terminal: TerminalTests.terminal(width: 40, height: 20))
        table.type("create narrow", on: ann)
        table.type("set misses 26", on: ann)  // one drawing step a miss: the ground, then the stand
        table.type("start", on: ann)
        table.type("z", on: ann)
        table.type("state", on: ann)
        let one = Self.lastBoard(ann)
        table.type("y", on: ann)
        table.type("state", on: ann)
        let two = Self.lastBoard(ann)
        #expect(one.contains { $0.hasSuffix("__________") }, "the ground is drawn:\n\(one.joined(separator: "\n"))")
        #expect(two.count == one.count + 1, "the stand above the ground:\n\(two.joined(separator: "\n"))")
    }

    /// At 30 columns (a narrow TinTin++ split) a label never ends a line alone: the letters left
    /// are cut where the line ends, right after `Letters:`, and the host's name stays with `Host:`.
    @Test func aThirtyColumnBoardKeepsEachLabelWithItsValue() {
        let table = TestTable(words: ["cat"])
        let ann = table.player("Ann", json: false, terminal: TerminalTests.terminal(width: 30, height: 24))
        let bob = table.player("bob", json: false)
        table.seat(ann, bob, in: "narrow")
        table.type("start", on: ann)
        table.type("z", on: ann)
        let lines = TerminalTests.screenLines(ann.bytes)
        let wide = lines.filter { TextLayout.visibleWidth($0) > 30 }
        #expect(wide.isEmpty, "\(wide)")
        let board = Self.lastBoard(ann)
        #expect(board.contains("Letters: abcdefghijklmnopqrstu"), "\(board.joined(separator: "\n"))")
        let alone = lines.filter { $0.trimmingPrefix(" ").hasSuffix(":") || $0.hasSuffix(" misses") }
        #expect(alone.isEmpty, "a label ends a line: \(alone)")
        #expect(lines.contains("  Host: Ann"), "\(lines.suffix(12).joined(separator: "\n"))")
    }

    @Test func aRunTooLongForAnyLineIsCutWhereItStands() {
        let layout = TextLayout(columns: 30, rows: 24)
        #expect(
            layout.wrap("Letters: abcdefghijklmnopqrstuvwxyz", indent: 9) == [
                "Letters: abcdefghijklmnopqrstu", "         vwxyz",
            ])
        // A run that fits a line of its own still goes to the next line whole.
        #expect(layout.wrap("a line ending in a longish-word-here") == ["a line ending in a", "  longish-word-here"])
        #expect(layout.wrap("Ann 0, bob 0  Host: Ann") == ["Ann 0, bob 0  Host: Ann"])
        #expect(layout.wrap("Players: Ann 20, bob 20  Host: Ann") == ["Players: Ann 20, bob 20", "  Host: Ann"])
    }
}
