import Foundation
import HangmanCore
import HangmanNet
import HangmanStore
import HangmanTesting
import Testing

@testable import HangmanServer

/// Screen-reader mode (issue 34, item 1): `screenreader on|off`, saved with the player's settings,
/// on by itself for a client whose MTTS answer has bit 64; its text has no drawing, no `_` and no run
/// of three or more symbols in any line, for every event the server sends.
@Suite(.ownThread) struct ScreenReaderTests {
    static let spoken = TextLayout.standard.speaking(true)

    /// The lines of `event` (or a batch) as a screen-reader client gets them, without colour.
    static func said(_ events: [Outbound], layout: TextLayout = spoken) -> [String] {
        let bytes =
            events.count == 1
            ? TextRenderer.render(events[0], color: false, layout: layout)
            : TextRenderer.render(events, color: false, layout: layout)
        return String(decoding: bytes, as: UTF8.self).components(separatedBy: "\r\n").dropLast().map { $0 }
    }

    /// What a listener must never hear spelled out: `_`, or three symbols in a row.
    static func problems(_ lines: [String]) -> [String] {
        lines.filter { $0.contains("_") || Speech.longestSymbolRun($0) >= 3 }
    }

    static let board = GuessBoard(pattern: "_a_a_a", misses: 1, maxMisses: 7, turn: "Bob")

    /// Every `Outbound` case (the protocol's samples, which a test keeps complete), a guess with its
    /// board, a racer's away line, the help pages and every command's help.
    static var everything: [Outbound] {
        var events = ProtocolSchemaTests.samples
        events.append(.guess(room: "home", player: "Ann", letter: "a", word: nil, hit: true, count: 3, points: 3, board: board))
        events.append(.guess(room: "home", player: "Ann", letter: "z", word: nil, hit: false, count: 0, points: 0, board: board))
        events.append(.away(room: "home", player: "bob", away: true, missedTurns: 2, ownClock: true))
        for layout in [TextLayout.standard, TextLayout(columns: 40, rows: 24)] {
            if let overview = Help.text(for: nil, layout: layout) { events.append(.help(topic: nil, text: overview)) }
        }
        for row in CommandTable.rows {
            if let text = Help.text(for: row.name) { events.append(.help(topic: row.name, text: text)) }
        }
        return events
    }

    @Test func noEventIsSaidWithUnderscoresOrRunsOfSymbols() {
        for event in Self.everything {
            for layout in [Self.spoken, TextLayout(columns: 40, rows: 24, spoken: true)] {
                let lines = Self.said([event], layout: layout)
                #expect(Self.problems(lines).isEmpty, "\(event): \(Self.problems(lines))")
            }
        }
    }

    @Test func theEndOfAGameIsSaidALineAnEntryWithoutCheers() {
        let ranking = [PlayerView(name: "Ann", score: 12, connected: true), PlayerView(name: "bob", score: 3, connected: true)]
        let batch: [Outbound] = [
            .gameOver(room: "home", ranking: ranking, gameID: 4, sync: .saved, note: nil),
            .highscores(
                entries: [
                    HighScore(
                        rank: 1, name: "Ann", score: 12, gameID: 4, words: ["cat"], mistakes: 1, solved: 1, difficulty: "easy",
                        failed: false)
                ], highlight: 4),
            .celebration(player: "Ann", rank: 1, score: 12),
        ]
        let lines = Self.said(batch)
        #expect(Self.problems(lines).isEmpty, "\(lines)")
        #expect(lines.contains("1st Ann, 12 points."), "\(lines)")
        #expect(lines.contains("1st Ann, 12 points, 1 mistake, CAT, this game."), "\(lines)")
        #expect(!lines.joined().contains("\\o/") && !lines.joined().contains("***"), "\(lines)")
    }

    @Test func aGuessIsOneShortSentence() {
        let lines = Self.said([
            .guess(room: "home", player: "Ann", letter: "a", word: nil, hit: true, count: 3, points: 0, board: Self.board)
        ])
        #expect(lines == ["Ann guessed A: 3 hits. 6 letters: blank, A, blank, A, blank, A. 1 miss of 7. Bob's turn."])
        let miss = Self.said([
            .guess(room: "home", player: "Bob", letter: "z", word: nil, hit: false, count: 0, points: 0, board: Self.board)
        ])
        #expect(miss == ["Bob guessed Z: a miss. 6 letters: blank, A, blank, A, blank, A. 1 miss of 7. Bob's turn."])
    }

