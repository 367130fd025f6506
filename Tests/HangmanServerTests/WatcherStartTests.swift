import Foundation
import HangmanServer
import HangmanTesting
import Testing

/// `start` by someone watching a room: the contract's error table says `not_host` for a `start` by
/// anyone but the host (it was `invalid_input`), with a message that says how to play.
@Suite(.ownThread) struct WatcherStartTests {
    @Test func aWatcherWhoTypesStartGetsNotHost() {
        let table = TestTable(words: ["ab"])
        let ann = table.player("Ann")
        let bob = table.player("bob")
        table.seat(ann, in: "home")
        table.type("watch home", on: bob)
        _ = bob.events()
        table.type("start", on: bob)
        let error = bob.events().first { $0.type == "error" }
        #expect(error?["code"] as? String == "not_host", "\(String(describing: error))")
        #expect((error?["message"] as? String)?.contains("join home") == true)
    }
}
