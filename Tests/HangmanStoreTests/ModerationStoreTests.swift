import Foundation
import Testing

@testable import HangmanStore

/// Bans, mutes, address bans and the moderation log on every engine (issue 33): stored, replaced,
/// lifted, ended by time, read by another server on the same database, kept across a reopen, and
/// time-limited like every call.
@Suite(.ownThread) struct ModerationStoreTests {
    static func ban(_ name: String, until: Int64?, reason: String = "flood") -> StoredSanction {
        StoredSanction(kind: "ban", key: name.lowercased(), target: name, by: "op", reason: reason, since: 100, until: until)
    }

    @Test(arguments: StoreKind.engines)
    func sanctionsAreStoredReplacedLiftedAndEnd(kind: StoreKind) throws {
        let harness = try Harness(kind)
        let store = harness.store
        try value { store.saveSanction(Self.ban("Mal", until: 200), completion: $0) }
        try value { store.saveSanction(Self.ban("Mal", until: 300, reason: "again"), completion: $0) }
        let mute = StoredSanction(kind: "mute", key: "mal", target: "mal", by: "op", reason: "", since: 100, until: nil)
        try value { store.saveSanction(mute, completion: $0) }
        let address = StoredSanction(
            kind: "address", key: "203.0.113.0/24", target: "203.0.113.0/24", by: "op", reason: "", since: 100, until: 150)
        try value { store.saveSanction(address, completion: $0) }

        let now = try value { store.sanctions(now: 120, completion: $0) }
        #expect(now == [address, Self.ban("Mal", until: 300, reason: "again"), mute], "one per kind and key, the last one set")
        #expect(try value { store.sanctions(now: 150, completion: $0) }.map(\.kind) == ["ban", "mute"], "ended at its end")
        #expect(try value { store.sanctions(now: 300, completion: $0) } == [mute], "forever stays")

        #expect(try value { store.liftSanction(kind: "ban", key: "mal", now: 120, completion: $0) })
        #expect(try !value { store.liftSanction(kind: "ban", key: "mal", now: 120, completion: $0) })
        #expect(
            try !value { store.liftSanction(kind: "address", key: "203.0.113.0/24", now: 150, completion: $0) }, "already ended")
        #expect(try value { store.sanctions(now: 120, completion: $0) } == [mute])
    }

    /// The login's check: one sanction by kind and key, only while in force.
    @Test(arguments: StoreKind.engines)
    func oneSanctionIsReadByItsKey(kind: StoreKind) throws {
        let harness = try Harness(kind)
        let store = harness.store
        try value { store.saveSanction(Self.ban("Mal", until: 200), completion: $0) }
        let mute = StoredSanction(kind: "mute", key: "ann", target: "Ann", by: "op", reason: "", since: 100, until: nil)
        try value { store.saveSanction(mute, completion: $0) }
        #expect(try value { store.sanction(kind: "ban", key: "mal", now: 199, completion: $0) } == Self.ban("Mal", until: 200))
        #expect(try value { store.sanction(kind: "ban", key: "mal", now: 200, completion: $0) } == nil, "ended at its end")
        #expect(try value { store.sanction(kind: "ban", key: "ann", now: 150, completion: $0) } == nil, "another kind")
        #expect(try value { store.sanction(kind: "mute", key: "ann", now: 1_000_000, completion: $0) } == mute)
        #expect(try value { store.sanction(kind: "ban", key: "bob", now: 150, completion: $0) } == nil)
    }

    /// A passed vote-kick is logged like an operator's action (`by` cast the deciding vote).
    @Test(arguments: StoreKind.engines)
    func theLogKeepsAVoteKick(kind: StoreKind) throws {
        let harness = try Harness(kind)
        let entry = StoredModerationEntry(at: 7, by: "bob", action: "votekick", target: "mal", detail: "out of home")
        try value { harness.store.recordModeration(entry, completion: $0) }
        #expect(try value { harness.store.moderationLog(limit: 5, completion: $0) } == [entry])
    }

    @Test(arguments: StoreKind.engines)
    func theLogKeepsEveryActionNewestFirst(kind: StoreKind) throws {
        let harness = try Harness(kind)
        let store = harness.store
        for (index, action) in ["ban", "mute", "unban"].enumerated() {
            let entry = StoredModerationEntry(at: Int64(index), by: "op", action: action, target: "mal", detail: "why \(index)")
            try value { store.recordModeration(entry, completion: $0) }
        }
        #expect(try value { store.moderationLog(limit: 2, completion: $0) }.map(\.action) == ["unban", "mute"])
        let all = try value { store.moderationLog(limit: 10, completion: $0) }
        #expect(
            all.count == 3 && all.last == StoredModerationEntry(at: 0, by: "op", action: "ban", target: "mal", detail: "why 0"))
    }

    /// Two servers on one database (SQLite file, PostgreSQL): a ban set through one is read through
    /// the other at once; the other server's periodic read and its login check ask exactly this.
    @Test(arguments: StoreKind.shared)
    func anotherServerReadsTheBan(kind: StoreKind) throws {
        let harness = try Harness(kind)
        let other = try #require(try harness.second())
        defer { other.close() }
        try value { harness.store.saveSanction(Self.ban("Mal", until: nil), completion: $0) }
        #expect(try value { other.sanctions(now: 500, completion: $0) } == [Self.ban("Mal", until: nil)])
        #expect(try value { other.sanction(kind: "ban", key: "mal", now: 500, completion: $0) } == Self.ban("Mal", until: nil))
        #expect(try value { other.liftSanction(kind: "ban", key: "mal", now: 500, completion: $0) })
        #expect(try value { harness.store.sanctions(now: 500, completion: $0) }.isEmpty)
    }

    @Test func aBanOutlastsReopeningTheFile() throws {
        let harness = try Harness(.sqlite)
        try value { harness.store.saveSanction(Self.ban("Mal", until: nil), completion: $0) }
        harness.store.close()
        let reopened = try SQLiteStore(path: harness.location, options: fastOptions)
        defer { reopened.close() }
        #expect(try value { reopened.sanctions(now: 500, completion: $0) } == [Self.ban("Mal", until: nil)])
    }

    @Test func aStuckDatabaseTimesTheCallsOut() throws {
        let (backend, store) = try faultStore(timeout: 0.3)
        defer {
            backend.release()
            store.close()
        }
        backend.set(reads: .hang)
        #expect(try failure { store.sanctions(now: 0, completion: $0) } == .timedOut)
        #expect(try failure { store.moderationLog(limit: 5, completion: $0) } == .timedOut)
    }
}
