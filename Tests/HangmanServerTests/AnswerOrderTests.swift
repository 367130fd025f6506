import Foundation
import HangmanServer
import HangmanTesting
import Testing

/// A program that pipelines commands matches answers to commands by their order (the protocol has
/// no request ids), so every answer must come in the order the commands were typed. Answers made
/// on the room's queue (`state`, `settings`, `who`, `start`, `hint`, chat) used to be overtaken by
/// answers the session sends itself (an unknown command, a usage error, a store query): from one
/// write of `state` and `zz`, 16 of 20 tries on a real server got the `zz` error first.
@Suite(.ownThread) struct AnswerOrderTests {
    /// Types `lines` while the room is busy and returns the types (and error codes) that came back.
    private func answers(to lines: [String]) -> [String] {
        let table = TestTable(words: ["abc"])
        let ann = table.player("Ann")
        table.seat(ann, in: "home")
        _ = ann.events()
        table.whileRoomsWait {
            for line in lines { ann.type(line) }
            for _ in 0..<3 { ann.queue.sync {} }  // every line read by her session
        }
        return ann.events().map { ($0["type"] as? String ?? "?") + (($0["code"] as? String).map { ":" + $0 } ?? "") }
    }

    @Test func anErrorTypedAfterARoomAnswerComesAfterIt() {
        #expect(answers(to: ["state", "zz"]) == ["state", "error:unknown_command"])
        #expect(answers(to: ["settings", "guess"]) == ["settings", "error:invalid_input"])
        #expect(answers(to: ["say hello", "set misses"]) == ["chat", "error:invalid_input"])
    }

    @Test func aRefusalFromTheRoomComesBeforeTheNextCommandsAnswer() {
        // `hint` with no game is refused by the room; `bell on` is answered by the session.
        #expect(answers(to: ["hint", "bell on"]) == ["error:no_game", "info"])
    }

    @Test func roomAnswersKeepTheirOrderAmongThemselves() {
        #expect(answers(to: ["state", "settings", "say hi", "state"]) == ["state", "settings", "chat", "state"])
    }

    /// `json` at the name prompt: the welcome again, then the prompt, as on connect (the prompt
    /// came before the welcome). A name sent in the same write gets no stray name prompt.
    @Test func jsonAtTheNamePromptGivesTheWelcomeThenThePrompt() {
        let table = TestTable(words: ["abc"])
        let bot = table.connect()
        table.type("json", on: bot)
        #expect(bot.events().compactMap(\.type) == ["info", "welcome", "prompt"])
        let piped = table.connect()
        // Both lines are read before the lobby counts the players for the welcome.
        let hold = DispatchSemaphore(value: 0)
        table.server.lobbyQueue.async { hold.wait() }
        piped.type("json")
        piped.type("ann")
        piped.queue.sync {}
        hold.signal()
        table.settle()
        let types = piped.events().compactMap(\.type)
        #expect(Array(types.prefix(3)) == ["info", "welcome", "logged_in"], "\(types)")
    }
}
