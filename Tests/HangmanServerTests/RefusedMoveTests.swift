import Foundation
import HangmanServer
import HangmanTesting
import Testing

/// `join`, `watch` and `create` leave your room first, but not for nothing: one the other room (or
/// the lobby) would refuse (a wrong password, no free seat, a name in use) is refused before you
/// lose your seat and score in a game under way.
@Suite(.ownThread) struct RefusedMoveTests {
    /// Ann and bob play in `home`; cy hosts `priv` (password `sesame`, one seat, taken).
    private func table() -> (TestTable, MemoryConnection, MemoryConnection) {
        let table = TestTable(words: ["ab"])
        let ann = table.player("Ann")
        let bob = table.player("bob")
        let cy = table.player("cy")
        table.seat(ann, bob, in: "home")
        table.type("start", on: ann)
        table.type("create priv sesame", on: cy)
        table.type("set seats 1", on: cy)
        _ = ann.events()
        _ = bob.events()
        return (table, ann, bob)
    }

    private func stillSeated(_ table: TestTable, _ ann: MemoryConnection, _ bob: MemoryConnection) {
        #expect(!bob.events().contains { $0.type == "left" }, "Ann kept her seat")
        table.type("who", on: ann)
        let who = ann.events().first { $0.type == "who" }
        #expect(who?["room"] as? String == "home", "\(who ?? [:])")
    }

    @Test func aWrongRoomPasswordKeepsYourSeat() {
        let (table, ann, bob) = table()
        table.type("join priv wrong", on: ann)
        #expect(ann.events().first { $0.type == "error" }?["code"] as? String == "bad_password")
        stillSeated(table, ann, bob)
        table.type("watch priv", on: ann)
        #expect(ann.events().first { $0.type == "error" }?["code"] as? String == "bad_password")
        stillSeated(table, ann, bob)
    }

    @Test func aFullRoomKeepsYourSeat() {
        let (table, ann, bob) = table()
        table.type("join priv sesame", on: ann)
        #expect(ann.events().first { $0.type == "error" }?["code"] as? String == "room_full")
        stillSeated(table, ann, bob)
    }

    @Test func aRoomNameInUseKeepsYourSeat() {
        let (table, ann, bob) = table()
        table.type("create priv", on: ann)
        #expect(ann.events().first { $0.type == "error" }?["code"] as? String == "name_taken")
        stillSeated(table, ann, bob)
    }

    @Test func aGoodPasswordStillMovesYou() {
        let (table, ann, bob) = table()
        table.type("watch priv sesame", on: ann)
        #expect(ann.events().contains { $0.type == "joined" && $0["room"] as? String == "priv" })
        #expect(bob.events().contains { $0.type == "left" })
    }
}
