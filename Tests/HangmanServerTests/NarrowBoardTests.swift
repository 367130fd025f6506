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
}
