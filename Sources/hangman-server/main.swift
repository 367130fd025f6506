// hangman-server: reads the settings, loads the word list, opens the leaderboard, listens, and
// shuts down in order on SIGINT/SIGTERM. Everything else lives in the libraries.
import Dispatch
import Foundation
import HangmanCore
import HangmanNet
import HangmanServer
import HangmanStore

Stdout.lineBuffered()

// An operator's command instead of the server: `hangman-server check-ratings --db …` (CheckRatings.swift).
if CommandLine.arguments.dropFirst().first == CheckRatings.command {
    CheckRatings.run(Array(CommandLine.arguments.dropFirst(2)))
}
// `hangman-server register-operator --db … NAME < password` (RegisterOperator.swift).
if CommandLine.arguments.dropFirst().first == RegisterOperator.command {
    RegisterOperator.run(Array(CommandLine.arguments.dropFirst(2)))
}

func fail(_ message: String, code: Int32) -> Never {
    FileHandle.standardError.write(Data("hangman-server: \(message)\n".utf8))
    exit(code)
}

// The shipped Config/ files are found wherever the binary is started from: next to it or above it
// (`.build/<config>/hangman-server` sits two folders below the package root), or in the package it
// was compiled from.
let shippedFiles = DefaultFiles(
    executableDirectory: Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent().path,
    sourceRoot: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path)

let config: ServerConfig
do {
    let command = try ServerConfig.load(
        arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment,
        readFile: { path in try Data(contentsOf: URL(fileURLWithPath: path)) },
        locate: { path in shippedFiles.locate(path, exists: { FileManager.default.fileExists(atPath: $0) }) })
    switch command {
    case .help(let text):
        Stdout.print(text)
        exit(0)
    case .run(let loaded):
        config = loaded
    }
} catch {
    fail("\(error.description)", code: 2)
}

let logger = Logger(level: config.logLevel)

// The word list.
let wordBytes: Data
do {
    wordBytes = try Data(contentsOf: URL(fileURLWithPath: config.words))
} catch {
    fail("setting words: cannot read the word list \(config.words) (\(error.localizedDescription))", code: 2)
}
let (words, report) = WordList.parse([UInt8](wordBytes))
guard words.count > 0 else {
    fail("setting words: \(config.words) holds no usable word (a-z only; \(report.invalid) entries were invalid)", code: 2)
}
logger.info(
    "word list \(config.words): \(words.count) words, longest \(words.longest), \(report.invalid) invalid and \(report.duplicates) duplicate entries skipped"
)
// The categories a host may pick (`set category animals`).
let (categories, categoryProblems) = WordFiles.loadCategories(folder: config.categories)
for problem in categoryProblems { logger.warning(problem) }
logger.info(
    "categories \(config.categories): \(categories.isEmpty ? "none" : categories.keys.sorted().map { "\($0) (\(categories[$0]?.count ?? 0))" }.joined(separator: ", "))"
)
// The other languages (`set language de`), each list with the alphabet its header names.
var languages: [String: WordList] = [:]
for (code, path) in config.languageWords.sorted(by: { $0.key < $1.key }) {
    let (list, problem) = WordFiles.loadLanguage(code: code, path: path, foldAccents: config.foldAccents)
    if let problem { logger.warning(problem) }
    if let list {
        languages[code] = list
        logger.info("language \(code) \(path): \(list.count) words, alphabet \(String(list.alphabet.letters))")
    }
}
do {
    try config.checkGameSettings(against: words)
} catch {
    fail(error.description, code: 2)
}

// Setter mode's blocklist: a missing file blocks nothing (said in the log); an empty setting means none.
var blocklist = Blocklist()
if !config.blocklist.isEmpty {
    do {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: config.blocklist))
        blocklist = Blocklist(text: String(decoding: bytes, as: UTF8.self))
        logger.info("blocklist \(config.blocklist): \(blocklist.words.count) words")
    } catch {
        logger.warning("setting blocklist: cannot read \(config.blocklist) (\(error.localizedDescription)); no word is blocked")
    }
}

