import Foundation
import HangmanCore
import HangmanServer
import HangmanTesting
import Testing

/// Issue 15 items 2 (store outages), 4 (password guessing per account), 5 (takeover) and 7 (resume
/// tokens), in memory: a whole server on a manual clock, clients on in-memory connections from
/// chosen addresses, accounts in a plain table (`PlainPasswordStore`). No sockets, no sleeping.
@Suite(.ownThread) struct LoginAttackTests {
    let store = PlainPasswordStore()

    func table(_ configure: (inout ServerConfig) -> Void = { _ in }) -> TestTable {
        TestTable(words: ["ab"], store: store) {
            $0.graceSeconds = 60
            configure(&$0)
        }
    }

    /// A JSON client from `address` that typed `name <name>`; output so far discarded.
    func client(_ table: TestTable, _ name: String, from address: String) -> MemoryConnection {
        let connection = table.connect(address: address)
        table.type("json", on: connection)
        table.type("name \(name)", on: connection)
        return connection
    }

    func register(_ table: TestTable, _ name: String, _ password: String) {
        let owner = table.player(name)
        table.type("register \(password)", on: owner)
        table.type("quit", on: owner)
    }

    // MARK: item 4: guessing at one account

    /// 200 addresses guess at ann's password; the owner, from an address that never failed, still
    /// logs in (slowed by the flood, never refused), and the guessers back off per address.
    @Test func twoHundredAddressesGuessAndTheOwnerStillLogsIn() throws {
        let table = table()
        register(table, "ann", "correct-horse")
        var guessers: [MemoryConnection] = []
        for index in 0..<200 {
            let guesser = client(table, "ann", from: "10.1.\(index / 250).\(index % 250 + 1)")
            for attempt in 0..<3 { guesser.type("guess\(attempt)") }
            guessers.append(guesser)
        }
        // Past 20 failures in a minute every answer for ann waits a second (account-slow-ms).
        for _ in 0..<4 { table.advance(by: 1) }
        #expect(store.verifies.load(ordering: .relaxed) == 600)
        #expect(guessers.allSatisfy { $0.isClosed }, "three wrong passwords close each connection")

        // Each guesser's address is now backed off for this account: of two more guesses, the second
        // (after the fourth failure, 2 s) is refused unchecked.
        var refused = 0
        var again: [MemoryConnection] = []
        for index in 0..<200 {
            let guesser = client(table, "ann", from: "10.1.\(index / 250).\(index % 250 + 1)")
            _ = guesser.events()
            for attempt in 3..<5 { guesser.type("guess\(attempt)") }
            again.append(guesser)
        }
        table.advance(by: 1)
        for guesser in again {
            let codes = guesser.events().compactMap { $0["code"] as? String }
            if codes == ["bad_password", "rate_limited"] { refused += 1 }
        }
        #expect(refused == 200)
        #expect(store.verifies.load(ordering: .relaxed) == 800)

        let owner = client(table, "ann", from: "192.0.2.7")
        _ = owner.events()
        table.type("correct-horse", on: owner)
        #expect(!owner.events().contains { $0.type == "logged_in" }, "the flood slows the answer (account-slow-ms)")
        table.advance(by: 1)
        let seen = owner.events()
        #expect(seen.contains { $0.type == "logged_in" && $0["name"] as? String == "ann" }, "\(seen)")
        #expect(owner.didCompleteLogin)
    }

    /// Without the per-account limit, one address group could guess on: the fourth guess from the
    /// same address (after a reconnect) is refused, and a second later allowed again (1 s back-off).
    @Test func oneAddressBacksOffAfterItsFreeFailures() {
        let table = table { $0.accountFreeFailures = 3 }
        register(table, "bob", "secret-1")
        let first = client(table, "bob", from: "10.9.0.1")
        for attempt in 0..<3 { table.type("nope\(attempt)", on: first) }
        let second = client(table, "bob", from: "10.9.0.1")
        _ = second.events()
        table.type("nope3", on: second)
        let error = second.events().first { $0.type == "error" }
        #expect(error?["code"] as? String == "rate_limited")
        #expect((error?["message"] as? String)?.contains("try again in 1 s") == true)
        table.advance(by: 1)
        table.type("secret-1", on: second)
        #expect(second.events().contains { $0.type == "logged_in" })
    }

    // MARK: item 2: store outages

