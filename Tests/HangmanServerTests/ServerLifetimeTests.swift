import Dispatch
import HangmanCore
import HangmanNet
import HangmanTesting
import Testing

@testable import HangmanServer

/// The lobby's timers and store replies may run after the `GameServer` that made it is gone (a test
/// drops its server; a process ends its shutdown). Session 14's CI run crashed on exactly this: the
/// lobby read an `unowned` server after it was freed ("Attempted to read an unowned reference but
/// object … was already destroyed"). The lobby now holds what it uses strongly.
@Suite struct ServerLifetimeTests {
    @Test func theSanctionReadAnsweredAfterTheServerIsFreedFindsTheLobbyWhole() {
        let store = ImmediateStore()
        store.holdSanctions.store(true, ordering: .relaxed)
        weak var freed: GameServer?
        var lobbyQueue: DispatchQueue?
        do {
            var config = ServerConfig()
            config.logLevel = .error
            let server = GameServer(
                config: config, words: WordList(words: ["castle"]), store: store, logger: Logger(level: .error),
                clock: ManualClock())
            freed = server
            lobbyQueue = server.lobbyQueue
        }
        #expect(freed == nil, "nothing but the test held the server")
        store.releaseSanctions()  // the read made at start answers now: before the fix, a crash here
        lobbyQueue?.sync {}
        #expect(freed == nil)
    }
}
