import Foundation
import HangmanServer
import HangmanTesting
import Testing

/// A program (JSON mode) matches answers to commands by order, so a chat line refused for the chat
/// rate must be answered, each one: the refusals were said at most once a second, so of a burst of
/// refused lines all but the first vanished without an answer. A person at a text terminal still
/// gets one notice a second (a paste of many lines is not answered by as many errors).
@Suite(.ownThread) struct ChatRefusalAnswerTests {
    private func refusals(json: Bool) -> (chats: Int, errors: Int) {
        let table = TestTable(words: ["ab"]) {
            $0.chatPerSecond = 1
            $0.chatBurst = 2
        }
        let ann = table.player("Ann", json: json)
        table.type("create home", on: ann)
        _ = ann.takeText()
        for index in 1...6 { ann.type("say line \(index)") }
        table.settle()
        let text = ann.takeText()
        if json {
            let events = text.split(separator: "\n").compactMap {
                (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
            }
            return (
                events.filter { $0["type"] as? String == "chat" }.count,
                events.filter { $0["code"] as? String == "rate_limited" }.count
            )
        }
        return (text.components(separatedBy: "line ").count - 1, text.components(separatedBy: "[rate_limited]").count - 1)
    }

    @Test func everyRefusedChatLineIsAnsweredInJSON() {
        let (chats, errors) = refusals(json: true)
        #expect(chats == 2)
        #expect(errors == 4, "one rate_limited for each refused line")
    }

    @Test func aTextTerminalGetsOneNoticeASecond() {
        let (chats, errors) = refusals(json: false)
        #expect(chats == 2)
        #expect(errors == 1)
    }
}