    @Test func anAccountStoreOutageIsUnavailableNeverBadPasswordAndGuestsPlay() {
        let table = table()
        register(table, "cy", "secret-2")
        store.down.store(true, ordering: .relaxed)
        let registered = client(table, "cy", from: "10.2.0.1")
        let codes = registered.events().compactMap { $0["code"] as? String }
        #expect(codes == ["unavailable"])
        let guest = client(table, "guest7", from: "10.2.0.2")
        // A guest's name cannot be checked either: refused as unavailable, never as invalid.
        #expect(guest.events().compactMap { $0["code"] as? String } == ["unavailable"])
        store.down.store(false, ordering: .relaxed)
        table.type("name guest7", on: guest)
        #expect(guest.events().contains { $0.type == "logged_in" })
    }

    @Test func queriesThatTimeOutAreUnavailable() {
        let table = table()
        let player = table.player("dee")
        store.queriesTimeOut.store(true, ordering: .relaxed)
        for command in ["top", "highscores", "history", "history dee"] {
            table.type(command, on: player)
            #expect(player.events().compactMap { $0["code"] as? String } == ["unavailable"], "\(command)")
        }
    }

    // MARK: item 5: takeover

    /// The owner's old connection is dead but open: the right password from elsewhere takes the
    /// name and the seat over; the old connection is told and closed.
    @Test func theRightPasswordTakesOverASessionOnline() {
        let table = table()
        register(table, "eve", "secret-3")
        let old = client(table, "eve", from: "10.3.0.1")
        table.type("secret-3", on: old)
        let partner = table.player("fay")
        table.type("create den", on: old)
        table.type("join den", on: partner)
        table.type("start", on: old)
        _ = old.takeText()
        _ = partner.events()

        let fresh = client(table, "eve", from: "10.3.0.2")
        table.type("secret-3", on: fresh)
        #expect(old.isClosed)
        #expect(old.text.contains("You logged in from elsewhere"))
        let seen = fresh.events()
        #expect(seen.contains { $0.type == "logged_in" && $0["resumed"] as? Bool == true }, "\(seen)")
        #expect(fresh.didCompleteLogin)
        table.type("state", on: fresh)
        let state = fresh.events().last { $0.type == "state" }
        #expect(state?["room"] as? String == "den")
        #expect(state?.player("eve")?["connected"] as? Bool == true)
        // The old connection's close did not release the name or drop the seat.
        table.advance(by: 61)
        table.type("state", on: partner)
        #expect(partner.events().last { $0.type == "state" }?.player("eve")?["connected"] as? Bool == true)
        let thief = client(table, "eve", from: "10.3.0.3")
        #expect(thief.events().contains { $0.type == "prompt" && $0["for"] as? String == "password" })
    }

    @Test func anUnregisteredNameOnlineCannotBeTakenOver() {
        let table = table()
        let owner = table.player("gus")
        let thief = client(table, "gus", from: "10.4.0.1")
        #expect(thief.events().compactMap { $0["code"] as? String } == ["name_taken"])
        #expect(!owner.isClosed)
    }

    // MARK: item 7: resume tokens

    @Test func anAwayUnregisteredSeatNeedsItsTokenOrItsAddress() throws {
        let table = table()
        let owner = client(table, "hal", from: "10.5.0.1")
        let login = try #require(owner.events().first { $0.type == "logged_in" })
        let token = try #require(login["resume_token"] as? String)
        #expect(token.count == 6)
        let partner = table.player("ida")
        table.type("create hut", on: owner)
        table.type("join hut", on: partner)
        table.type("start", on: owner)
        owner.hangUp()
        table.settle()

        let thief = client(table, "hal", from: "10.6.0.1")
        let refused = thief.events()
        #expect(refused.compactMap { $0["code"] as? String } == ["name_taken"])
        // Not "playing right now": hal dropped; if this is hal on another network, the code gets the seat back.
        let message = refused.first { $0.type == "error" }?["message"] as? String ?? ""
        #expect(message.contains("hal lost their connection") && message.contains("hal#code"), "\(message)")
        let guesser = client(table, "hal#000000", from: "10.6.0.2")
        #expect(guesser.events().compactMap { $0["code"] as? String } == ["name_taken"])

        let back = client(table, "hal#\(token)", from: "10.7.0.1")
        let seen = back.events()
        #expect(seen.contains { $0.type == "logged_in" && $0["resumed"] as? Bool == true }, "\(seen)")
        #expect(back.didCompleteLogin)
        back.hangUp()
        table.settle()
        let sameAddress = client(table, "hal", from: "10.7.0.1")
        #expect(sameAddress.events().contains { $0.type == "logged_in" && $0["resumed"] as? Bool == true })
    }

    @Test func theTokenIsShownInText() {
        let table = table()
        let connection = table.connect(address: "10.8.0.1")
        table.type("jo", on: connection)
        #expect(connection.takeText().contains("reconnect with: name jo#"))
    }
}
