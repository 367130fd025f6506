import Foundation
import HangmanCore
import HangmanNet

// The table of every setting (its flag, key, range and help) is one list, so `--help`,
// docs/CONFIG.md and the loader cannot disagree; what a setting is and the builders it is written
// with are in ConfigOption.swift.

extension ServerConfig {
    /// The settings file read when neither `--config` nor `HANGMAN_CONFIG` names one.
    static let defaultConfigPath = "Config/server.json"

    /// Every setting, in the order `--help` lists them.
    static let options: [ConfigOption] = serverOptions + SettingKey.allCases.filter(\.isServerDefault).map(gameOption)

    /// The server's own settings (the game settings' defaults follow, from `SettingKey`); a mode's
    /// own are its flow's (`wordOptions`: the `word` command's).
    private static let serverOptions: [ConfigOption] =
        [
            stringOption("host", "address to listen on; :: is every IPv6 and IPv4 address", \.host),
            intOption("port", 0...65535, "TCP port; 0 picks a free one and prints it", \.port),
            intOption(
                "telnet-port", 0...65535, "second TCP port that negotiates telnet at once (hidden passwords); 0 = none",
                \.telnetPort),
            ConfigOption(
                name: "http-port",
                help: "TCP port of the live web page (issue 31); off: none; 0 picks a free one (0...65535 or off)",
                value: { $0.httpPort.map(String.init) ?? "off" },
                apply: { (config: inout ServerConfig, text: String) throws(ConfigError) in
                    let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
                    config.httpPort = trimmed == "off" ? nil : try int("http-port", 0...65535, text)
                }),
            intOption(
                "http-max-header-bytes", 256...65_536, "bytes of a web request's line and headers; past it: 431",
                \.httpMaxHeaderBytes),
            intOption(
                "http-request-ms", 100...600_000,
                "milliseconds a web request's line and headers may take to arrive; past it: 408",
                \.httpRequestMilliseconds),
            intOption(
                "http-max-streams", 0...1_000_000, "web pages' live event streams open at once; past it: 503",
                \.httpMaxStreams),
            intOption(
                "http-max-pipelined", 1...1024,
                "web requests a connection may send ahead of their answers (pipelining); past it: 503 and the connection ends",
                \.httpMaxPipelined),
            intOption(
                "http-stream-flush-ms", 0...900,
                "milliseconds a live page's event stream gathers its room's updates into one write (0: each at once)",
                \.httpStreamFlushMilliseconds),
            intOption(
                "http-lobby-ms", 100...60_000,
                "milliseconds between two looks at the rooms and leaderboards for the front page's and projector's live "
                    + "streams (sent only when changed)", \.httpLobbyMilliseconds),
            stringOption("db", "leaderboard database file, created when missing", \.db),
            stringOption("words", "word list: .plist array of strings or plain text, one word a line", \.words),
            ConfigOption(
                name: "categories",
                help: "folder of category word lists (each .txt or .plist file is one, named after the file); empty: none",
                value: { $0.categories },
                apply: { (config: inout ServerConfig, text: String) throws(ConfigError) in config.categories = text }),
            intOption("room-words-max", 1...100_000, "words a private room may have of its own (words add)", \.roomWordsMax),
            intOption(
                "room-history-lines", 0...1000,
                "last guesses and chat lines a room keeps to show a web page that opens on it (0: none)", \.roomHistoryLines),
            languageOption("de", "German"), languageOption("fr", "French"), languageOption("es", "Spanish"),
            ConfigOption(
                name: "fold-accents",
                help: "true: accented letters fold to their base letter (e reveals é); false: each is its own",
                value: { $0.foldAccents ? "true" : "false" },
                apply: { (config: inout ServerConfig, text: String) throws(ConfigError) in
                    switch text.trimmingCharacters(in: .whitespaces).lowercased() {
                    case "true", "1", "on", "yes": config.foldAccents = true
                    case "false", "0", "off", "no": config.foldAccents = false
                    default: throw ConfigError("setting fold-accents: '\(text)' is not true or false")
                    }
                }),
            ConfigOption(
                name: "log-level", help: "debug, info, warning or error",
                value: { $0.logLevel.name },
                apply: { (config: inout ServerConfig, text: String) throws(ConfigError) in
                    guard let level = Logger.Level(name: text) else {
                        throw ConfigError("setting log-level: '\(text)' is not one of debug, info, warning, error")
                    }
                    config.logLevel = level
                }),
            limitOption("max-connections", 1...1_000_000, "connections at once in all", \.maxConnections),
            limitOption(
                "max-per-address", 1...100_000,
                "connections at once from one remote address (IPv6: one ipv6-prefix-bits network)",
                \.maxPerAddress),
            limitOption(
                "max-login-connections", 1...1_000_000,
                "connections at once that have not logged in; when full, the most represented address gives way",
                \.maxLoginConnections),
            limitOption(
                "ipv6-prefix-bits", 1...128, "IPv6 addresses sharing this many leading bits count as one address",
                \.ipv6PrefixBits),
            limitOption(
                "ipv4-prefix-bits", 1...32, "IPv4 addresses sharing this many leading bits count as one address", \.ipv4PrefixBits
            ),
            limitOption(
                "login-pool-ipv6-prefix-bits", 1...128,
                "IPv6 addresses sharing this many leading bits share one part of max-login-connections", \.loginPoolIPv6PrefixBits
            ),
            limitOption(
                "login-pool-ipv4-prefix-bits", 1...32,
                "IPv4 addresses sharing this many leading bits share one part of max-login-connections", \.loginPoolIPv4PrefixBits
            ),
            limitOption("commands-per-second", 1...1_000_000, "command lines per second per connection", \.commandsPerSecond),
            limitOption(
                "command-burst", 2...2_000_000, "command lines a connection may send at once (at least 2 x commands-per-second)",
                \.commandBurst),
            limitOption(
                "rate-backlog", 0...100_000,
                "over-rate lines a connection may have waiting; when full its socket is not read until they ran (0: drop them)",
                \.rateBacklog),
            limitOption(
                "rate-abuse-disconnect", 1...1_000_000,
                "with rate-backlog 0: lines dropped over the command rate, in a row, before a connection is closed",
                \.rateAbuseDisconnect),
            limitOption(
                "idle-login-seconds", 1...86_400, "seconds a connection may stay silent before choosing a name",
                \.idleLoginSeconds),
            limitOption("idle-seconds", 1...604_800, "seconds a logged-in connection may stay silent", \.idleSeconds),
            limitOption(
                "login-deadline-seconds", 0...86_400, "seconds from connecting to finish logging in, typing or not (0: none)",
                \.loginDeadlineSeconds),
            limitOption(
                "keepalive-idle-seconds", 0...86_400, "TCP keepalive: seconds of silence before the first probe (0: off)",
                \.keepaliveIdleSeconds),
            limitOption(
                "keepalive-interval-seconds", 1...3600, "TCP keepalive: seconds between probes", \.keepaliveIntervalSeconds),
            limitOption(
                "keepalive-probes", 1...100, "TCP keepalive: unanswered probes before the connection is dropped",
                \.keepaliveProbes),
            limitOption("max-line-bytes", 16...65_536, "longest input line in bytes", \.maxLineBytes),
            limitOption(
                "max-output-bytes", 4096...1_073_741_824, "output held for a slow reader before it is disconnected",
                \.maxOutputBytes),
            limitOption(
                "max-total-output-bytes", 1_048_576...1_099_511_627_776,
                "output held for slow readers by all connections together; past it those behind the longest are disconnected "
                    + "(never one holding at most this / max-connections)", \.maxTotalOutputBytes),
            limitOption(
                "socket-send-buffer-bytes", 0...67_108_864,
                "kernel send buffer of each connection (SO_SNDBUF, doubled by Linux): bounds the kernel memory a client that "
                    + "does not read holds; 0: the kernel's default, autotuned up to 4 MB", \.socketSendBufferBytes),
            limitOption(
                "max-subnegotiation-bytes", 16...65_536,
                "longest telnet subnegotiation read, GMCP aside; a longer one is skipped up to its IAC SE",
                \.maxSubnegotiationBytes),
            limitOption(
                "max-gmcp-bytes", 16...1_048_576,
                "longest GMCP message read from a MUD client (its Core.Supports.Set); a longer one is skipped up to its IAC SE",
                \.maxGMCPBytes),
            limitOption("backlog", 1...65_535, "listen backlog", \.backlog),
            limitOption(
                "close-flush-ms", 0...60_000, "milliseconds a closing connection may take to send what it still holds",
                \.closeFlushMilliseconds),
            limitOption(
                "flush-pacing-us", 0...1_000_000,
                "microseconds a client that was just written to waits so its next lines share one write (0: off)",
                \.flushPacingMicros
            ),
            intOption("grace-seconds", 0...86_400, "seconds a dropped player keeps seat and score", \.graceSeconds),
            intOption("shutdown-seconds", 1...600, "seconds a shutdown may take", \.shutdownSeconds),
            intOption("chat-per-second", 1...1_000_000, "chat lines per second per player", \.chatPerSecond),
            intOption("chat-burst", 1...2_000_000, "chat lines a player may send at once", \.chatBurst),
            intOption("watch-per-minute", 1...1_000_000, "watch commands a minute per connection", \.watchPerMinute),
            intOption("watch-burst", 1...1_000_000, "watch commands a connection may send at once", \.watchBurst),
            intOption(
                "spectator-notice-seconds", 1...3600, "seconds between two notices of spectators coming and going in a room",
                \.spectatorNoticeSeconds),
            intOption(
                "chat-in-flight", 1...1_000_000, "a player's chat lines waiting to be broadcast before more are dropped",
                \.chatInFlight),
            intOption(
                "chat-output-bytes", 1024...1_073_741_824, "output waiting for a player past which their chat lines are dropped",
                \.chatOutputBytes),
            intOption("max-rooms", 1...1_000_000, "rooms at once", \.maxRooms),
            intOption(
                "login-failures-per-minute", 1...10_000,
                "wrong passwords (or resume codes) from one address per minute before it is throttled", \.loginFailuresPerMinute),
            intOption(
                "account-free-failures", 1...1000,
                "wrong passwords (or resume codes) for one name from one address group before that pair backs off",
                \.accountFreeFailures),
            intOption(
                "account-backoff-max-seconds", 1...86_400,
                "longest back-off of one account and address group (it doubles from 1 s)", \.accountBackoffMaxSeconds),
            intOption(
                "account-failures-per-minute", 1...1_000_000,
                "wrong passwords (or resume codes) for one name per minute, all addresses, past which its logins are slowed (not refused)",
                \.accountFailuresPerMinute),
            intOption(
                "account-slow-ms", 0...60_000, "milliseconds each password answer for such an account waits",
                \.accountSlowMilliseconds),
            intOption(
                "account-check-seconds", 0...3600,
                "seconds between checks that logged-in players' passwords were not changed elsewhere (who logged in with an "
                    + "old one is signed out); 0: never", \.accountCheckSeconds),
            intOption(
                "password-hash-workers", 0...256,
                "password hashes computed at once; 0: one fewer than the processors, at least 1",
                \.passwordHashWorkers),
            intOption(
                "password-hash-queue", 1...100_000, "password checks waiting for a hashing worker before logins get unavailable",
                \.passwordHashQueue),
            intOption(
                "store-timeout-ms", 100...600_000, "milliseconds a database call may take before it is answered unavailable",
                \.storeTimeoutMilliseconds),
            intOption(
                "high-scores-refresh-ms", 0...600_000,
                "milliseconds the high scores shown at a game's end are reused while no game merged here could enter them "
                    + "(other servers' show within this); 0: read every time",
                \.highScoresRefreshMilliseconds),
            intOption(
                "merge-commit-interval-ms", 0...1000,
                "milliseconds at least between two commits of finished games: under load the games that end meanwhile "
                    + "land in one commit (a quiet server commits at once); 0: commit each batch at once",
                \.mergeCommitIntervalMilliseconds),
            intOption(
                "rating-provisional-games", 0...1000,
                "rated games a player's skill rating is marked provisional for (and kept off `top rating`); 0: never",
                \.ratingProvisionalGames),
            ConfigOption(
                name: "outbox",
                help: "file for finished games the database could not take; empty: outbox.sqlite beside an SQLite db, "
                    + "data/outbox.sqlite with PostgreSQL",
                value: { $0.outbox },
                apply: { (config: inout ServerConfig, text: String) throws(ConfigError) in config.outbox = text }),
            intOption("password-attempts", 1...100, "wrong password answers before the connection is closed", \.passwordAttempts),
            intOption(
                "command-backlog", 1...10_000,
                "lines a client may type ahead while its last command is answered; then its input waits in rate-backlog",
                \.commandBacklog),
            intOption("top-default", 1...1000, "rows `top` shows by default", \.topDefault),
            intOption("top-max", 1...10_000, "rows `top n` may ask for", \.topMax),
            intOption("history-limit", 1...10_000, "rounds `history` shows", \.historyLimit),
            intOption(
                "turn-warning-seconds", 1...600, "seconds before a turn ends at which the player is warned", \.turnWarningSeconds),
            intOption(
                "away-after-timeouts", 0...100, "turn timeouts in a row that mark a player away until they type (0: never)",
                \.awayAfterTimeouts),
            intOption(
                "bot-think-ms", 0...4000,
                "milliseconds a house bot thinks before its move (under the shortest turn, 5 s, so it never times out)",
                \.botThinkMilliseconds),
        ] + wordOptions + [
            ConfigOption(
                name: "operators",
                help: "names with operator powers (ban, mute, announce…), comma-separated; each only while logged in with its "
                    + "account's password; empty: none",
                value: { $0.operators.joined(separator: ",") },
                apply: { (config: inout ServerConfig, text: String) throws(ConfigError) in
                    let names = text.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }
                        .filter { !$0.isEmpty }
                    if let bad = names.first(where: { CommandParser.validateName($0) != nil }) {
                        throw ConfigError("setting operators: '\(bad)' is not a player name")
                    }
                    config.operators = names
                }),
            intOption("votekick-seconds", 5...3600, "seconds a vote-kick stays open for a majority to agree", \.votekickSeconds),
            intOption(
                "votekick-ban-minutes", 0...10_080, "minutes a player voted out of a room may not rejoin it", \.votekickBanMinutes
            ),
            intOption(
                "votekick-start-seconds", 0...86_400, "seconds between two vote-kicks started by one player",
                \.votekickStartSeconds),
            intOption("modlog-max", 1...10_000, "moderation log entries `modlog` shows at most", \.modlogMax),
            ConfigOption(
                name: "seed", help: "random seed for word choice; 0 seeds from the system",
                value: { String($0.seed) },
                apply: { (config: inout ServerConfig, text: String) throws(ConfigError) in
                    guard let seed = UInt64(text) else { throw ConfigError("setting seed: '\(text)' is not a whole number ≥ 0") }
                    config.seed = seed
                }),
        ]

    /// Reads defaults, then the config file, then the environment, then the flags.
    /// - Parameters:
    ///   - arguments: the command line without the program name.
    ///   - environment: the process environment.
    ///   - readFile: reads a config file's bytes (I/O stays at the edge and is swappable in tests).
    ///   - locate: maps a shipped file's default relative path (the config file, the word list) to
    ///     where it is found (`DefaultFiles.locate`); paths the user gave are not passed through it.
    public static func load(
        arguments: [String], environment: [String: String], readFile: (String) throws -> Data,
        locate: (String) -> String = { $0 }
    ) throws(ConfigError) -> ConfigCommand {
        var flags: [(name: String, value: String)] = []
        var configPath: String?
        var explicitConfig = false
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--help" || argument == "-h" { return .help(helpText()) }
            guard argument.hasPrefix("--") else { throw ConfigError("unexpected argument '\(argument)'; see --help") }
            var name = String(argument.dropFirst(2))
            var value: String?
            if let equals = name.firstIndex(of: "=") {
                value = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            if value == nil {
                guard index < arguments.count else { throw ConfigError("flag --\(name) needs a value; see --help") }
                value = arguments[index]
                index += 1
            }
            let text = value ?? ""
            if name == "config" {
                configPath = text
                explicitConfig = true
                continue
            }
            guard options.contains(where: { $0.name == name }) else {
                throw ConfigError("unknown flag --\(name); see --help")
            }
            flags.append((name, text))
        }
        if configPath == nil, let fromEnvironment = environment["HANGMAN_CONFIG"] {
            configPath = fromEnvironment
            explicitConfig = true
        }

        var config = ServerConfig()
        let path = configPath ?? locate(defaultConfigPath)
        let data: Data?
        do {
            data = try readFile(path)
        } catch {
            if explicitConfig { throw ConfigError("config file \(path): cannot be read (\(error.localizedDescription))") }
            data = nil  // the default file is optional: the built-in defaults are the same values
        }
        if let data { try config.apply(json: data, path: path) }
        for option in options {
            if let text = environment[option.environmentName] {
                do { try option.apply(&config, text) } catch {
                    throw ConfigError("\(error.description) (from \(option.environmentName))")
                }
            }
        }
        for (name, text) in flags {
            guard let option = options.first(where: { $0.name == name }) else { continue }
            do { try option.apply(&config, text) } catch {
                throw ConfigError("\(error.description) (from --\(name))")
            }
        }
        // The shipped word list, unless the file, environment or a flag named another.
        if config.words == ServerConfig().words { config.words = locate(config.words) }
        if config.blocklist == ServerConfig().blocklist { config.blocklist = locate(config.blocklist) }
        if config.categories == ServerConfig().categories { config.categories = locate(config.categories) }
        for (code, path) in config.languageWords.sorted(by: { $0.key < $1.key }) where path == ServerConfig().languageWords[code]
        {
            config.languageWords[code] = locate(path)
        }
        try config.validate()
        return .run(config)
    }

    mutating func apply(json data: Data, path: String) throws(ConfigError) {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw ConfigError("config file \(path): not valid JSON (\(error.localizedDescription))")
        }
        guard let dictionary = object as? [String: Any] else {
            throw ConfigError("config file \(path): the top level must be an object of settings")
        }
        for key in dictionary.keys.sorted() {
            guard let raw = dictionary[key] else { continue }
            if key.hasPrefix("_") { continue }  // comments
            guard let option = Self.options.first(where: { $0.name == key }) else {
                throw ConfigError("config file \(path): unknown setting '\(key)'")
            }
            let text: String
            switch raw {
            case let string as String: text = string
            case let number as NSNumber: text = number.stringValue
            default: throw ConfigError("config file \(path): setting \(key) must be a string or a number")
            }
            do { try option.apply(&self, text) } catch {
                throw ConfigError("config file \(path): \(error.description)")
            }
        }
    }
}