// The leaderboard: an SQLite file, or a PostgreSQL URL shared by several servers. Games the database
// cannot take in time go to a local outbox file (next to an SQLite file, else data/outbox.sqlite).
let store: Store
let outboxPath = config.outboxPath
do {
    store = try Store.open(
        config.db,
        options: StoreOptions(
            hashWorkers: config.hashWorkers, log: { line in logger.warning("leaderboard: \(line)") },
            timeout: Double(config.storeTimeoutMilliseconds) / 1000, outboxPath: outboxPath,
            hashQueue: config.passwordHashQueue,
            highScoresRefresh: Double(config.highScoresRefreshMilliseconds) / 1000,
            mergeCommitInterval: Double(config.mergeCommitIntervalMilliseconds) / 1000))
} catch {
    fail("setting db: \(error)", code: 1)
}
logger.info("leaderboard \(config.db.hasPrefix("postgres") ? "on PostgreSQL" : config.db), outbox \(outboxPath)")

let server = GameServer(
    config: config, words: words, store: store, logger: logger, blocklist: blocklist, categories: categories,
    languages: languages)
store.onDeferredSaved = { record, id in server.deferredSaved(record: record, gameID: id) }

// One registry for both ports: max-connections, max-per-address and the login pool count
// connections in all, whichever port they came in on.
let connections = ConnectionRegistry(limits: config.limits)
let transport: TransportServer
do {
    transport = try TransportServer(
        host: config.host, port: config.port, limits: config.limits, logger: logger, registry: connections,
        makeHandler: { connection in server.makeHandler(for: connection) })
    try transport.start()
} catch {
    store.close()
    fail("cannot listen on \(config.host) port \(config.port): \(error)", code: 1)
}

// The telnet port (telnet-port): the same game, but the server speaks telnet first, so `telnet HOST
// PORT` (which never negotiates by itself) hides passwords too. Optional: if it cannot be bound the
// server runs on its main port alone. Its connections count towards the same limits (docs/TRANSPORT.md).
let telnetTransport: TransportServer? = {
    guard config.telnetPort != 0 else { return nil }
    var limits = config.limits
    limits.telnetNegotiateFirst = true
    do {
        let listener = try TransportServer(
            host: config.host, port: config.telnetPort, limits: limits, logger: logger, registry: connections,
            makeHandler: { connection in server.makeHandler(for: connection) })
        try listener.start()
        return listener
    } catch {
        logger.warning("telnet port \(config.telnetPort) not opened (\(error)); serving on port \(config.port) only")
        return nil
    }
}()
// The live web page (http-port, issue 31): the same registry, so its connections count towards the
// same limits and idle sweep. Optional like the telnet port: if it cannot be bound the game runs on.
let web = WebServer(server: server)
let webTransport: TransportServer? = {
    guard let port = config.httpPort else { return nil }
    do {
        let listener = try TransportServer(
            host: config.host, port: port, limits: WebServer.transportLimits(config.limits), logger: logger,
            registry: connections, makeHandler: { connection in web.makeHandler(for: connection) })
        try listener.start()
        return listener
    } catch {
        logger.warning("http port \(port) not opened (\(error)); no web page")
        return nil
    }
}()
let startedAt = Int(Date().timeIntervalSince1970)
for listener in [transport, telnetTransport].compactMap({ $0 }) {
    // What MUD listings' crawlers (MSSP) are told: the spec's required NAME, PLAYERS, UPTIME, then
    // what a listing shows. CONTACT, WEBSITE and the like are left out rather than sent empty.
    listener.setMSSP {
        var variables = [
            (name: "NAME", value: "Hangman"), (name: "PLAYERS", value: String(server.playersOnlineNow)),
            (name: "UPTIME", value: String(startedAt)), (name: "CODEBASE", value: "\(GameServer.name) \(GameServer.version)"),
            (name: "PORT", value: String(transport.boundPort)),
        ]
        if let telnet = telnetTransport { variables.append((name: "PORT", value: String(telnet.boundPort))) }
        variables += [
            (name: "GAMESYSTEM", value: "hangman"), (name: "FAMILY", value: "Custom"), (name: "GENRE", value: "None"),
            (name: "GAMEPLAY", value: "Puzzle"), (name: "STATUS", value: "Live"), (name: "LANGUAGE", value: "English"),
            (name: "ANSI", value: "1"), (name: "UTF-8", value: "1"), (name: "GMCP", value: "1"), (name: "MSSP", value: "1"),
            (name: "PUEBLO", value: "0"), (name: "MCCP", value: "0"), (name: "MXP", value: "0"), (name: "MSP", value: "0"),
        ]
        return variables
    }
}

