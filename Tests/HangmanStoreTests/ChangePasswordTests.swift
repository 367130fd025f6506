import Dispatch
import Foundation
import HangmanSync
import Testing

@testable import HangmanStore

/// `changePassword(name:old:new:)` on every engine: only the right old password changes it, a race
/// lets one change win, another server sees it at once, and like `verify` it is time-limited and
/// refused when the hash queue is full.
@Suite(.ownThread) struct ChangePasswordTests {
    @Test(arguments: StoreKind.engines)
    func onlyTheRightOldPasswordChangesIt(kind: StoreKind) throws {
        let harness = try Harness(kind)
        let store = harness.store
        try MainFixture.load(store)
        try value { store.register(name: "Ann", password: "correct horse", completion: $0) }

        #expect(try value { store.changePassword(name: "ann", old: "correct hors", new: "battery", completion: $0) } == false)
        #expect(try value { store.verify(name: "Ann", password: "correct horse", completion: $0) }, "unchanged")
        #expect(try value { store.verify(name: "Ann", password: "battery", completion: $0) } == false)

        #expect(try value { store.changePassword(name: "ANN", old: "correct horse", new: "battery staple", completion: $0) })
        #expect(try value { store.verify(name: "ann", password: "battery staple", completion: $0) })
        #expect(try value { store.verify(name: "ann", password: "correct horse", completion: $0) } == false)
        #expect(try value { store.isRegistered(name: "Ann", completion: $0) })
        // The player row is the same one: the games and the display name stay.
        #expect(try value { store.stats(player: "ann", completion: $0) }.score == 30)
        #expect(try value { store.leaderboard(limit: 10, player: nil, completion: $0) }.entries.map(\.name).contains("Ann"))

        // A name with games but no password, and a name never seen, have no password to change.
        #expect(try failure { store.changePassword(name: "Bob", old: "x", new: "yyyy", completion: $0) } == .notRegistered)
        #expect(try failure { store.changePassword(name: "nobody", old: "x", new: "yyyy", completion: $0) } == .notRegistered)
        #expect(try value { store.isRegistered(name: "nobody", completion: $0) } == false)
    }

    /// Verify and write are one compare-and-set: of several changes that checked the same old
    /// password at once (all asked before any answered), exactly one lands, and its new password is
    /// the one that works.
    @Test(arguments: StoreKind.engines)
    func changesThatRaceLetExactlyOneWin(kind: StoreKind) throws {
        let harness = try Harness(kind)
        let store = harness.store
        try value { store.register(name: "Max", password: "first", completion: $0) }
        let won = Locked<[Int]>([])
        let done = DispatchGroup()
        for index in 0..<4 {
            done.enter()
            store.changePassword(name: "max", old: "first", new: "new-\(index)") { changed in
                if case .success(true) = changed { won.withLock { $0.append(index) } }
                done.leave()
            }
        }
        #expect(done.wait(timeout: .now() + 20) == .success)
        let winners = won.withLock { $0 }
        #expect(winners.count == 1, "winners: \(winners)")
        for index in 0..<4 {
            let works = try value { store.verify(name: "max", password: "new-\(index)", completion: $0) }
            #expect(works == winners.contains(index), "new-\(index)")
        }
        #expect(try value { store.verify(name: "max", password: "first", completion: $0) } == false)
    }

    /// The engine's compare-and-set itself: a hash is replaced only while it is the stored one.
    @Test(arguments: StoreKind.engines)
    func theHashIsReplacedOnlyWhileItIsTheStoredOne(kind: StoreKind) throws {
        let harness = try Harness(kind)
        try value { harness.store.register(name: "Max", password: "first", completion: $0) }
        try harness.store.withWriter { connection in
            let stored = try #require(try connection.passwordHash(key: "max").hash)
            #expect(try connection.replacePasswordHash(key: "max", old: stored, new: "$y$one"))
            #expect(try connection.replacePasswordHash(key: "max", old: stored, new: "$y$two") == false)
            #expect(try connection.passwordHash(key: "max").hash == "$y$one")
            #expect(try connection.replacePasswordHash(key: "nobody", old: stored, new: "$y$two") == false)
            #expect(try connection.passwordHash(key: "nobody").known == false, "no player row is made")
        }
    }

    @Test(arguments: StoreKind.shared)
    func aPasswordChangedOnOneServerIsTheOnlyOneOnTheOther(kind: StoreKind) throws {
        let harness = try Harness(kind)
        let other = try #require(try harness.second())
        defer { other.close() }
        try value { harness.store.register(name: "Ann", password: "secret", completion: $0) }
        #expect(try value { other.verify(name: "ann", password: "secret", completion: $0) })
        #expect(try value { harness.store.changePassword(name: "Ann", old: "secret", new: "better", completion: $0) })
        #expect(try value { other.verify(name: "ann", password: "better", completion: $0) })
        #expect(try value { other.verify(name: "ann", password: "secret", completion: $0) } == false)
        // The other server's change with the old password now fails.
        #expect(try value { other.changePassword(name: "ann", old: "secret", new: "mine now", completion: $0) } == false)
    }

    @Test func aChangeWhileTheDatabaseIsDownOrStuckIsUnavailableOrTimedOut() throws {
        let (backend, store) = try faultStore(timeout: 0.3)
        defer {
            backend.release()
            store.close()
        }
        try value { store.register(name: "Ann", password: "pw-one", completion: $0) }
        backend.set(reads: .fail)
        #expect(try failure { store.changePassword(name: "ann", old: "pw-one", new: "pw-two", completion: $0) } == .unavailable)
        backend.set(reads: .hang)
        #expect(try failure { store.changePassword(name: "ann", old: "pw-one", new: "pw-two", completion: $0) } == .timedOut)
        backend.release()
        #expect(try value { store.verify(name: "ann", password: "pw-one", completion: $0) }, "nothing changed")
    }

    /// The check waits for a hash worker like a login's; past `hashQueue` waiting it is refused at
    /// once (`unavailable`), never queued without bound.
    @Test func aChangeIsRefusedWhenTheHashQueueIsFull() throws {
        var options = fastOptions
        options.hashWorkers = 1
        options.hashQueue = 0
        let store = try MemoryStore(options: options)
        defer { store.close() }
        try value { store.register(name: "Ann", password: "pw-one", completion: $0) }
        let gate = DispatchSemaphore(value: 0)
        // The only worker is busy (once register's job has left it).
        while !store.hashers.submit({ gate.wait() }) { usleep(1_000) }
        #expect(try failure { store.changePassword(name: "ann", old: "pw-one", new: "pw-two", completion: $0) } == .unavailable)
        gate.signal()
        // Once the worker is free again (the busy job may still be leaving it), the change goes through.
        var outcome = try result { store.changePassword(name: "ann", old: "pw-one", new: "pw-two", completion: $0) }
        for _ in 0..<100 where outcome == .failure(.unavailable) {
            usleep(10_000)
            outcome = try result { store.changePassword(name: "ann", old: "pw-one", new: "pw-two", completion: $0) }
        }
        #expect(outcome == .success(true))
    }
}
