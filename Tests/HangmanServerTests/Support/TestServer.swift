import Foundation
import HangmanCore
import HangmanNet
import HangmanStore

@testable import HangmanServer

/// An in-process server on 127.0.0.1, port 0, with a small word list and an in-memory (or given) store.
final class TestServer {
    let server: GameServer
    let transport: TransportServer
    let store: HangmanStore
    var port: Int { transport.boundPort }

    /// Words for deterministic tests: every length 3...6 present, small enough that evil mode is quick.
    static let words = [
        "cat", "dog", "cow", "pig", "ant", "bee",
        "lion", "bear", "wolf", "deer", "frog", "duck", "ally", "beta", "cool", "deal", "else", "flew", "good", "hope", "ibex",
        "tiger", "zebra", "horse", "mouse", "sheep", "goose",
        "monkey", "donkey", "turkey", "rabbit", "badger", "ferret",
    ]

    /// `log` receives the server's log lines instead of stderr.
    init(
        configure: (inout ServerConfig) -> Void = { _ in }, store: HangmanStore = MemoryStore(),
        words: [String] = TestServer.words, log: (@Sendable (String) -> Void)? = nil,
        languages: [String: WordList] = [:]
    ) throws {
        var config = ServerConfig()
        config.host = "127.0.0.1"
        config.port = 0
        config.seed = 42
        config.logLevel = .error
        config.graceSeconds = 2
        // Bots type faster than people: tests that are not about the rate limit should not trip it.
        config.limits.commandsPerSecond = 500
        config.limits.commandBurst = 1000
        configure(&config)
        let list = WordList(words: words)
        self.store = store
        // A test that provokes errors on purpose takes the log lines (and checks them) instead of
        // letting expected ERROR lines alarm whoever reads the test run's output.
        let logger = log.map { Logger(level: config.logLevel, sink: $0) } ?? Logger(level: config.logLevel)
        let server = GameServer(config: config, words: list, store: store, logger: logger, languages: languages)
        self.server = server
        transport = try TransportServer(
            host: config.host, port: config.port, limits: config.limits, logger: logger,
            makeHandler: { server.makeHandler(for: $0) })
        try transport.start()
    }

    func stop() {
        transport.stopAccepting()
        let done = DispatchSemaphore(value: 0)
        transport.closeAll(reason: .serverShutdown, timeout: 2) { done.signal() }
        _ = done.wait(timeout: .now() + 3)
    }

    deinit { stop() }
}
