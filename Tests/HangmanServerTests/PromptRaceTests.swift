import Dispatch
import Foundation
import HangmanServer
import HangmanTesting
import Testing

@testable import HangmanServer

/// A session is written to from several queues at once (its room's, the lobby's, its own). bob,
/// marked away, typed `rooms`: the lobby's answer and its prompt went out while the room's
/// "bob is back." was being sent, and the line came out glued to the prompt (`> bob is back.`):
/// the check "is a prompt showing?" and the writes after it were not one step.
@Suite(.ownThread) struct PromptRaceTests {
    @Test func linesFromTwoQueuesNeverLandOnThePrompt() {
        let table = TestTable(words: ["ab"])
        let connection = MemoryConnection()
        let session = table.server.makeSession(for: connection)
        connection.open(session)
        connection.queue.sync {}
        connection.type("name bob")
        table.settle()
        // Logged in and greeted before the deliveries start (under load the greeting could still be
        // on its way, and a session not yet in play writes without a prompt).
        let deadline = DispatchTime.now().uptimeNanoseconds + 10_000_000_000
        var greeted = false
        while !greeted || !session.output.inPlay, DispatchTime.now().uptimeNanoseconds < deadline {
            greeted = greeted || connection.takeText().contains("Hello, bob!")
            Thread.sleep(forTimeInterval: 0.001)
            table.settle()
        }
        _ = connection.takeText()
        let rounds = 4000
        DispatchQueue.concurrentPerform(iterations: 2) { lane in
            for index in 0..<rounds { session.output.deliver(.info("line \(lane)-\(index)")) }
        }
        let text = connection.takeText()
        #expect(text.components(separatedBy: "line ").count - 1 == 2 * rounds)
        #expect(!text.contains("> line"), "a line written after a prompt without its line end")
        #expect(!text.contains("> > "), "two prompts in a row")
    }
}
