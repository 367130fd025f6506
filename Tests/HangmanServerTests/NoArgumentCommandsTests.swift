import HangmanServer
import HangmanTesting
import Testing

/// A command whose table row takes no arguments refuses them, whichever it is: `quit now` quit
/// while `rooms please` was refused (session 9's "noticed, not done"). The command table decides,
/// so a row added later follows the same rule.
@Suite(.ownThread) struct NoArgumentCommandsTests {
    @Test func everyRowWithoutArgumentsRefusesThemByNameAndAlias() {
        let rows = CommandTable.rows.filter(\.arguments.isEmpty)
        #expect(rows.contains { $0.name == "quit" })
        for row in rows {
            for word in [row.name] + row.aliases where word != "'" {
                for line in ["\(word) now", "/\(word.uppercased()) now please"] {
                    #expect(
                        CommandParser.parse(line) == .failure(.invalid("usage: \(word) (no arguments)")), "\(line)")
                }
                #expect(CommandParser.parse(word).map { _ in true } == .success(true), "\(word) alone parses")
            }
        }
    }

    @Test func playTakesOnlyConfirm() {
        #expect(CommandParser.parse("play confirm") == .success(.playConfirm))
        #expect(CommandParser.parse("play now") == .failure(.invalid("usage: play [confirm]")))
    }

    @Test func quitNowIsRefusedInPlayAndAtTheNamePrompt() {
        let table = TestTable(words: ["ab"])
        let ann = table.player("Ann")
        table.type("quit now", on: ann)
        let error = ann.events().first
        #expect(error?["code"] as? String == "invalid_input")
        #expect(error?["message"] as? String == "usage: quit (no arguments)")
        #expect(!ann.isClosed, "still connected")
        table.type("exit", on: ann)
        #expect(ann.isClosed)

        let newcomer = table.connect()
        table.type("exit please", on: newcomer)
        let screen = newcomer.takeText()
        #expect(screen.contains("usage: exit (no arguments)") && screen.hasSuffix("Your name: "), "\(screen)")
        #expect(!newcomer.isClosed)
    }
}
