import Foundation
import HangmanCore
import Testing

@testable import HangmanServer

@Suite(.ownThread) struct ConfigTests {
    let noFile: (String) throws -> Data = { _ in throw CocoaError(.fileNoSuchFile) }

    private func load(_ arguments: [String], env: [String: String] = [:], file: String? = nil) throws(ConfigError) -> ServerConfig
    {
        let reader: (String) throws -> Data = { path in
            guard let file else { throw CocoaError(.fileNoSuchFile) }
            return Data(file.utf8)
        }
        guard case .run(let config) = try ServerConfig.load(arguments: arguments, environment: env, readFile: reader) else {
            throw ConfigError("help")
        }
        return config
    }

    @Test func defaultsMatchTheShippedConfigFile() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Config/server.json")
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any] ?? [:]
        var shipped: [String: String] = [:]
        for (key, value) in object where !key.hasPrefix("_") {
            shipped[key] = (value as? String) ?? (value as? NSNumber)?.stringValue
        }
        #expect(shipped == ServerConfig.defaultValues())
    }

    @Test func contractDefaults() throws {
        let config = try load([])
        #expect(config.port == 4000)
        #expect(config.game.mode == .classic)
        #expect(config.game.difficulty == .custom)
        #expect(config.game.length == nil)
        #expect(config.game.misses == 7)
        #expect(config.game.rounds == 3)
        #expect(config.game.seats == 8)
        #expect(config.limits.maxPerAddress >= 8)
        #expect(config.limits.commandsPerSecond >= 10)
        #expect(config.limits.commandBurst >= 2 * config.limits.commandsPerSecond)
        #expect(config.limits.maxLineBytes == 512)
    }

    @Test func flagsBeatEnvironmentBeatFile() throws {
        let file = #"{"port": 5000, "misses": 5, "max-connections": 50}"#
        let fromFile = try load(["--config", "x.json"], file: file)
        #expect(fromFile.port == 5000)
        #expect(fromFile.game.misses == 5)
        let fromEnv = try load(["--config", "x.json"], env: ["HANGMAN_PORT": "6000"], file: file)
        #expect(fromEnv.port == 6000)
        #expect(fromEnv.limits.maxConnections == 50)
        let fromFlag = try load(
            ["--config", "x.json", "--port=7000", "--mode", "evil"], env: ["HANGMAN_PORT": "6000"], file: file)
        #expect(fromFlag.port == 7000)
        #expect(fromFlag.game.mode == .evil)
    }

    @Test(arguments: [
        (["--port", "65536"], "port"),
        (["--port", "-1"], "port"),
        (["--port", "abc"], "port"),
        (["--misses", "0"], "misses"),
        (["--misses", "27"], "misses"),
        (["--rounds", "51"], "rounds"),
        (["--seats", "33"], "seats"),
        (["--turn", "4"], "turn"),
        (["--mode", "nasty"], "mode"),
        (["--log-level", "loud"], "log-level"),
        (["--max-line-bytes", "15"], "max-line-bytes"),
        (["--commands-per-second", "10", "--command-burst", "19"], "command-burst"),
        (["--bogus", "1"], "bogus"),
        (["--away-after-timeouts", "101"], "away-after-timeouts"),
        (["--away-after-timeouts", "-1"], "away-after-timeouts"),
        (["--port"], "port"),
        (["--telnet-port", "65536"], "telnet-port"),
    ])
    func invalidValuesNameTheSetting(arguments: [String], setting: String) {
        do {
            _ = try load(arguments)
            Issue.record("accepted \(arguments)")
        } catch {
            #expect(error.description.contains(setting), "\(error.description)")
        }
    }

    @Test func edgesAreAccepted() throws {
        let low = try load(["--port", "0", "--misses", "1", "--rounds", "1", "--seats", "1", "--turn", "5"])
        #expect(low.game.misses == 1 && low.game.rounds == 1 && low.game.seats == 1 && low.game.turnSeconds == 5)
        let high = try load(["--port", "65535", "--misses", "26", "--rounds", "50", "--seats", "32", "--turn", "600"])
        #expect(high.game.misses == 26 && high.game.rounds == 50 && high.game.seats == 32 && high.game.turnSeconds == 600)
        #expect(try load(["--turn", "off"]).game.turnSeconds == nil)
        #expect(try load(["--telnet-port", "0"]).telnetPort == 0)
        #expect(try load(["--telnet-port", "65535"]).telnetPort == 65535)
        #expect(try load(["--away-after-timeouts", "0"]).awayAfterTimeouts == 0)
        #expect(try load(["--away-after-timeouts", "100"]).awayAfterTimeouts == 100)
    }

    /// Issue 15 and the store's settings: each at its edges, one past them refused with its name.
    @Test(arguments: [
        ("store-timeout-ms", 100, 600_000), ("password-hash-queue", 1, 100_000), ("password-hash-workers", 0, 256),
        ("account-free-failures", 1, 1000),
        ("account-backoff-max-seconds", 1, 86_400), ("account-failures-per-minute", 1, 1_000_000),
        ("account-slow-ms", 0, 60_000), ("high-scores-refresh-ms", 0, 600_000),
        ("merge-commit-interval-ms", 0, 1000), ("account-check-seconds", 0, 3600),
        ("max-total-output-bytes", 1_048_576, 1_099_511_627_776), ("socket-send-buffer-bytes", 0, 67_108_864),
        ("rating-provisional-games", 0, 1000),
    ])
    func loginAndStoreSettingsAtTheirEdges(name: String, low: Int, high: Int) throws {
        for value in [low, high] {
            let config = try load(["--\(name)", "\(value)"])
            #expect(ServerConfig.options.first { $0.name == name }?.value(config) == "\(value)")
        }
        for value in [low - 1, high + 1] {
            #expect(throws: ConfigError.self) { try load(["--\(name)", "\(value)"]) }
        }
    }

    @Test func theOutboxDefaultsBesideTheDatabase() throws {
        let defaults = try load([])
        #expect(defaults.storeTimeoutMilliseconds == 3000)
        #expect(defaults.outbox == "")
        #expect(defaults.outboxPath == "data/outbox.sqlite")
        #expect(try load(["--db", "/srv/h/board.sqlite"]).outboxPath == "/srv/h/outbox.sqlite")
        #expect(try load(["--db", "board.sqlite"]).outboxPath == "outbox.sqlite")
        #expect(try load(["--db", "postgres://h/db"]).outboxPath == "data/outbox.sqlite")
        #expect(try load(["--db", "postgres://h/db", "--outbox", "/var/o.sqlite"]).outboxPath == "/var/o.sqlite")
    }

    @Test func badConfigFileIsNamed() {
        #expect(throws: ConfigError.self) { try load(["--config", "x.json"], file: "{not json") }
        #expect(throws: ConfigError.self) { try load(["--config", "x.json"], file: #"{"nonsense": 1}"#) }
        #expect(throws: ConfigError.self) { try load(["--config", "missing.json"]) }
    }

    @Test func helpListsEverySetting() throws {
        guard case .help(let text) = try ServerConfig.load(arguments: ["--help"], environment: [:], readFile: noFile) else {
            Issue.record("no help")
            return
        }
        for option in ServerConfig.options {
            #expect(text.contains("--\(option.name) "), "\(option.name) missing from --help")
            #expect(text.contains(option.environmentName))
        }
    }

    @Test func gameDefaultsAreCheckedAgainstTheWordList() throws {
        let words = WordList(words: ["cat", "dog"])
        try ServerConfig().checkGameSettings(against: words)
        var config = ServerConfig()
        config.game.length = 9
        #expect(throws: ConfigError.self) { try config.checkGameSettings(against: words) }
    }
}