    /// What espeak-ng read as symbols in the recorded session (docs/sample-session.md): "2026 dash 11",
    /// "dana hash three hundred fifty-four thousand…", "20 s". Said in words now.
    @Test func whatEspeakSpelledOutIsSaidInWords() {
        let month = Self.said([
            .monthStanding(
                room: "r", month: "2026-11", MonthlyStanding(name: "dana", rank: 2, players: 2, score: 20, games: 1, wins: 0))
        ])
        #expect(month == ["This month, November 2026: 2nd of 2, 20 points in 1 game."])
        let login = Self.said([.loggedIn(name: "dana", registered: false, resumed: false, resumeToken: "354657")])
        #expect(
            login.last
                == "To get your seat back from elsewhere, reconnect with the name dana, the hash sign and the code 3 5 4 6 5 7, as one word."
        )
        #expect(
            Self.said([.info("Your turn, dana (20 s): type a letter, or solve <word>.")]) == [
                "Your turn, dana (20 seconds): type a letter, or solve word."
            ])
    }

    @Test func aLongRunOfBlanksIsCounted() {
        #expect(SpokenText.pattern("e______t") == "8 letters: E, 6 blanks, T")
        #expect(SpokenText.pattern("__") == "2 letters: blank, blank")
        #expect(SpokenText.pattern("a") == "1 letter: A")
    }

    /// The board: a few lines in a fixed order, without the gallows; the word's length as a number.
    @Test func theBoardIsAFewLinesInAFixedOrder() {
        let snapshot = RoomSnapshot(
            room: "home", status: .playing, mode: "classic", difficulty: "easy", round: 1, rounds: 3, pattern: "_a_a_a",
            misses: 1, maxMisses: 7, guessed: ["a", "z"], available: ["b"], turn: "Bob", turnSecondsLeft: 30,
            players: [PlayerView(name: "Ann", score: 3, connected: true), PlayerView(name: "Bob", score: 0, connected: true)],
            spectators: 0, host: "Ann", isPrivate: false)
        #expect(
            Self.said([.state(snapshot)]) == [
                "Room home, round 1 of 3, classic, easy.",
                "Word: 6 letters: blank, A, blank, A, blank, A.",
                "1 miss of 7, 6 left. Guessed: A, Z.",
                "Bob's turn, 30 seconds left.",
                "Players: Ann 3; Bob 0. Host: Ann.",
            ])
    }

    /// `screenreader on` is said in words from then on, `state` repeats the board, and the choice is
    /// saved: the next login is spoken at once.
    @Test func theModeIsSavedAndComesBackAtTheNextLogin() {
        let probe = Probe()
        let table = probe.table
        let ann = table.player("Ann", json: false)
        table.type("screenreader on", on: ann)
        #expect(ann.takeText().contains("Screen-reader mode on"))
        #expect(probe.savedSettings("Ann")?["screenreader"] == "on")
        table.type("state", on: ann)
        let board = ann.takeText()
        #expect(board.contains("letters: ") && !board.contains("_") && !board.contains("+---"), "\(board)")
        table.type("quit", on: ann)
        table.settle()

        let again = table.player("Ann", json: false)
        table.type("state", on: again)
        let back = again.takeText()
        #expect(back.contains("letters: ") && !back.contains("_"), "saved across login: \(back)")
        table.type("screenreader off", on: again)
        #expect(probe.savedSettings("Ann")?["screenreader"] == "off")
        _ = again.takeText()
        table.type("state", on: again)
        #expect(again.takeText().contains("_"), "off again: the board is drawn")
    }

    /// Typed at the name prompt (before any login), the mode holds through the login and is saved.
    @Test func chosenAtTheNamePromptItIsSaved() {
        let probe = Probe()
        let table = probe.table
        let client = table.connect()
        table.type("screenreader on", on: client)
        table.type("Ann", on: client)
        #expect(probe.savedSettings("Ann")?["screenreader"] == "on")
        _ = client.takeText()
        table.type("state", on: client)
        #expect(!client.takeText().contains("_"))
    }

    @Test func theWelcomeSaysHowToTurnItOnInOneShortLine() {
        let lines = Self.said(
            [.welcome(server: "hangman-server", version: "1.0", playersOnline: 2)], layout: .standard)
        let hint = lines.filter { $0.contains("screenreader on") }
        #expect(hint.count == 1 && (hint.first?.count ?? 99) <= 50, "\(lines)")
        #expect(CommandParser.parse("screenreader on") == .success(.screenReader(true)))
        #expect(CommandParser.parse("SCREENREADER Off") == .success(.screenReader(false)))
        #expect(CommandParser.parse("screenreader loud").isFailure)
    }

    /// TinTin++ with `#config screen_reader on` answers TTYPE with its name, its terminal and
    /// `MTTS <bits>` with bit 64: the filter reads it, and the session turns the mode on and says so.
    @Test func anMTTSScreenReaderTurnsTheModeOnAndIsToldSoOnce() {
        let iac: UInt8 = 255, will: UInt8 = 251, sb: UInt8 = 250, se: UInt8 = 240, ttype: UInt8 = 24
        func answer(_ text: String) -> [UInt8] { [iac, sb, ttype, 0] + Array(text.utf8) + [iac, se] }
        var refusing = TelnetFilter()
        _ = refusing.process([iac, 241])
        #expect(refusing.terminal.terminalTypePending, "DO TTYPE asked: its answer may bring bit 64")
        _ = refusing.process([iac, 252, ttype])  // WONT
        #expect(!refusing.terminal.terminalTypePending, "refused: nothing to wait for")
        var filter = TelnetFilter()
        _ = filter.process([iac, 241])
        _ = filter.process([iac, will, 31, iac, sb, 31, 0, 80, 0, 24, iac, se])  // NAWS before any TTYPE answer
        #expect(filter.terminal.windowSizeKnown && filter.terminal.terminalTypePending, "the welcome still waits")
        _ = filter.process([iac, will, ttype])
        #expect(filter.terminal.terminalTypePending, "the welcome waits for the answers")
        _ = filter.process(answer("TINTIN++"))
        _ = filter.process(answer("XTERM"))
        #expect(!Session.declaresScreenReader(filter.terminal), "not before the MTTS answer")
        #expect(filter.terminal.terminalTypePending)
        _ = filter.process(answer("MTTS \(1 + 4 + 64)"))
        var terminal = filter.terminal
        #expect(Session.declaresScreenReader(terminal))
        #expect(!terminal.terminalTypePending, "the cycle ended: the welcome may go, spoken")

        let table = TestTable(words: ["ab"])
        let ann = table.player("Ann", json: false, terminal: TerminalTests.terminal())
        terminal.width = 80
        terminal.height = 24
        terminal.windowSizeKnown = true
        ann.setTerminal(terminal)
        table.settle()
        let told = ann.takeText()
        #expect(told.components(separatedBy: "screen reader").count == 2, "one line says so: \(told)")
        ann.setTerminal(terminal)
        table.settle()
        #expect(!ann.takeText().contains("screen reader"), "said once")
        table.type("state", on: ann)
        #expect(!ann.takeText().contains("_"))
    }

    /// A player who turned it off is not overruled by the client's MTTS answer.
    @Test func thePlayersChoiceWinsOverMTTS() {
        let table = TestTable(words: ["ab"])
        let ann = table.player("Ann", json: false, terminal: TerminalTests.terminal())
        table.type("screenreader off", on: ann)
        var terminal = TerminalTests.terminal()
        terminal.clientName = "TINTIN++"
        terminal.capabilities = [.ansi, .screenReader]
        ann.setTerminal(terminal)
        table.settle()
        _ = ann.takeText()
        table.type("state", on: ann)
        #expect(ann.takeText().contains("_"))
    }

    @Test func jsonIsTheSame() {
        let table = TestTable(words: ["ab"])
        let bot = table.player("Ann")
        table.type("screenreader on", on: bot)
        let seen = bot.events()
        #expect(seen.first?.type == "error", "screen-reader mode is for text: \(seen)")
    }
}

extension Result {
    fileprivate var isFailure: Bool {
        if case .failure = self { return true }
        return false
    }
}
