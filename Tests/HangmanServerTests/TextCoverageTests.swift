import Foundation
import HangmanNet
import HangmanTesting
import Testing

@testable import HangmanServer

/// The text-mode half of the coverage registry (`CoverageRegistryTests` sends everything in JSON):
/// every command word of the table, with each of its examples, and every error code, sent by a text
/// client at 80 and at 40 columns. Each gets an answer in text (not JSON, not nothing, not "unknown
/// command"), every line of it fits the window, and an error reads `! message [code]` with its code.
/// The lists come from `CommandTable.rows` and `ErrorCode.allCases`: a new word or code without a
/// case here fails by name.
@Suite(.ownThread) struct TextCoverageTests {
    static let widths = [80, 40]

    /// Ann (the host) and bob in `home`, text mode, both `width` columns wide; Ann won a one-round
    /// game of "ab" there (so top, history, stats and game have something to show); nothing runs.
    struct Screen {
        let table = TestTable(words: ["ab\tthe first two letters"])
        let width: Int
        let ann: MemoryConnection
        let bob: MemoryConnection

        init(width: Int) {
            self.width = width
            ann = table.player("Ann", json: false, terminal: Self.terminal(width))
            bob = table.player("bob", json: false, terminal: Self.terminal(width))
            for line in ["create home", "set rounds 1", "start", "guess ab"] { table.type(line, on: ann) }
            table.type("join home", on: bob)
            _ = ann.takeText()
            _ = bob.takeText()
        }

        static func terminal(_ width: Int) -> TerminalInfo { TerminalTests.terminal(width: width, height: 24) }

        /// `connection` types `line`; the lines it got back, prompts taken off, blank ones dropped.
        func type(_ line: String, on connection: MemoryConnection? = nil) -> [String] {
            let connection = connection ?? ann
            table.type(line, on: connection)
            return Self.lines(connection)
        }

        static func lines(_ connection: MemoryConnection) -> [String] {
            TerminalTests.screenLines(Array(connection.takeText().utf8)).filter {
                !$0.trimmingCharacters(in: .whitespaces).isEmpty
            }
        }

