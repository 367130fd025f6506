import Dispatch
import HangmanStore
import HangmanTesting
import Synchronization
import Testing

@testable import HangmanServer

/// Players are told at shutdown that their games are saved only when they are (issue 36, item 4:
/// they were told so even when the store had just failed to save them).
@Suite(.ownThread) struct HonestShutdownTests {
    static func record(_ room: String) -> GameRecord {
        GameRecord(
            room: room, mode: "classic", difficulty: "custom",
            rounds: [RoundRecord(word: "cat", won: true, mistakes: 0, solver: "ann")],
            results: [PlayerResult(name: "ann", score: 10, rank: 1, solved: 1, failed: 0)], started: 1, ended: 2)
    }

    /// Runs the shutdown's flush and notice; returns the unsaved count and what a text player read.
    static func shutDown(_ table: TestTable, _ ann: MemoryConnection) -> (unsaved: Int, text: String) {
        let unsaved = Atomic<Int>(-1)
        let done = DispatchSemaphore(value: 0)
        table.server.shutDown(flushTimeout: 0.3) { count in
            unsaved.store(count, ordering: .relaxed)
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 5) == .success)
        table.settle()
        // One line however the text wrapped it to the window.
        let text = ann.takeText().split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return (unsaved.load(ordering: .relaxed), text)
    }

    @Test func gamesTheStoreCouldNotSaveAreNotCalledSaved() {
        let table = TestTable(words: ["cat"])
        let ann = table.player("ann", json: false)
        // A disk that fails every write, no outbox: two finished games stay only in memory.
        table.store.inner.simulateWriteFailure("disk full")
        table.store.inner.recordGameOutcome(Self.record("arena")) { _ in }
        table.store.inner.recordGameOutcome(Self.record("den")) { _ in }
        let (unsaved, text) = Self.shutDown(table, ann)
        #expect(unsaved == 2)
        #expect(text.contains("2 finished games could not be saved; the server's operator has them."), "\(text)")
        #expect(!text.contains("are saved"), "\(text)")
    }

    @Test func savedGamesAreCalledSaved() {
        let table = TestTable(words: ["cat"])
        let ann = table.player("ann", json: false)
        table.store.inner.recordGameOutcome(Self.record("arena")) { _ in }
        let (unsaved, text) = Self.shutDown(table, ann)
        #expect(unsaved == 0)
        #expect(text.contains("The server is shutting down now. Finished games are saved. See you soon!"), "\(text)")
    }

    @Test func theNoticeCountsGames() {
        #expect(
            GameServer.shutdownNotice(unsavedGames: 1).contains(
                "1 finished game could not be saved; the server's operator has it."))
        #expect(
            GameServer.shutdownNotice(unsavedGames: 7).contains(
                "7 finished games could not be saved; the server's operator has them."))
    }
}
