import Dispatch
import HangmanCore
import HangmanNet
import HangmanStore
import Synchronization

/// Wires the parts together: it makes a `Session` for every connection, owns the lobby, and runs
/// the orderly shutdown. Immutable after `init` except the counter for room seeds (atomic).
public final class GameServer: @unchecked Sendable {  // all stored properties are immutable or thread-safe
    public static let name = "hangman-server"
    public static let version = "1.0.0"

    public let config: ServerConfig
    let words: WordList
    /// Words no player may set for the others (read from `config.blocklist` by the caller).
    let blocklist: Blocklist
    /// Every word list rooms may pick (`words` is its main list; the categories).
    let library: WordLibrary
    let store: HangmanStore
    let logger: Logger
    let throttle: LoginThrottle
    /// Wrong passwords per account (and per account and address group).
    let accounts: AccountThrottle
    /// This server's copy of the bans, mutes and address bans in force (issue 33; the store holds them).
    let moderator: Moderator
    /// Time for every timer and timestamp of the table (a manual one in tests).
    public let clock: any ServerClock
    /// Rooms' queues target this one queue pool, so thousands of rooms share a few threads.
    let roomTargetQueue: DispatchQueue
    /// Created in `init` (the `_ = lobby` there), before the server is shared; never reassigned.
    private(set) lazy var lobby = Lobby(
        home: self, services: LobbyServices(config: config, clock: clock, store: store, logger: logger, moderator: moderator))
    private let seedCounter = Atomic<UInt64>(0)
    private let baseSeed: UInt64

    /// `clock` drives every timer (turns, grace) and timestamp; `roomQueue` is the pool rooms' queues
    /// target (tests pass a serial one so that draining it drains every room).
    /// `categories`: the lists a host may pick with `set category` (name → list); `languages` those
    /// of `set language` (code → list, each with its alphabet).
    public init(
        config: ServerConfig, words: WordList, store: HangmanStore, logger: Logger, clock: any ServerClock = DispatchClock(),
        roomQueue: DispatchQueue? = nil, blocklist: Blocklist = Blocklist(), categories: [String: WordList] = [:],
        languages: [String: WordList] = [:]
    ) {
        self.config = config
        self.words = words
        self.blocklist = blocklist
        self.library = WordLibrary(main: words, categories: categories, languages: languages)
        self.store = store
        self.logger = logger
        self.clock = clock
        self.roomTargetQueue = roomQueue ?? DispatchQueue(label: "hangman.rooms", attributes: .concurrent)
        self.throttle = LoginThrottle(limit: config.loginFailuresPerMinute, now: { clock.nanoseconds })
        self.accounts = AccountThrottle(config: config)
        self.moderator = Moderator(operators: config.operators)
        var system = SystemRandomNumberGenerator()
        self.baseSeed = config.seed == 0 ? system.next() : config.seed
        _ = lobby
        lobby.refreshSanctions()
    }

    /// The handler for a new connection (give this to `TransportServer`).
    public func makeHandler(for connection: Connection) -> ConnectionHandler {
        Session(server: self, connection: connection)
    }

    /// A session over any transport (the in-memory one in tests); the caller feeds it input.
    public func makeSession(for transport: any SessionTransport) -> Session {
        Session(server: self, connection: transport)
    }

    /// The lobby's queue, for tests that wait until the server has nothing left to do.
    public var lobbyQueue: DispatchQueue { lobby.queue }

    /// A random source for a new room: seeded from `--seed` (so a fixed seed replays the same words) or the system.
    func makeRandom() -> SeededRandom {
        let index = seedCounter.add(1, ordering: .relaxed).newValue
        return SeededRandom(seed: baseSeed &+ index &* 0x9E37_79B9_7F4A_7C15)
    }

    /// The shutdown's last steps before the sockets close: lets the store's pending writes land or
    /// reach the outbox (blocking the caller at most `flushTimeout` seconds; never call it on a
    /// store, room or lobby queue), then tells every player what became of the finished games, then
    /// calls `completion` on the lobby's queue with how many could be saved nowhere.
    public func shutDown(flushTimeout: Double, completion: @escaping @Sendable (_ unsavedGames: Int) -> Void) {
        let unsaved = store.unsavedAfterFlush(timeout: flushTimeout)
        if unsaved > 0 { logger.error("\(unsaved) finished game(s) could not be saved anywhere: they are in the log above") }
        announceShutdown(unsavedGames: unsaved) { completion(unsaved) }
    }

    /// Tells every player the server is going down and what became of the finished games
    /// (`shutdownNotice`), then calls `completion` (on the lobby's queue).
    public func announceShutdown(unsavedGames: Int = 0, completion: @escaping @Sendable () -> Void) {
        lobby.broadcastAll(.info(Self.shutdownNotice(unsavedGames: unsavedGames)), then: completion)
    }

    /// What players are told at shutdown: that finished games are saved only when they are.
    public static func shutdownNotice(unsavedGames: Int) -> String {
        let games =
            switch unsavedGames {
            case 0: "Finished games are saved."
            case 1: "1 finished game could not be saved; the server's operator has it."
            default: "\(unsavedGames) finished games could not be saved; the server's operator has them."
            }
        return "The server is shutting down now. \(games) See you soon!"
    }
}

extension GameServer {
    /// A game whose save was deferred (disk full…) has landed: tell its room, if it is still there.
    public func deferredSaved(record: GameRecord, gameID: Int64) {
        logger.info("deferred save of a game in \(record.room) landed as game \(gameID)")
        lobby.room(named: record.room) { room in room?.deferredSaved(gameID: gameID) }
    }
}
