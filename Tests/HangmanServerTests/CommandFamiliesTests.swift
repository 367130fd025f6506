import HangmanTesting
import Testing

@testable import HangmanServer

/// A logged-in player's command goes to the first of the session's command families that knows it
/// (`Session.run`), else the session answers it itself; one that none knows would be answered
/// "not available here". Every example of the command table, typed by a host in a room and again
/// in the lobby, reaches someone that knows it.
@Suite(.ownThread) struct CommandFamiliesTests {
    @Test(arguments: [true, false]) func everyExampleOfTheCommandTableIsRunByAFamilyOrTheSession(inRoom: Bool) {
        let table = TestTable(words: ["ab"])
        let ann = table.player("ann", json: true)
        let bob = table.player("bob", json: true)
        if inRoom {
            table.seat(ann, bob, in: "home")
        } else {
            table.type("leave", on: ann)
        }
        _ = ann.takeText()
        let examples = CommandTable.rows.flatMap(\.examples).filter { $0 != "quit" }
        #expect(examples.count > 40)
        for example in examples {
            table.type(example, on: ann)
            table.type("json", on: ann)  // `text` or `color` may have changed it
            let answer = ann.takeText()
            #expect(!answer.contains("not available here"), "\(example): \(answer)")
        }
    }
}
