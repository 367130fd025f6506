import Foundation
import HangmanCore
import HangmanNet
import HangmanWeb

/// Every setting of the server, with its default. The defaults here mirror `Config/server.json`;
/// a test keeps the two in step. Precedence: defaults < config file < `HANGMAN_*` environment < flags.
public struct ServerConfig: Sendable, Equatable {
    public var host = "::"
    public var port = 4000
    /// Second port, for telnet clients: speaks telnet first so passwords are hidden even for
    /// `telnet HOST PORT` (docs/TRANSPORT.md); 0 = no second port.
    public var telnetPort = 4001
    /// The web page's port (issue 31); nil: no web page (`off`); 0 picks a free port.
    public var httpPort: Int? = 8080
    /// The web listener's own limits: bytes of a request's head (431 past it), milliseconds for a
    /// request's head to arrive (408), and event streams open at once (503 past it).
    public var httpMaxHeaderBytes = HTTPLimits.defaultMaxHeaderBytes
    public var httpRequestMilliseconds = HTTPLimits.defaultRequestMilliseconds
    public var httpMaxStreams = 1000
    /// Requests a web connection may have pipelined ahead of their answers (503 past it).
    public var httpMaxPipelined = 16
    /// Milliseconds an event stream gathers its room's batches before one write takes them all (a
    /// page is at most this late; 0: each batch is written at once).
    public var httpStreamFlushMilliseconds = 500
    /// Milliseconds between two looks at the rooms and leaderboards for the front page's and the
    /// projector's streams (sent only when what they show changed).
    public var httpLobbyMilliseconds = 1000
    public var db = "data/hangman.sqlite"
    public var words = "Config/words.plist"
    /// The folder of category lists (`set category`); empty: no categories.
    public var categories = "Config/categories"
    /// The word list of each language `set language` offers besides English (empty path: none).
    public var languageWords = ["de": "Config/words-de.plist", "fr": "Config/words-fr.plist", "es": "Config/words-es.plist"]
    /// The most words a private room may have of its own (`words add`).
    public var roomWordsMax = 200
    /// The last guesses and chat lines a room keeps for a web page that opens on it.
    public var roomHistoryLines = 20
    /// Accented letters fold to their base letter (`e` reveals `é`; docs/RULES.md).
    public var foldAccents = true
    public var logLevel = Logger.Level.info
    public var limits = TransportLimits()
    /// Seconds a dropped seated player keeps seat and score.
    public var graceSeconds = 60
    /// Seconds a shutdown may take before the process exits anyway.
    public var shutdownSeconds = 5
    /// Chat lines per second per player (token bucket, burst `chatBurst`).
    public var chatPerSecond = 3
    public var chatBurst = 8
    /// `watch` commands a minute per connection (token bucket, burst `watchBurst`): a connection
    /// toggling `watch`/`leave` is slowed, not the room flooded.
    public var watchPerMinute = 20
    public var watchBurst = 5
    /// Seconds between two notices of spectators coming and going in a room (one notice counts them all).
    public var spectatorNoticeSeconds = 1
    /// Chat lines of one player handed to the lobby or a room and not yet broadcast; past it (or
    /// past `chatOutputBytes` of output waiting for that player) their chat lines are dropped.
    public var chatInFlight = 64
    public var chatOutputBytes = 131_072
    /// Rooms that may exist at once.
    public var maxRooms = 1000
    /// Failed password answers per remote address per minute before logins from it are throttled.
    public var loginFailuresPerMinute = 10
    /// Wrong passwords for one account from one address group before that pair backs off
    /// (docs/RELIABILITY.md, "password guessing").
    public var accountFreeFailures = 3
    /// The longest back-off of one (account, address group) pair: it doubles from 1 s up to this.
    public var accountBackoffMaxSeconds = 300
    /// Wrong passwords for one account per minute, from all addresses, past which every password
    /// answer for it is slowed by `accountSlowMilliseconds` (never refused).
    public var accountFailuresPerMinute = 20
    public var accountSlowMilliseconds = 1000
    /// How often the server asks the store whether the passwords its registered players logged in
    /// with are still theirs: a password changed elsewhere (another connection, another server on the
    /// same database) signs them out within this many seconds. 0: never asked.
    public var accountCheckSeconds = 10
    /// Password hashes computed at once; 0: one fewer than the processors, at least one, so a
    /// guessing flood always leaves a core to the game (`hashWorkers`).
    public var passwordHashWorkers = 0
    /// Password checks waiting for a hashing worker; past it logins are answered `unavailable`.
    public var passwordHashQueue = 64
    /// Milliseconds every store call may take before it is answered `unavailable`.
    public var storeTimeoutMilliseconds = 3000
    /// Milliseconds the high-score table shown at a game's end is reused while no game merged here could
    /// enter it; other servers' games show within this. 0: read at every game's end.
    public var highScoresRefreshMilliseconds = 1000
    /// Milliseconds at least between the starts of two merge transactions: under load the games that
    /// end meanwhile gather into one commit; a quiet server commits at once. 0: no pacing.
    public var mergeCommitIntervalMilliseconds = 100
    /// Rated games a skill rating is provisional for: shown so, and left off `top rating` (issue 32).
    public var ratingProvisionalGames = 5
    /// The local outbox file for finished games the database could not take; empty: `outbox.sqlite`
    /// beside an SQLite database, `data/outbox.sqlite` with PostgreSQL (`outboxPath`).
    public var outbox = ""
    /// Wrong password answers before the connection is closed (the contract says 3).
    public var passwordAttempts = 3
    /// Lines a client may type while its previous command waits (for the store, a room…) before
    /// further lines are refused with `rate_limited`.
    public var commandBacklog = 32
    /// Rows `top` shows without an argument, and at most.
    public var topDefault = 10
    public var topMax = 100
    /// Rounds `history` shows.
    public var historyLimit = 30
    /// Seconds before a turn ends at which the player is warned.
    public var turnWarningSeconds = 10
    /// Turn timeouts in a row after which a player is marked away (skipped until they type again);
    /// 0 never marks anyone away.
    public var awayAfterTimeouts = 2
    /// Milliseconds a house bot thinks before its move (below the shortest turn, so a bot never
    /// times out).
    public var botThinkMilliseconds = 1200
    /// Seconds a player asked for the round's word has to answer (`word`) before the next seat is
    /// asked (the key is the mode flow's: `wordOptions`).
    public var wordSeconds = 60
    /// The longest hint a player may give with their word, in characters.
    public var wordHintChars = 80
    /// The file of words no player may set for the others (one a line, `#` comments); empty: none.
    public var blocklist = "Config/blocklist.txt"
    /// The names with operator powers (`ban`, `mute`, …), each only while logged in with its
    /// account's password (docs/MODERATION.md); empty: no operators.
    public var operators: [String] = []
    /// Seconds a vote-kick stays open for the majority to agree.
    public var votekickSeconds = 60
    /// Minutes a player voted out of a room may not rejoin it.
    public var votekickBanMinutes = 10
    /// Seconds between two vote-kicks started by one player.
    public var votekickStartSeconds = 60
    /// Entries `modlog` shows at most (and without `n`, all of them up to this).
    public var modlogMax = 50
    /// Random seed for word choice; 0 means seed from the system.
    public var seed: UInt64 = 0
    /// Default room settings (mode, difficulty, length, misses, rounds, turn, seats).
    public var game = Settings()

    public init() {}

    /// The hashing workers `passwordHashWorkers` asks for.
    public var hashWorkers: Int {
        passwordHashWorkers > 0 ? passwordHashWorkers : max(1, ProcessInfo.processInfo.activeProcessorCount - 1)
    }

    /// Where the outbox file is: `outbox`, or beside the database when that is empty.
    public var outboxPath: String {
        if !outbox.isEmpty { return outbox }
        if db.hasPrefix("postgres") { return "data/outbox.sqlite" }
        return ((db as NSString).deletingLastPathComponent as NSString).appendingPathComponent("outbox.sqlite")
    }
}

/// A setting's wrong value, named so the user can fix it.
public struct ConfigError: Error, CustomStringConvertible, Equatable {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// The outcome of reading the command line.
public enum ConfigCommand: Equatable, Sendable {
    case run(ServerConfig)
    case help(String)
}
