import Dispatch
import Foundation
import HangmanSync
import Synchronization
import Testing

@testable import HangmanStore

/// Issue 16: the store's time limits share one sweep (no timer left per finished call), merges can be
/// paced into larger commits (`merge-commit-interval-ms`), and game ids are time-ordered UUIDs.
@Suite(.ownThread) struct StoreTimersTests {
    @Test(arguments: StoreKind.engines)
    func noDeadlineIsLeftOnceEveryCallHasItsAnswer(kind: StoreKind) throws {
        let harness = try Harness(kind)
        let store = harness.store
        try MainFixture.load(store)
        _ = try value { store.leaderboard(limit: 10, player: "ann", completion: $0) }
        _ = try value { store.stats(player: "bob", completion: $0) }
        _ = try value { store.monthlyStandings(month: LeaderboardMonth(containing: 1100), players: ["Ann"], completion: $0) }
        #expect(try failure { store.verify(name: "nobody", password: "x", completion: $0) } == .notRegistered)
        // Each call armed a deadline (the store's time limit is seconds away): all are disarmed by their answers.
        #expect(store.deadlines.armed == 0)
    }

    @Test func aDeadlineFiresOnceDueAndNotAfterItIsDisarmed() {
        let deadlines = StoreDeadlines(label: "test.deadlines")
        let fired = Locked<[Int]>([])
        let done = DispatchSemaphore(value: 0)
        let late = deadlines.reserve()
        deadlines.arm(late, after: 600) { fired.withLock { $0.append(600) } }
        let cancelled = deadlines.reserve()
        deadlines.arm(cancelled, after: 0.01) { fired.withLock { $0.append(1) } }
        deadlines.disarm(cancelled)
        let answeredFirst = deadlines.reserve()
        deadlines.disarm(answeredFirst)  // its answer came before it was armed
        deadlines.arm(answeredFirst, after: 0.01) { fired.withLock { $0.append(2) } }
        let due = deadlines.reserve()
        deadlines.arm(due, after: 0.02) {
            fired.withLock { $0.append(3) }
            done.signal()
        }
        #expect(deadlines.armed == 2)
        #expect(done.wait(timeout: .now() + 30) == .success)
        // The sweep that fired `due` dropped the disarmed ones on its way; the late one still waits.
        #expect(fired.withLock { $0 } == [3])
        #expect(deadlines.armed == 1)
        deadlines.disarm(late)
        #expect(deadlines.armed == 0)
    }

    /// A game's first limit writes it to the outbox, which may block on a frozen disk: its second limit,
    /// behind it on the same sweep, must still fire (StalledDiskTests waited forever for `game_over`).
    @Test func aDeadlineWhoseWorkBlocksHoldsUpNoOther() {
        let deadlines = StoreDeadlines(label: "test.deadlines")
        let secondFired = DispatchSemaphore(value: 0)
        let firstDone = DispatchSemaphore(value: 0)
        let sawSecond = Locked(false)
        let first = deadlines.reserve()
        deadlines.arm(first, after: 0.01) {
            // A stuck disk, until the other deadline fires (or 10 s: the defect, the sweep waited here).
            let fired = secondFired.wait(timeout: .now() + 10) == .success
            sawSecond.withLock { $0 = fired }
            firstDone.signal()
        }
        let second = deadlines.reserve()
        deadlines.arm(second, after: 0.05) { secondFired.signal() }
        #expect(firstDone.wait(timeout: .now() + 60) == .success)
        #expect(sawSecond.withLock { $0 })
        #expect(deadlines.armed == 0)
    }

    @Test(arguments: StoreKind.engines)
    func gamesEndingWithinTheCommitIntervalLandInOneCommit(kind: StoreKind) throws {
        var options = fastOptions
        options.mergeCommitInterval = 1
        let harness = try Harness(kind, options: options)
        let store = harness.store
        try store.record(MainFixture.g1)  // a quiet store: committed at once
        #expect(store.commitCount == 1)
        // The next games end within the interval: they wait for it and land together.
        let done = DispatchGroup()
        let saved = Atomic<Int>(0)
        for record in [MainFixture.g2, MainFixture.g3] {
            done.enter()
            store.recordGame(record) { result in
                if case .success = result { saved.add(1, ordering: .relaxed) }
                done.leave()
            }
        }
        #expect(done.wait(timeout: .now() + 30) == .success)
        #expect(saved.load(ordering: .relaxed) == 2)
        #expect(store.commitCount == 2)
        #expect(try value { store.stats(player: "cy", completion: $0) }.games == 2)
    }

    @Test func gameIDsAreVersion7UUIDsOrderedByTime() {
        var random = SplitMix(seed: 42)
        let first = GameRecord.newID(milliseconds: 0x0123_4567_89AB, using: &random)
        let bytes = withUnsafeBytes(of: first.uuid) { Array($0) }
        #expect(bytes[0..<6] == [0x01, 0x23, 0x45, 0x67, 0x89, 0xAB])
        #expect(bytes[6] >> 4 == 7)  // version
        #expect(bytes[8] >> 6 == 0b10)  // variant
        let next = GameRecord.newID(milliseconds: 0x0123_4567_89AC, using: &random)
        #expect(first.uuidString < next.uuidString)
        #expect(GameRecord.newID(milliseconds: 0x0123_4567_89AB, using: &random) != first)  // same ms: random bits differ
        let made = (0..<1000).map { _ in GameRecord.newID() }
        #expect(Set(made).count == 1000)
        #expect(made.allSatisfy { withUnsafeBytes(of: $0.uuid) { $0[6] >> 4 == 7 } })
        let now = UInt64(Date().timeIntervalSince1970 * 1000)
        let stamp = withUnsafeBytes(of: made[0].uuid) { raw in raw[0..<6].reduce(UInt64(0)) { $0 << 8 | UInt64($1) } }
        #expect(stamp <= now && now - stamp < 60_000)
    }
}

/// A seeded generator for the id tests.
private struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
