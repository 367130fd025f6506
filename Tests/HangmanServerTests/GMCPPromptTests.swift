import HangmanNet
import HangmanTesting
import Testing

@testable import HangmanServer

/// docs/PROTOCOL.md promises a GMCP client every JSON-mode event as `Hangman.<Type>`, `prompt`
/// included: a MUD client script logs in on `Hangman.Prompt` (`for`: `name` or `password`). The
/// text prompts were sent without it (a GMCP client got `Hangman.Welcome`, then nothing until
/// `Hangman.LoggedIn`).
@Suite(.ownThread) struct GMCPPromptTests {
    static func gmcpTerminal() -> TerminalInfo {
        var terminal = TerminalInfo()
        terminal.windowSizeKnown = true
        terminal.gmcp = true
        return terminal
    }

    @Test func theNamePromptComesAsGMCPToo() {
        let table = TestTable(words: ["ab"])
        let client = table.connect(terminal: Self.gmcpTerminal())
        let packages = client.gmcpMessages.map(\.package)
        #expect(packages == ["Hangman.Welcome", "Hangman.Prompt"], "\(packages)")
        #expect(client.gmcpMessages.last?.json == #"{"type":"prompt","for":"name"}"#)
        // A refused name: the error, then the prompt again.
        table.type("bot-x", on: client)
        #expect(client.gmcpMessages.suffix(2).map(\.package) == ["Hangman.Error", "Hangman.Prompt"])
        #expect(client.takeText().hasSuffix("Your name: "), "the text prompt is unchanged")
    }

    @Test func aClientWithoutGMCPGetsNoMessage() {
        let table = TestTable(words: ["ab"])
        var terminal = Self.gmcpTerminal()
        terminal.gmcp = false
        let client = table.connect(terminal: terminal)
        #expect(client.gmcpMessages.isEmpty)
    }
}
