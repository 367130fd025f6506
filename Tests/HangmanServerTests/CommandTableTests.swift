import Foundation
import Testing

@testable import HangmanServer

/// The command table drives the parser, `help` (text and JSON) and docs/PROTOCOL.md: these tests
/// hold the four together.
@Suite(.ownThread) struct CommandTableTests {
    @Test func namesAndAliasesAreUniqueAndLowerCase() {
        let words = CommandTable.rows.flatMap { [$0.name] + $0.aliases }
        #expect(Set(words).count == words.count, "a word names two commands")
        for word in words { #expect(word == word.lowercased(), "\(word)") }
        #expect(CommandParser.commandWords == Set(words))
    }

    @Test func everyNameAndAliasParsesAsItsRow() {
        for row in CommandTable.rows {
            for word in [row.name] + row.aliases {
                let line = word == "'" ? "'hello" : word
                switch CommandParser.parse(line) {
                case .success(let command):
                    #expect(command.tableName == Self.parsedName(row), "\(line) parsed as \(command)")
                case .failure(let error):
                    // A word that needs arguments is a known command with a usage message.
                    #expect(error.code == .invalidInput, "\(line): \(error)")
                    #expect(error.message.hasPrefix("usage: "), "\(line): \(error.message)")
                }
                #expect(CommandTable.row(for: "/" + word.uppercased()) == row)
            }
        }
    }

    @Test func everyExampleParsesAsItsRow() {
        for row in CommandTable.rows {
            #expect(!row.examples.isEmpty, "\(row.name) has no example")
            for example in row.examples {
                guard case .success(let command) = CommandParser.parse(example) else {
                    Issue.record("\(row.name) example '\(example)' does not parse")
                    continue
                }
                // The name and password prompts take a bare line as their answer.
                if case .bare = command, ["name", "password"].contains(row.name) { continue }
                #expect(command.tableName == Self.parsedName(row), "example '\(example)' parsed as \(command)")
            }
        }
    }

    /// The case name of a parsed command (`create(room: …)` → "create").
    static func caseName(_ command: Command) -> String {
        String(String(describing: command).prefix { $0 != "(" })
    }

    /// Every command the table's names, aliases and examples parse to.
    static var tableCommands: [Command] {
        CommandTable.rows.flatMap { row in
            ([row.name] + row.aliases).map { $0 == "'" ? "'hello" : $0 } + row.examples
        }.compactMap { line in
            guard case .success(let command) = CommandParser.parse(line) else { return nil }
            return command
        }
    }

    /// Both lists come from the code: the `Command` cases from its declaration, the commands from the
    /// table. Each case but a bare line is reached by some line of the table, and names a row.
    @Test func everyCommandHasARow() {
        let declared = Set(DeclaredCases.of("Command", in: "Sources/HangmanServer/Commands/Command.swift"))
        #expect(declared.count >= 30, "read the Command cases from its source: \(declared.sorted())")
        let notCommands: Set = ["bare", "empty"]  // a line that is no command word, and an empty one
        let commands = Self.tableCommands.filter { !notCommands.contains(Self.caseName($0)) }
        for command in commands {
            #expect(command.tableName.flatMap(CommandTable.row(for:)) != nil, "\(command) has no row")
        }
        let reached = Set(commands.map(Self.caseName))
        #expect(reached == declared.subtracting(notCommands), "cases no line of the table reaches, or unknown ones")
        #expect(Command.bare("x").tableName == nil)
        #expect(Command.empty.tableName == nil)
    }

    @Test func beforeLoginComesFromTheTable() {
        #expect(Command.json.worksBeforeLogin)
        #expect(Command.help(topic: nil).worksBeforeLogin)
        #expect(Command.quit.worksBeforeLogin)
        #expect(Command.color(false).worksBeforeLogin)
        #expect(!Command.play.worksBeforeLogin)
        #expect(!Command.bell(true).worksBeforeLogin)
        #expect(!Command.name("x").worksBeforeLogin, "the name prompt handles names itself")
    }

    /// `solve` parses to the same command as `guess <word>`.
    static func parsedName(_ row: CommandSpec) -> String { row.name == "solve" ? "guess" : row.name }
}

@Suite(.ownThread) struct HelpTests {
    @Test func theOverviewFitsAnEightyByTwentyFourScreen() throws {
        let lines = try #require(Help.text(for: nil))
        #expect(lines.count <= Help.maxLines, "\(lines.count) lines")
        #expect(Help.maxLines <= 20)
        for line in lines { #expect(line.count <= 80, "\(line.count) columns: \(line)") }
        let text = lines.joined(separator: "\n")
        for row in CommandTable.rows where row.access != .operator {
            #expect(text.contains(row.usage), "help does not list \(row.usage)")
        }
        for group in CommandSpec.Group.allCases where group != .operators { #expect(text.contains(group.title + ":")) }
        #expect(!text.contains("Operator:") && !text.contains("ban <name>"), "operator commands only for operators")
    }

    /// An operator's overview lists the operator commands too, paged to fit 80 x 24.
    @Test func operatorsSeeTheirCommands() throws {
        let layout = TextLayout(columns: 80, rows: 24)
        let pages = (1...3).compactMap { Help.text(for: "\($0)", layout: layout, operator: true) }
        let text = pages.joined().joined(separator: "\n")
        for row in CommandTable.rows { #expect(text.contains(row.usage), "operator help does not list \(row.usage)") }
        for page in pages {
            #expect(page.count <= 22, "\(page.count) lines")
            for line in page { #expect(line.count <= 80, "\(line)") }
        }
        #expect(Help.text(for: "ban") == nil && Help.rows(for: "ban") == nil, "no help on ban for others")
    }

    @Test func everyCommandAndAliasHasDetailThatFits() throws {
        for row in CommandTable.rows {
            for word in [row.name] + row.aliases {
                let lines = try #require(Help.text(for: word, operator: true), "no help for \(word)")
                #expect(lines.first == "usage: " + row.usage)
                #expect(lines.contains(row.summary))
                for example in row.examples { #expect(lines.contains("  " + example), "help \(word) lacks \(example)") }
                for line in lines { #expect(line.count <= 80, "help \(word): \(line)") }
            }
        }
    }

    @Test(arguments: ["name", "password", "register", "new", "/join", "EXIT", "?", "bell"])
    func topicsAndAliasesWork(topic: String) throws {
        let lines = try #require(Help.text(for: topic))
        #expect(lines.count > 2)
    }

    @Test func anAliasShowsItsCommand() throws {
        let lines = try #require(Help.text(for: "new"))
        #expect(lines.first == "usage: start")
        #expect(lines.contains("Only the room's host may use it."))
        #expect(lines.contains("Also: new"))
    }

    @Test func unknownTopicsHaveNoHelp() {
        #expect(Help.text(for: "frobnicate") == nil)
        #expect(Help.rows(for: "frobnicate") == nil)
        #expect(Help.text(for: "") == nil)
    }

    @Test func jsonHelpIsAStructuredList() throws {
        let others = try #require(
            try JSONSerialization.jsonObject(with: Data(JSONRenderer.render(.help(topic: nil, text: [])))) as? [String: Any])
        #expect((others["commands"] as? [Any])?.count == CommandTable.rows.filter { $0.access != .operator }.count)
        let bytes = JSONRenderer.render(.help(topic: nil, text: [], operator: true))
        #expect(bytes.last == UInt8(ascii: "\n"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        #expect(object["type"] as? String == "help")
        #expect(object["topic"] is NSNull)
        let commands = try #require(object["commands"] as? [[String: Any]])
        #expect(commands.count == CommandTable.rows.count)
        for (entry, row) in zip(commands, CommandTable.rows) {
            #expect(entry["name"] as? String == row.name)
            #expect(entry["aliases"] as? [String] == row.aliases)
            #expect(entry["args"] as? String == row.arguments)
            #expect(entry["access"] as? String == row.access.rawValue)
            #expect(entry["before_login"] as? Bool == row.beforeLogin)
            #expect(entry["group"] as? String == row.group.rawValue)
            #expect(entry["summary"] as? String == row.summary)
            #expect(entry["details"] as? [String] == row.details)
            #expect(entry["examples"] as? [String] == row.examples)
        }
    }

    @Test func jsonHelpForAnAliasNamesTheCommand() throws {
        let bytes = JSONRenderer.render(.help(topic: "lobby", text: []))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        #expect(object["topic"] as? String == "leave")
        let commands = try #require(object["commands"] as? [[String: Any]])
        #expect(commands.count == 1)
        #expect(commands.first?["examples"] as? [String] == ["leave"])
    }
}

@Suite(.ownThread) struct CommandDocumentTests {
    static var protocolDocument: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/PROTOCOL.md")
    }

    /// docs/PROTOCOL.md's command table is the table's `markdown()`. `UPDATE_DOCS=1` rewrites it.
    @Test func protocolDocumentHoldsTheCommandTable() throws {
        let expected = CommandTable.markdown()
        guard
            let current = try GeneratedDocSection.current(
                in: Self.protocolDocument, begin: CommandTable.markdownBegin, end: CommandTable.markdownEnd,
                expected: expected)
        else { return }
        #expect(
            current == expected,
            "docs/PROTOCOL.md's command table drifted from CommandTable.rows; run UPDATE_DOCS=1 swift test --filter CommandDocumentTests"
        )
    }
}

/// `help` over a real connection, as nc and a bot see it.
@Suite(.timeLimit(.minutes(1)), .ownThread) struct HelpOnTheWireTests {
    @Test func textHelpFitsTheScreenAndJSONHelpIsStructured() throws {
        let server = try TestServer()
        let nc = try TestClient(port: server.port)
        _ = nc.drain(until: "Your name: ")
        nc.line("help")
        let screen = nc.drain(until: "Your name: ")
        let lines = screen.components(separatedBy: "\r\n").dropLast()  // the prompt follows the last line end
        #expect(lines.first?.hasPrefix("Commands") == true, "\(screen)")
        #expect(lines.count <= Help.maxLines, "\(lines.count) lines")
        for line in lines { #expect(line.count <= 80, "\(line)") }

        nc.line("json")
        _ = try nc.expect("prompt")
        nc.line("help new")
        let help = try nc.expect("help")
        #expect(help["topic"] as? String == "start")
        let commands = try #require(help["commands"] as? [[String: Any]])
        #expect(commands.first?["access"] as? String == "host")
        nc.line("help frobnicate")
        let error = try nc.expect("error")
        #expect(error["code"] as? String == "invalid_input")
        #expect((error["message"] as? String)?.contains("frobnicate") == true)
    }
}

/// Every example of every row of the command table, typed by a logged-in player: each is answered
/// and none is `unknown_command`. A row added to the table but not parsed or not handled fails here.
@Suite(.timeLimit(.minutes(2)), .ownThread) struct EveryCommandIsAnsweredTests {
    @Test func everyExampleGetsAnAnswer() throws {
        let server = try TestServer()
        let alice = try TestClient.player("alice", port: server.port)
        var quit: String?
        for row in CommandTable.rows {
            for example in row.examples {
                // Bare lines answer the name and password prompts only; quit goes last.
                if ["name", "password"].contains(row.name), !example.contains(" ") { continue }
                if row.name == "quit" {
                    quit = example
                    continue
                }
                alice.line(example)
                if row.name == "text" { alice.line("json") }
                // `help quit` marks the end of this example's answers: commands run in order. A command
                // for the room is answered from the room's queue, and its answer may come after the
                // marker the session answered itself (docs/ARCHITECTURE.md): then read on for it.
                alice.line("help quit")
                var answers: [[String: Any]] = []
                var marked = false
                while !marked || answers.isEmpty {
                    let event: [String: Any]
                    do {
                        event = try alice.readJSON()
                    } catch TestClient.ClientError.timeout {
                        break
                    }
                    if event["type"] as? String == "help", event["topic"] as? String == "quit" {
                        marked = true
                    } else {
                        answers.append(event)
                    }
                }
                #expect(!answers.isEmpty, "'\(example)' got no answer")
                let unknown = answers.filter { $0["code"] as? String == "unknown_command" }
                #expect(unknown.isEmpty, "'\(example)': \(unknown)")
            }
        }
        alice.line(try #require(quit))
        _ = try alice.expect("bye")
        #expect(alice.waitForClose(timeout: 5))
    }
}