        /// The answer is text, is there, and fits the window.
        func check(_ answer: [String], to line: String, sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(!answer.isEmpty, "'\(line)' at \(width) columns: no answer", sourceLocation: sourceLocation)
            #expect(
                !answer.contains { $0.hasPrefix("{") }, "'\(line)': JSON in text mode: \(answer)", sourceLocation: sourceLocation)
            let wide = answer.filter { TextLayout.visibleWidth($0) > width }
            #expect(wide.isEmpty, "'\(line)' at \(width) columns, lines too wide: \(wide)", sourceLocation: sourceLocation)
        }
    }

    static var wordsAndWidths: [(String, Int)] { CoverageRegistryTests.words.flatMap { word in widths.map { (word, $0) } } }

    /// The lines sent for `word`: the word alone, and each example of its row (said with `word`).
    static func lines(for word: String) -> [String] {
        guard let row = CommandTable.row(for: word) else { return [] }
        let examples = row.examples.map { example -> String in
            guard word != row.name else { return example }
            if row.name == "say", word == "'" { return "'" + example.split(separator: " ").dropFirst().joined(separator: " ") }
            return ([word] + example.split(separator: " ").dropFirst().map(String.init)).joined(separator: " ")
        }
        return Array(Set([word == "'" ? "'hello" : word] + examples)).sorted()
    }

    @Test(arguments: wordsAndWidths) func everyCommandIsAnsweredInText(word: String, width: Int) {
        let lines = Self.lines(for: word)
        #expect(!lines.isEmpty, "'\(word)' has no row")
        for line in lines {
            let screen = Screen(width: width)
            let answer = Self.send(line, for: word, on: screen)
            // `json` switches the client to JSON: its answer is the first line in JSON.
            if word == "json" {
                #expect(answer.first?.hasPrefix("{") == true, "\(answer)")
                continue
            }
            // `screenreader on` says its answer as one sentence a line, not wrapped (ScreenReaderTests).
            if word == "screenreader", line.hasSuffix(" on") {
                #expect(answer.first?.hasPrefix("Screen-reader mode on") == true, "\(answer)")
                continue
            }
            screen.check(answer, to: line)
            #expect(!answer.contains { $0.contains("[unknown_command]") }, "'\(line)' is not known: \(answer)")
        }
    }

    /// Sends `line`: logged in as Ann, except the bare answers of the name and password rows (an
    /// example that is not a command), typed at their prompt by a new client.
    static func send(_ line: String, for word: String, on screen: Screen) -> [String] {
        guard ["name", "password"].contains(word), !line.lowercased().hasPrefix(word) else { return screen.type(line) }
        let client = screen.table.connect(terminal: Screen.terminal(screen.width))
        if word == "password" {
            screen.table.store.register(name: "zed", password: line) { result in
                if case .failure(let error) = result { Issue.record("register zed: \(error)") }
            }
            _ = screen.type("zed", on: client)
        }
        let answer = screen.type(line, on: client)
        #expect(client.didCompleteLogin, "'\(line)' at the \(word) prompt logs in: \(answer)")
        return answer
    }

    static var codesAndWidths: [(ErrorCode, Int)] { ErrorCode.allCases.flatMap { code in widths.map { (code, $0) } } }

    @Test(arguments: codesAndWidths) func everyErrorIsAnsweredInText(code: ErrorCode, width: Int) {
        let screen = Screen(width: width)
        guard let (line, answer) = Self.provoke(code, screen) else {
            Issue.record("no text probe provokes \(code.rawValue): add one to TextCoverageTests.provoke")
            return
        }
        screen.check(answer, to: line)
        let error = answer.first { $0.hasPrefix("! ") }
        #expect(error != nil, "'\(line)' at \(width): no '! message' line in \(answer)")
        #expect(answer.joined(separator: " ").contains("[\(code.rawValue)]"), "'\(line)' at \(width): \(answer)")
    }

    /// Provokes `code` on `screen`: the line typed and the answer's lines; nil when no probe exists.
    static func provoke(_ code: ErrorCode, _ s: Screen) -> (String, [String])? {
        switch code {
        case .unknownCommand: return ("frobnicate now", s.type("frobnicate now"))
        case .invalidInput: return ("register abc", s.type("register abc"))
        case .notYourTurn:
            _ = s.type("start")
            return ("a", s.type("a", on: s.bob))
        case .alreadyGuessed:
            _ = s.type("start")
            _ = s.type("z")
            return ("z", s.type("z", on: s.bob))
        case .noGame: return ("guess e", s.type("guess e"))
        case .nameTaken:
            _ = s.type("leave", on: s.bob)
            return ("create HOME", s.type("create HOME", on: s.bob))
        case .nameInvalid:
            let c = s.table.connect(terminal: Screen.terminal(s.width))
            return ("no spaces!", s.type("no spaces!", on: c))
        case .badPassword:
            _ = s.type("create den s3cret")
            return ("join den nope", s.type("join den nope", on: s.bob))
        case .notHost: return ("kick Ann", s.type("kick Ann", on: s.bob))
        case .roomFull:
            _ = s.type("set seats 2")
            let cy = s.table.player("cy", json: false, terminal: Screen.terminal(s.width))
            return ("join home", s.type("join home", on: cy))
        case .noSuchRoom: return ("join nowhere", s.type("join nowhere"))
        case .noSuchPlayer: return ("kick nobody", s.type("kick nobody"))
        case .outOfRange: return ("set misses 27", s.type("set misses 27"))
        case .lineTooLong:
            s.ann.deliver(.lineTooLong)
            s.table.settle()
            return ("(a line over the limit)", Screen.lines(s.ann))
        case .rateLimited:
            s.ann.deliver(.rateLimited)
            s.table.settle()
            return ("(lines over the rate)", Screen.lines(s.ann))
        case .notAllowed: return ("bans", s.type("bans"))
        case .muted, .banned:
            return (code == .muted ? "say hi" : "name mal", TextCoverageTests.moderated(code, s))
        case .unavailable:
            s.table.store.outage.store(true, ordering: .relaxed)
            return ("top", s.type("top"))
        }
    }
}

extension TextCoverageTests {
    /// `muted` or `banned` as a text client at the screen's width sees it: the operator `op` mutes
    /// (then `mal` says something) or bans `mal` (then `mal` logs in).
    static func moderated(_ code: ErrorCode, _ s: Screen) -> [String] {
        let table = TestTable(words: ["ab"]) { $0.operators = ["op"] }
        table.store.register(name: "op", password: "0p-secret") { _ in }
        let op = table.connect()
        for line in ["json", "name op", "password 0p-secret"] { table.type(line, on: op) }
        if code == .muted {
            let mal = table.player("mal", json: false, terminal: Screen.terminal(s.width))
            table.type("mute mal 10m spam", on: op)
            _ = mal.takeText()
            table.type("say hi", on: mal)
            return Screen.lines(mal)
        }
        table.type("ban mal 1h flooding", on: op)
        let mal = table.connect(terminal: Screen.terminal(s.width))
        table.type("mal", on: mal)
        return Screen.lines(mal)
    }
}
