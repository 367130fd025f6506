import Foundation
import Testing

@testable import HangmanStore

/// What the server needs to sign out a login whose password was changed elsewhere, and to show a
/// registered name as it was registered, on every engine: the stamp of the password a login, a
/// registration or a change matched (`verifyStamped`…), the current stamps of many accounts at once
/// (`passwordStamps`, time-limited like every call), and the account's spelling (`registeredName`).
@Suite(.ownThread) struct PasswordStampTests {
    @Test(arguments: StoreKind.engines)
    func aChangeGivesANewStampThatTheAccountsNowHave(kind: StoreKind) throws {
        let harness = try Harness(kind)
        let store = harness.store
        let registered = try value { store.registerStamped(name: "Zora", password: "first pw", completion: $0) }
        #expect(registered.isKnown)
        #expect(try value { store.verifyStamped(name: "zora", password: "first pw", completion: $0) } == registered)
        #expect(try value { store.verifyStamped(name: "ZORA", password: "wrong", completion: $0) } == nil)
        #expect(try value { store.passwordStamps(names: ["zora", "nobody"], completion: $0) } == ["zora": registered])

        #expect(try value { store.changePasswordStamped(name: "zora", old: "wrong", new: "second", completion: $0) } == nil)
        let changed = try #require(
            try value { store.changePasswordStamped(name: "Zora", old: "first pw", new: "first pw", completion: $0) })
        #expect(changed != registered, "a change stamps anew, even to the same password")
        #expect(try value { store.passwordStamps(names: ["ZORA"], completion: $0) } == ["zora": changed])
        #expect(try value { store.verifyStamped(name: "zora", password: "first pw", completion: $0) } == changed)
        // The older calls answer as before.
        #expect(try value { store.verify(name: "zora", password: "first pw", completion: $0) })
    }

    @Test(arguments: StoreKind.engines)
    func theAccountsSpellingIsTheRegisteredOne(kind: StoreKind) throws {
        let harness = try Harness(kind)
        let store = harness.store
        try MainFixture.load(store)  // Bob has games and no password
        try value { store.register(name: "Zora", password: "secret", completion: $0) }
        #expect(try value { store.registeredName(name: "zora", completion: $0) } == "Zora")
        #expect(try value { store.registeredName(name: "ZORA", completion: $0) } == "Zora")
        #expect(try value { store.registeredName(name: "bob", completion: $0) } == nil)
        #expect(try value { store.registeredName(name: "nobody", completion: $0) } == nil)
    }

    /// More accounts than one statement takes (64): every registered one is answered, the others not.
    @Test(arguments: StoreKind.engines)
    func manyAccountsAreAnsweredInChunks(kind: StoreKind) throws {
        let harness = try Harness(kind)
        try harness.store.withWriter { connection in
            for index in 0..<150 where index % 3 != 0 {
                let made = try connection.setPasswordHash(name: "P\(index)", key: "p\(index)", hash: "$y$h\(index)")
                #expect(made)
            }
        }
        let names = (0..<150).map { "P\($0)" } + ["P1", "p2"]
        let stamps = try value { harness.store.passwordStamps(names: names, completion: $0) }
        #expect(stamps.count == 100)
        #expect(stamps["p1"] == PasswordStamp(hash: "$y$h1") && stamps["p3"] == nil)
    }

    @Test(arguments: StoreKind.shared)
    func anotherServerSeesTheNewStampAtOnce(kind: StoreKind) throws {
        let harness = try Harness(kind)
        let other = try #require(try harness.second())
        defer { other.close() }
        let old = try value { harness.store.registerStamped(name: "Ann", password: "secret", completion: $0) }
        #expect(try value { other.passwordStamps(names: ["ann"], completion: $0) } == ["ann": old])
        let new = try #require(
            try value { harness.store.changePasswordStamped(name: "ann", old: "secret", new: "better", completion: $0) })
        #expect(try value { other.passwordStamps(names: ["Ann"], completion: $0) } == ["ann": new])
    }

    @Test func aStuckDatabaseTimesTheCheckOut() throws {
        let (backend, store) = try faultStore(timeout: 0.3)
        defer {
            backend.release()
            store.close()
        }
        try value { store.register(name: "Ann", password: "pw-one", completion: $0) }
        backend.set(reads: .hang)
        #expect(try failure { store.passwordStamps(names: ["ann"], completion: $0) } == .timedOut)
        #expect(try failure { store.registeredName(name: "ann", completion: $0) } == .timedOut)
    }
}