// Signal handlers go in before `listening on` is printed, so a script that signals as soon as it
// reads that line always gets an orderly shutdown.
// Shutdown: stop accepting, tell everyone, let leaderboard writes land, close every socket, exit 0.
// A second signal, or running out of time, exits at once.
let shutdownQueue = DispatchQueue(label: "hangman.shutdown")
nonisolated(unsafe) var shuttingDown = false  // only touched on shutdownQueue
Signals.onTermination(queue: shutdownQueue) { signal in
    if shuttingDown {
        logger.warning("second signal \(signal): exiting now")
        exit(1)
    }
    shuttingDown = true
    logger.info("signal \(signal): shutting down")
    transport.stopAccepting()
    telnetTransport?.stopAccepting()
    webTransport?.stopAccepting()
    let seconds = Double(config.shutdownSeconds)
    shutdownQueue.asyncAfter(deadline: .now() + seconds) {
        logger.warning("shutdown took longer than \(config.shutdownSeconds) s: exiting")
        exit(0)
    }
    // Pending results land or go to the outbox (at most 45 % of the time); players are told after
    // that whether their games are saved; if some could be saved nowhere they are in the log and we
    // exit 1. The sockets get 45 % to flush the notice, the rest is the margin of the watchdog above.
    server.shutDown(flushTimeout: seconds * 0.45) { unsaved in
        shutdownQueue.async {
            let done: @Sendable () -> Void = {
                store.close()
                logger.info("stopped")
                exit(unsaved == 0 ? 0 : 1)
            }
            // The listeners share one registry: this closes the telnet port's connections too.
            transport.closeAll(reason: .serverShutdown, timeout: seconds * 0.45, completion: done)
        }
    }
}

Stdout.print("listening on \(transport.boundHost):\(transport.boundPort)")
if let telnet = telnetTransport {
    Stdout.print("listening for telnet on \(telnet.boundHost):\(telnet.boundPort) (speaks telnet first: hidden passwords)")
}
if let webTransport {
    Stdout.print("listening for http on \(webTransport.boundHost):\(webTransport.boundPort)")
}
// telnet gets the telnet port when there is one (passwords hidden); nc the plain port.
let telnetPort = telnetTransport?.boundPort ?? transport.boundPort
let lan = Interfaces.lanAddresses()
for line in Interfaces.banner(
    boundHost: transport.boundHost, port: transport.boundPort, telnetPort: telnetPort, webPort: webTransport?.boundPort,
    lanAddresses: lan)
{
    Stdout.print(line)
}

// Park the main thread rather than call dispatchMain(): nothing runs on the main queue, and on Linux
// dispatchMain() ends the main thread (pthread_exit) yet keeps it as libdispatch's signal thread, a
// thread AddressSanitizer has already buried: a SIGTERM handled there crashed ASan's own checks
// (about 1 shutdown in 15 under `swift test --sanitize=address`). Signals still reach the sources.
while true { pause() }
