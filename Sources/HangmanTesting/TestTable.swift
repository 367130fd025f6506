import Dispatch
import HangmanCore
import HangmanNet
import HangmanServer
import HangmanStore

/// A whole table in memory: a `GameServer` on a manual clock with an immediate store, and players on
/// in-memory connections. Every step (`type`, `advance`) ends by settling: the lobby's, the rooms' and
/// every connection's queues are drained until nothing moves, so a test reads like a transcript and
/// never sleeps.
public final class TestTable: @unchecked Sendable {  // used from the test's thread only
    public let clock = ManualClock()
    public let store = ImmediateStore()
    public let server: GameServer
    /// Serial, so that draining it drains every room.
    private let roomQueue = DispatchQueue(label: "test-table.rooms")
    private var connections: [MemoryConnection] = []
    private var nextPort = 50_000

    /// `configure` edits the defaults (a fixed seed, no idle limits that matter here); `store`
    /// replaces `self.store` as the server's store (it must answer inline too); `categories` are
    /// the lists `set category` offers (entries as in a file: `word` or `word<TAB>hint`), `languages`
    /// those of `set language`; `blocklist` the words no setter may set.
    public init(
        words: [String], store: (any HangmanStore)? = nil, categories: [String: [String]] = [:],
        languages: [String: WordList] = [:], blocklist: Blocklist = Blocklist(),
        configure: (inout ServerConfig) -> Void = { _ in }
    ) {
        var config = ServerConfig()
        config.seed = 42
        config.logLevel = .error
        config.limits.commandsPerSecond = 500
        config.limits.commandBurst = 1000
        configure(&config)
        server = GameServer(
            config: config, words: WordList(words: words), store: store ?? self.store, logger: Logger(level: config.logLevel),
            clock: clock,
            roomQueue: roomQueue, blocklist: blocklist, categories: categories.mapValues { WordList(words: $0) },
            languages: languages)
    }

    /// A new client at the name prompt (welcome read and discarded); `terminal` is what its telnet
    /// client said of itself before the banner (NAWS, TTYPE, EOR, GMCP), if anything.
    public func connect(address: String = "127.0.0.1", terminal: TerminalInfo? = nil) -> MemoryConnection {
        nextPort += 1
        let connection = MemoryConnection(peerAddress: address, port: nextPort, telnet: terminal != nil)
        if let terminal { connection.setTerminal(terminal) }
        connections.append(connection)
        connection.open(server.makeSession(for: connection))
        settle()
        _ = connection.takeText()
        return connection
    }

    /// A client logged in as `name` in JSON mode, output so far discarded.
    public func player(_ name: String, json: Bool = true, terminal: TerminalInfo? = nil) -> MemoryConnection {
        let connection = connect(terminal: terminal)
        if json { connection.type("json") }
        connection.type("name \(name)")
        settle()
        _ = connection.takeText()
        return connection
    }

    /// `host` creates `room` and each of `players` joins it, in order (the usual table of a test).
    public func seat(_ host: MemoryConnection, _ players: MemoryConnection..., in room: String) {
        type("create \(room)", on: host)
        for player in players { type("join \(room)", on: player) }
    }

    /// `connection` types `line`; returns once the server has done everything it leads to.
    public func type(_ line: String, on connection: MemoryConnection) {
        connection.type(line)
        settle()
    }

    /// Runs `body` while the rooms' queue is held (no room does anything meanwhile; sessions do),
    /// then settles: what a session sends before its room has answered shows up in the order it
    /// would reach a client whose room is busy.
    public func whileRoomsWait(_ body: () -> Void) {
        let held = DispatchSemaphore(value: 0)
        roomQueue.async { held.wait() }
        body()
        held.signal()
        settle()
    }

    /// Moves the clock on and lets every timer that fell due run.
    public func advance(by seconds: Double) {
        settle()
        clock.advance(by: seconds)
        settle()
    }

    /// Passes in a row with no new output before `settle` calls the table quiet. A command can
    /// hop between queues several times before anything is written (a `watch` from a game under
    /// way: a turn of the room for the answers of earlier commands, the lobby, the other room's
    /// refusal check, then leaving), one hop a pass at least.
    static let quietPassesToSettle = 6

    /// Drains every queue of the table until `quietPassesToSettle` whole passes change nothing.
    public func settle() {
        var quietPasses = 0
        var last = -1
        while quietPasses < Self.quietPassesToSettle {
            server.lobbyQueue.sync {}
            roomQueue.sync {}
            for connection in connections { connection.queue.sync {} }
            let total = connections.reduce(0) { $0 + $1.outputCount }
            quietPasses = total == last ? quietPasses + 1 : 0
            last = total
        }
    }
}
