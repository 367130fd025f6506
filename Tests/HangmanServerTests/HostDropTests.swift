import Foundation
import HangmanServer
import HangmanTesting
import Testing

/// A host who loses their connection keeps their seat for the grace period, but not the table: the
/// others could not start, set or kick for up to a minute. Hosting passes as when a host leaves.
@Suite(.ownThread) struct HostDropTests {
    @Test func hostingPassesToTheNextConnectedPlayerWhenTheHostDrops() {
        let table = TestTable(words: ["ab"])
        let ann = table.player("Ann")
        let bob = table.player("bob")
        let cy = table.player("cy")
        table.seat(ann, bob, cy, in: "home")
        _ = bob.events()
        ann.hangUp()
        table.settle()
        let seen = bob.events()
        let lost = seen.firstIndex { ($0["message"] as? String)?.contains("Ann lost their connection") == true }
        let host = seen.firstIndex { $0.type == "host" }
        #expect(host.map { seen[$0]["player"] as? String } == "bob", "\(seen.map { $0.type ?? "?" })")
        #expect((lost ?? .max) < (host ?? -1))
        // The new host can start the next game at once.
        table.type("start", on: bob)
        #expect(bob.events().contains { $0.type == "game_started" })
    }

    @Test func aHostAloneKeepsTheTableUntilSomeoneSitsDown() {
        let table = TestTable(words: ["ab"])
        let ann = table.player("Ann")
        let bob = table.player("bob")
        table.seat(ann, in: "home")
        ann.hangUp()
        table.settle()
        _ = bob.events()  // his own quick room's events (he hosts it) until now
        table.type("join home", on: bob)
        let seen = bob.events()
        #expect(seen.contains { $0.type == "host" && $0["player"] as? String == "bob" }, "\(seen.map { $0.type ?? "?" })")
        table.type("start", on: bob)
        #expect(bob.events().contains { $0.type == "game_started" })
    }
}