@Suite(.ownThread) struct ConfigDocTests {
    @Test func docsConfigIsTheCurrentHelp() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/CONFIG.md")
        let doc = try String(contentsOf: url, encoding: .utf8)
        #expect(doc.contains(ServerConfig.helpText()), "docs/CONFIG.md is stale: run scripts/config-doc")
    }
}

/// The shipped files are found wherever the binary starts (issue 11, defect 6).
@Suite(.ownThread) struct DefaultFilesTests {
    let files = DefaultFiles(executableDirectory: "/pkg/.build/debug", sourceRoot: "/src/pkg")

    @Test func candidatesWalkUpFromTheExecutableThenTheSourceRoot() {
        #expect(
            files.candidates(for: "Config/words.plist") == [
                "Config/words.plist", "/pkg/.build/debug/Config/words.plist", "/pkg/.build/Config/words.plist",
                "/pkg/Config/words.plist", "/Config/words.plist", "/src/pkg/Config/words.plist",
            ])
        #expect(files.candidates(for: "/etc/words.plist") == ["/etc/words.plist"])
    }

    @Test func theFirstExistingCandidateWins() {
        #expect(files.locate("Config/words.plist", exists: { $0 == "/pkg/Config/words.plist" }) == "/pkg/Config/words.plist")
        #expect(files.locate("Config/words.plist", exists: { $0.hasPrefix("/src/") }) == "/src/pkg/Config/words.plist")
        #expect(files.locate("Config/words.plist", exists: { _ in true }) == "Config/words.plist", "the working directory first")
        #expect(files.locate("Config/words.plist", exists: { _ in false }) == "Config/words.plist", "missing: as given")
    }

    @Test func withoutAnExecutableOnlyTheSourceRoot() {
        let bare = DefaultFiles(executableDirectory: nil, sourceRoot: "/src/pkg/")
        #expect(bare.candidates(for: "a") == ["a", "/src/pkg/a"])
        #expect(DefaultFiles(executableDirectory: "relative/dir", sourceRoot: nil).candidates(for: "a") == ["a"])
    }

    @Test func loadLocatesOnlyTheDefaultPaths() throws {
        var asked: [String] = []
        let locate: (String) -> String = { path in
            asked.append(path)
            return "/found/" + path
        }
        var read: [String] = []
        let reader: (String) throws -> Data = { path in
            read.append(path)
            throw CocoaError(.fileNoSuchFile)
        }
        guard case .run(let config) = try ServerConfig.load(arguments: [], environment: [:], readFile: reader, locate: locate)
        else { throw ConfigError("help") }
        #expect(config.words == "/found/Config/words.plist")
        #expect(read == ["/found/Config/server.json"])
        #expect(
            asked == [
                "Config/server.json", "Config/words.plist", "Config/blocklist.txt", "Config/categories",
                "Config/words-de.plist", "Config/words-es.plist", "Config/words-fr.plist",
            ])
        #expect(config.blocklist == "/found/Config/blocklist.txt")

        asked = []
        read = []
        guard
            case .run(let given) = try ServerConfig.load(
                arguments: [
                    "--words", "mine.txt", "--config", "my.json", "--blocklist", "", "--categories", "", "--words-de", "de.txt",
                    "--words-fr", "", "--words-es", "",
                ], environment: [:],
                readFile: { path in
                    read.append(path)
                    return Data("{}".utf8)
                }, locate: locate)
        else { throw ConfigError("help") }
        #expect(given.words == "mine.txt", "--words overrides")
        #expect(given.blocklist == "", "an empty blocklist setting means none")
        #expect(given.languageWords == ["de": "de.txt", "fr": "", "es": ""])
        #expect(read == ["my.json"])
        #expect(asked.isEmpty)
    }
}
