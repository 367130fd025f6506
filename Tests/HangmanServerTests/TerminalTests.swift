import HangmanNet
import HangmanTesting
import Testing

@testable import HangmanServer

/// What a telnet client's terminal (NAWS, TTYPE/MTTS, EOR, GMCP) does to the text, in memory: the
/// width shapes every line, prompts are marked as prompts, colour and GMCP follow what the client
/// said, and a plain client never sees an IAC byte.
@Suite(.ownThread) struct TerminalTests {
    static let longWord = "internationalization"

    static func terminal(
        width: Int = 80, height: Int = 24, promptEnd: TerminalInfo.PromptEnd = .none, gmcp: Bool = false
    ) -> TerminalInfo {
        var terminal = TerminalInfo()
        terminal.width = width
        terminal.height = height
        terminal.windowSizeKnown = true
        terminal.promptEnd = promptEnd
        terminal.gmcp = gmcp
        return terminal
    }

    /// The lines as a terminal shows them (IAC EOR / GA removed).
    static func screenLines(_ bytes: [UInt8]) -> [String] {
        var clean: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == 255, index + 1 < bytes.count {
                index += 2
                continue
            }
            clean.append(bytes[index])
            index += 1
        }
        // What the player types after a prompt ends that line on their screen: the server's next
        // output starts a line of its own there, so the prompt is not part of it.
        return String(decoding: clean, as: UTF8.self).components(separatedBy: "\r\n").map { line in
            for prompt in ["your turn> ", "> ", "Your name: ", "Password: "] where line.hasPrefix(prompt) {
                return String(line.dropFirst(prompt.count))
            }
            return line
        }
    }

    /// Plays a whole three-round game alone: every letter in turn until the game is over.
    static func playWholeGame(_ table: TestTable, _ player: MemoryConnection) {
        table.type("create narrow", on: player)
        table.type("start", on: player)
        for _ in 0..<3 {
            for letter in "etaoinsrlcdumhgpbfywkvxzjq" { table.type(String(letter), on: player) }
        }
    }

    // MARK: NAWS

    @Test func aFortyColumnClientSeesNoLineWiderThanForty() {
        let table = TestTable(words: [Self.longWord, "abracadabra"])
        let ann = table.player("Ann", json: false, terminal: Self.terminal(width: 40, height: 20))
        let bob = table.player("bob", json: false)
        table.type("say " + String(repeating: "a long line of chat that goes on and on ", count: 3), on: bob)
        for command in ["help", "help 2", "help join", "rooms", "who", "top", "highscores", "settings", "stats"] {
            table.type(command, on: ann)
        }
        Self.playWholeGame(table, ann)
        table.type("history", on: ann)
        let lines = Self.screenLines(ann.bytes)
        let wide = lines.filter { TextLayout.visibleWidth($0) > 40 }
        #expect(wide.isEmpty, "\(wide)")
        #expect(ann.text.contains("Game over"), "the game was played to its end")
        // The long word's spaced pattern breaks between letters, never inside one.
        let board = lines.filter { $0.hasPrefix("Word:") }
        #expect(!board.isEmpty)
        var patternLines: [String] = []
        for (index, line) in lines.enumerated() where line.hasPrefix("Word:") {
            patternLines.append(line)
            patternLines += lines[(index + 1)...].prefix { $0.hasPrefix("         ") && !$0.hasPrefix("          ") }
        }
        let pattern = patternLines.flatMap { $0.split(separator: " ") }
            .filter { $0 != "Word:" && !$0.hasPrefix("(") && $0 != "letters)" }
        #expect(pattern.allSatisfy { $0.count == 1 }, "\(pattern)")
        // The 80-column player in the same room still sees the board beside the gallows.
        #expect(Self.screenLines(bob.bytes).contains { TextLayout.visibleWidth($0) > 40 })
    }

    @Test func theWidthIsClampedToASaneRange() {
        #expect(TextLayout(columns: 3, rows: 2) == TextLayout(columns: 20, rows: 8))
        #expect(TextLayout(columns: 60_000, rows: 60_000) == TextLayout(columns: 250, rows: 200))
        #expect(TextLayout(columns: 19, rows: 24).columns == 20)
        #expect(TextLayout(columns: 251, rows: 24).columns == 250)
        #expect(TextLayout(TerminalInfo()) == .standard)
    }

    @Test func wrappingIgnoresColourCodesAndCutsOnlyWhatCannotBreak() {
        let layout = TextLayout(columns: 20, rows: 24)
        let p = Paint(enabled: true)
        let line = p.bold("Word:") + " " + p.green("a b c d e f g h i j k l m n")
        let wrapped = layout.wrap(line, indent: 6)
        #expect(wrapped.count == 2)
        #expect(wrapped.allSatisfy { TextLayout.visibleWidth($0) <= 20 })
        #expect(TextLayout.visibleWidth(wrapped[1]).isMultiple(of: 1) && wrapped[1].hasPrefix("      "))
        let cut = layout.wrap(String(repeating: "x", count: 45))
        #expect(cut.map { TextLayout.visibleWidth($0) } == [20, 20, 9])
        #expect(layout.wrap("fits in twenty") == ["fits in twenty"])
    }

    @Test func helpIsPagedToTheWindowsHeight() {
        let layout = TextLayout(columns: 40, rows: 12)
        guard let first = Help.text(for: nil, layout: layout) else {
            Issue.record("no help")
            return
        }
        #expect(first.count <= 10)
        #expect(first.last?.contains("help 2 for more") == true)
        var page = 2
        var last = first
        while let next = Help.text(for: String(page), layout: layout) {
            #expect(next.count <= 10)
            last = next
            page += 1
        }
        #expect(page > 2 && last.last?.hasPrefix("-- page \(page - 1) of \(page - 1) --") == true)
        // 80 × 24: one page, as it always was.
        #expect(Help.text(for: nil, layout: .standard) == Help.overview())
        #expect(Help.text(for: "2", layout: .standard) == nil)
    }

    @Test func aBroadcastIsRenderedOncePerStyleAndWidth() {
        var rendered = RenderedEvent(.chat(room: "r", from: "ann", text: String(repeating: "word ", count: 30)))
        let narrow = TextLayout(columns: 40, rows: 24)
        let a = rendered.bytes(for: .text, layout: narrow)
        let b = rendered.bytes(for: .text, layout: narrow)
        let wide = rendered.bytes(for: .text)
        _ = rendered.bytes(for: .json, layout: narrow)
        _ = rendered.bytes(for: .json)
        #expect(a == b && a != wide)
        #expect(rendered.renderings == 3, "text at 40, text at 80, one JSON for every width")
    }

    @Test func theBannerWaitsBrieflyForTheWindowSize() {
        let table = TestTable(words: ["ab"])
        var unknown = TerminalInfo()
        unknown.promptEnd = .endOfRecord
        let narrow = table.connect(terminal: unknown)
        #expect(narrow.text.isEmpty, "nothing before NAWS or the wait's end")
        narrow.setTerminal(Self.terminal(width: 40, height: 24, promptEnd: .endOfRecord))
        table.settle()
        let banner = Self.screenLines(narrow.bytes)
        #expect(banner.contains("HANGMAN"), "the 47-column art does not fit 40 columns")
        #expect(banner.allSatisfy { TextLayout.visibleWidth($0) <= 40 }, "\(banner)")
        #expect(narrow.bytes.suffix(2) == [255, 239], "the name prompt ends with IAC EOR")

        let silent = table.connect(terminal: unknown)
        #expect(silent.text.isEmpty)
        table.advance(by: Session.windowSizeWaitSeconds)
        #expect(silent.text.contains(TextRenderer.title[1]), "no NAWS: the banner for 80 columns after the wait")
        #expect(table.connect().text.contains("Your name: "), "a plain client's banner comes at once")
    }

    @Test func boxCharactersOnlyForAClientThatSaysUTF8() {
        let snapshot = RoomSnapshot(
            room: "r", status: .playing, mode: "classic", difficulty: "custom", round: 1, rounds: 3, pattern: "a_",
            misses: 7, maxMisses: 7, guessed: ["a"], available: ["b"], turn: "ann", turnSecondsLeft: nil, players: [],
            spectators: 0, host: nil, isPrivate: false)
        let p = Paint(enabled: false)
        let ascii = TextRenderer.state(snapshot, p, TextLayout(columns: 80, rows: 24)).joined()
        #expect(ascii.unicodeScalars.allSatisfy(\.isASCII) && ascii.contains("+---------+"))
        let box = TextRenderer.state(snapshot, p, TextLayout(columns: 80, rows: 24, unicode: true)).joined()
        #expect(box.contains("\u{250C}\u{2500}\u{2500}") && box.contains("\u{2510}") && !box.contains("+"))
        var mud = TerminalInfo()
        mud.capabilities = [.utf8]
        #expect(TextLayout(mud).unicode)
        var charset = TerminalInfo()
        charset.charsetUTF8 = true
        #expect(TextLayout(charset).unicode && !TextLayout(TerminalInfo()).unicode)
    }

    // MARK: prompts

    @Test func promptsEndWithEORWhenAgreedAndGAWhenNot() {
        let table = TestTable(words: ["ab"])
        let eor = table.connect(terminal: Self.terminal(promptEnd: .endOfRecord))
        table.type("ann", on: eor)
        #expect(eor.bytes.suffix(4) == [62, 32, 255, 239], "the game's prompt '> ' then IAC EOR")
        let ga = table.connect(terminal: Self.terminal(promptEnd: .goAhead))
        #expect(ga.bytes.suffix(2) == [255, 249])
        _ = ga.takeText()
        table.type("bob", on: ga)
        #expect(ga.bytes.suffix(2) == [255, 249])
    }

    @Test func aPlainClientNeverGetsAnIACByte() {
        let table = TestTable(words: [Self.longWord, "ab"])
        let plain = table.player("Ann", json: false)
        for command in ["help", "rooms", "who", "say hi"] { table.type(command, on: plain) }
        Self.playWholeGame(table, plain)
        table.type("quit", on: plain)
        #expect(!plain.bytes.contains(255))
        #expect(plain.bytes.allSatisfy { $0 < 0x80 }, "ASCII only: nothing said the client shows UTF-8")
        #expect(plain.text.contains("Game over"))
    }

    // MARK: colour

    @Test func colourComesOnForAnMTTSClientThatDeclaresANSIOnly() {
        let table = TestTable(words: ["ab"])
        var mud = Self.terminal()
        mud.clientName = "TINTIN++"
        mud.terminalType = "XTERM-256COLOR"
        mud.capabilities = [.ansi, .utf8, .colors256]
        let tintin = table.player("Ann", json: false, terminal: mud)
        table.type("frobnicate", on: tintin)
        #expect(tintin.takeText().contains("\u{1B}["))

        var xterm = Self.terminal()
        xterm.terminalType = "XTERM"
        xterm.capabilities = [.ansi, .vt100]
        let telnet = table.player("bob", json: false, terminal: xterm)
        table.type("create r", on: telnet)
        #expect(!telnet.takeText().contains("\u{1B}["), "a terminal type alone does not turn colour on")

        let chooser = table.player("cy", json: false)
        table.type("color off", on: chooser)
        chooser.setTerminal(mud)
        table.type("frobnicate", on: chooser)
        #expect(!chooser.takeText().contains("\u{1B}["), "the player's choice wins")

        let bot = table.player("dee", json: true, terminal: mud)
        table.type("frobnicate", on: bot)
        #expect(!bot.takeText().contains("\u{1B}["), "a JSON client stays JSON")
    }

    // MARK: GMCP

    @Test func gmcpCarriesTheJSONEventsAndTheTextIsUnchanged() {
        let table = TestTable(words: ["ab"])
        let ann = table.player("Ann", json: false, terminal: Self.terminal(gmcp: true))
        let bob = table.player("bob", json: false)
        table.type("create r", on: ann)
        table.type("join r", on: bob)
        table.type("start", on: ann)
        _ = ann.takeText()
        _ = bob.takeText()
        let before = ann.gmcpMessages.count
        table.type("a", on: ann)
        let sent = ann.gmcpMessages.dropFirst(before)
        #expect(sent.map(\.package).contains("Hangman.Guess"))
        let states = sent.filter { $0.package == "Hangman.State" }
        #expect(states.last?.json.contains(#""pattern":"a_""#) == true, "\(states)")
        #expect(states.last?.json.hasPrefix(#"{"type":"state""#) == true)
        // The text is what a client without GMCP gets (the names aside).
        #expect(ann.takeText().contains("Ann: A 1 hit"))
        #expect(bob.takeText().contains("Ann: A 1 hit"))
        #expect(bob.gmcpMessages.isEmpty)
    }

    @Test func gmcpFollowsCoreSupports() {
        var other = Self.terminal(gmcp: true)
        other.gmcpSupports = ["Char 1", "Room 1"]
        #expect(!MemberOutput.wantsGMCP(other))
        other.gmcpSupports.append("Hangman 1")
        #expect(MemberOutput.wantsGMCP(other))
        #expect(MemberOutput.wantsGMCP(Self.terminal(gmcp: true)), "a client that lists nothing gets everything")
        #expect(!MemberOutput.wantsGMCP(Self.terminal(gmcp: false)))
    }

    @Test func gmcpPackagesAreTheJSONTypes() {
        #expect(GMCPMessage.package(forType: "state") == "Hangman.State")
        #expect(GMCPMessage.package(forType: "round_over") == "Hangman.RoundOver")
        let lines = JSONRenderer.render(.info("hi")) + JSONRenderer.render(.error(code: .noGame, message: "no"))
        #expect(GMCPMessage.messages(for: lines).map(\.package) == ["Hangman.Info", "Hangman.Error"])
    }
}
