import HangmanCore
import HangmanNet
import HangmanStore

/// The parts of the server the lobby uses, each immutable or thread-safe. The lobby holds them
/// strongly instead of the `GameServer` itself: its timers and store replies may outlive the server
/// object (session 15: an `unowned` server read after the server was freed crashed the test run).
struct LobbyServices: Sendable {
    let config: ServerConfig
    let clock: any ServerClock
    let store: HangmanStore
    let logger: Logger
    let moderator: Moderator
}
