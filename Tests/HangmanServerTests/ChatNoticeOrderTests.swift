import Foundation
import HangmanServer
import HangmanTesting
import Testing

/// A chat line refused for the rate comes after the sender's lines that went through, as typed:
/// the refusal used to go straight to the sender while the lines before it were still on their way
/// through the room, so `! chat slower` showed up above them.
@Suite(.ownThread) struct ChatNoticeOrderTests {
    @Test func theRefusalComesAfterTheLinesThatWentThrough() {
        let table = TestTable(words: ["ab"]) {
            $0.chatPerSecond = 1
            $0.chatBurst = 3
        }
        let ann = table.player("Ann")
        let bob = table.player("bob")
        table.seat(ann, bob, in: "home")
        _ = ann.events()
        table.whileRoomsWait {
            for index in 1...5 { ann.type("say line \(index)") }
            for _ in 0..<3 { ann.queue.sync {} }  // every line read and judged by her session
        }
        let seen = ann.events().filter { $0.type == "chat" || $0.type == "error" }
        let order = seen.map { ($0["text"] as? String) ?? ($0["code"] as? String ?? "?") }
        // JSON answers each refused line (4 and 5); text would say it once a second.
        #expect(order == ["line 1", "line 2", "line 3", "rate_limited", "rate_limited"], "\(order)")
    }
}
