import Dispatch
import Foundation
import HangmanSync

/// The finished games waiting to be merged: group commit on the writer connection, the outbox when the
/// database fails, and the retry policy. Shared by every engine so they behave the same.
///
/// `enqueue` appends under the lock and schedules a drain on the writer lane; a drain takes *every*
/// waiting record and merges them as one batch (one transaction). When the batch fails, the records go
/// to the outbox (callers told `.queued`) when there is one, else they stay in memory (callers told
/// `.failed`) and are retried with a doubling delay (`retryInitial` … `retryMax`). The outbox is replayed
/// on the same lane with the same back-off. Records that land after their caller was answered are
/// reported through `deferredSaved`.
final class GroupCommitter: Sendable {
    struct Item: Sendable {
        var record: GameRecord
        var answer: CompletionOnce<RecordOutcome>
        /// Read after the commit that saves the record, delivered after `answer` (only when saved).
        var standings: StandingsRequest?
    }

    private struct State {
        var waiting: [Item] = []
        var inFlight: [Item] = []
        var drainScheduled = false
        var retryScheduled = false
        var retryDelay: Double
        var closed = false
        /// When the last merge transaction began (uptime ns; 0: none yet), for `commitInterval`.
        var lastDrainStart: UInt64 = 0
        /// Records already written to the log in full by `handOffPending` (each is written once).
        var loggedUnsaved: Set<UUID> = []
        /// Records whose callers were told "queued" or "kept in memory" and not yet that they landed.
        var owed: Set<UUID> = []
    }

    private let lane: StoreLane
    private let outbox: Outbox?
    private let counters: StoreCounters
    private let retryInitial: Double
    private let retryMax: Double
    /// Nanoseconds at least between the starts of two drains (0: drain at once).
    private let commitInterval: UInt64
    private let state: Locked<State>
    private let deferredSaved: @Sendable (GameRecord, Int64) -> Void
    private let log: @Sendable (String) -> Void
    private let publicError: @Sendable (any Error) -> StoreError

    init(
        lane: StoreLane, outbox: Outbox?, counters: StoreCounters, retryInitial: Double, retryMax: Double,
        commitInterval: Double = 0, deferredSaved: @escaping @Sendable (GameRecord, Int64) -> Void,
        log: @escaping @Sendable (String) -> Void,
        publicError: @escaping @Sendable (any Error) -> StoreError
    ) {
        self.lane = lane
        self.outbox = outbox
        self.counters = counters
        self.retryInitial = max(0.001, retryInitial)
        self.retryMax = max(self.retryInitial, retryMax)
        self.commitInterval = UInt64(max(0, commitInterval) * 1e9)
        state = Locked(State(retryDelay: max(0.001, retryInitial)))
        self.deferredSaved = deferredSaved
        self.log = log
        self.publicError = publicError
    }

    /// Records accepted and neither merged nor in the outbox.
    var pending: Int { state.withLock { $0.waiting.count + $0.inFlight.count } }

    /// Queues a record and schedules a drain.
    func enqueue(_ record: GameRecord, answer: CompletionOnce<RecordOutcome>, standings: StandingsRequest? = nil) {
        let accepted = state.withLock { state -> Bool in
            guard !state.closed else { return false }
            state.waiting.append(Item(record: record, answer: answer, standings: standings))
            return true
        }
        guard accepted else {
            answer.complete(.failed(.io("store closed")))
            return
        }
        scheduleDrain()
    }

    /// Retry now (used by `flush` and at start for the outbox) rather than waiting for the back-off.
    func retryNow() {
        lane.queue.async {
            self.drain()
            self.replayOutbox()
        }
    }

    /// Moves every record not yet merged into the outbox (shutdown). True when nothing is left only in
    /// memory. Otherwise each record left is logged in full, as JSON, so that it can be re-entered by hand,
    /// and stays queued in memory (still retried while the process lives).
    /// Hands the records still pending to the outbox, or logs them in full; returns how many are
    /// left only in memory (0: none pending, or all in the outbox).
    func handOffPending() -> Int {
        let items = state.withLock { $0.inFlight + $0.waiting }
        guard !items.isEmpty else { return 0 }
        if let outbox {
            do {
                try outbox.append(items.map(\.record))
                let ids = Set(items.map(\.record.id))
                state.withLock { state in
                    state.inFlight.removeAll { ids.contains($0.record.id) }
                    state.waiting.removeAll { ids.contains($0.record.id) }
                }
                for item in items { item.answer.complete(.queued) }
                log("\(items.count) game record(s) not yet merged were kept in the outbox")
                return 0
            } catch {
                log("the outbox could not take \(items.count) game record(s): \(error)")
            }
        }
        // Once each: a shutdown hands off twice (`flush`, then `close`), and a record logged twice reads as
        // two games to whoever re-enters them (found on a full disk: 230 records, each logged twice).
        let unlogged = state.withLock { state in
            items.filter { state.loggedUnsaved.insert($0.record.id).inserted }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        for item in unlogged {
            let json = (try? encoder.encode(item.record)).map { String(decoding: $0, as: UTF8.self) } ?? "\(item.record)"
            log("UNSAVED GAME RECORD: \(json)")
        }
        return items.count
    }

    /// Stops accepting and retrying. Records still waiting go to the outbox if possible; otherwise they are
    /// logged in full and given up, loudly: a caller still waiting gets `.failed(.io("store closed"))`.
    func close() {
        let wasOpen = state.withLock { state -> Bool in
            defer { state.closed = true }
            return !state.closed
        }
        guard wasOpen else { return }
        if handOffPending() > 0 {
            let abandoned = state.withLock { state -> [Item] in
                defer {
                    state.inFlight.removeAll()
                    state.waiting.removeAll()
                }
                return state.inFlight + state.waiting
            }
            log("store closed with \(abandoned.count) unsaved game record(s)")
            for item in abandoned { item.answer.complete(.failed(.io("store closed"))) }
        }
    }

    private func scheduleDrain() {
        let now = commitInterval > 0 ? DispatchTime.now().uptimeNanoseconds : 0
        let schedule = state.withLock { state -> UInt64? in
            guard !state.drainScheduled else { return nil }
            state.drainScheduled = true
            // Paced: no sooner than `commitInterval` after the last drain began (a quiet store: at once).
            guard commitInterval > 0, state.lastDrainStart > 0 else { return 0 }
            let due = state.lastDrainStart &+ commitInterval
            return due > now ? due : 0
        }
        guard let schedule else { return }
        // Queued behind every record already waiting, so they all join this batch.
        if schedule == 0 {
            lane.queue.async { self.drain() }
        } else {
            lane.queue.asyncAfter(deadline: DispatchTime(uptimeNanoseconds: schedule)) { self.drain() }
        }
    }

    private func drain() {
        dispatchPrecondition(condition: .onQueue(lane.queue))
        let started = commitInterval > 0 ? DispatchTime.now().uptimeNanoseconds : 0
        let batch = state.withLock { state -> [Item] in
            state.drainScheduled = false
            guard !state.closed else { return [] }
            if !state.waiting.isEmpty { state.lastDrainStart = started }
            state.inFlight += state.waiting
            state.waiting.removeAll()
            return state.inFlight
        }
        guard !batch.isEmpty else { return }
        do {
            let (merged, standings) = try lane.with { connection in
                let outcome = try connection.mergeGames(batch.map(\.record), standings: self.standingsAsked(in: batch))
                return (outcome.merged, self.standingsFound(outcome.standings))
            }
            counters.commits.add(1, ordering: .relaxed)
            landed(batch, merged, standings)
            // The database answers again: what waits in the outbox goes now, not at the next retry, which
            // after a long outage is up to `retryMax` away (PostgreSQL stopped for 10 s, two servers:
            // new games were saved 0.5 s after it was back, the outbox's 4.5 s after).
            if outbox?.mayHoldRecords == true { replayOutbox() }
        } catch {
            counters.failures.add(1, ordering: .relaxed)
            failed(batch, error: publicError(error))
        }
    }

    /// The standings the batch's items asked for, per month (read once per month for all of them).
    private func standingsAsked(in batch: [Item]) -> [LeaderboardMonth: [String]] {
        var keys: [LeaderboardMonth: Set<String>] = [:]
        for item in batch { if let request = item.standings { keys[request.month, default: []].formUnion(request.keys) } }
        return keys.mapValues { Array($0) }
    }

    /// The standings read with the merge; a month that failed is logged and left out (a failure there
    /// loses only the standings, never the games).
    private func standingsFound(
        _ standings: [LeaderboardMonth: Result<[String: MonthlyStanding], any Error>]
    ) -> [LeaderboardMonth: [String: MonthlyStanding]] {
        var found: [LeaderboardMonth: [String: MonthlyStanding]] = [:]
        for (month, result) in standings {
            switch result {
            case .success(let standings): found[month] = standings
            case .failure(let error): log("the standings of \(month) could not be read after a merge: \(publicError(error))")
            }
        }
        return found
    }

    private func landed(
        _ batch: [Item], _ merged: [MergedGame], _ standings: [LeaderboardMonth: [String: MonthlyStanding]] = [:]
    ) {
        let ids = Set(batch.map(\.record.id))
        state.withLock { state in
            state.inFlight.removeAll { ids.contains($0.record.id) }
            state.retryDelay = retryInitial
        }
        var answeredEarlier: [UUID] = []
        for (item, game) in zip(batch, merged) {
            if item.answer.complete(.saved(game.id)) {
                if let request = item.standings { request.deliver(game, standings[request.month] ?? [:]) }
            } else {
                answeredEarlier.append(item.record.id)
                if settle(item.record.id, isNew: game.isNew) { deferredSaved(item.record, game.id) }
            }
        }
        // A record that timed out may also sit in the outbox: take it out (a replay would change nothing anyway).
        if let outbox, !answeredEarlier.isEmpty { try? outbox.remove(answeredEarlier) }
    }

    /// Marks records whose callers were told they are not saved yet: when they land, they are reported
    /// (`deferredSaved`) even if the database already had them. That happens when a COMMIT landed but its
    /// answer was lost with the connection (a database restart at that moment): the batch failed, went to
    /// the outbox, and its replay found the games stored (`isNew` false), so the room never heard they
    /// were saved after telling its players they would be.
    func owe(_ ids: [UUID]) { state.withLock { $0.owed.formUnion(ids) } }

    /// Whether a record that just landed is reported: owed a report, or new (from an earlier run's outbox).
    /// Reported once: the record is no longer owed.
    private func settle(_ id: UUID, isNew: Bool) -> Bool {
        state.withLock { $0.owed.remove(id) != nil } || isNew
    }

    private func failed(_ batch: [Item], error: StoreError) {
        owe(batch.map(\.record.id))
        if let outbox {
            do {
                try outbox.append(batch.map(\.record))
                let ids = Set(batch.map(\.record.id))
                state.withLock { $0.inFlight.removeAll { ids.contains($0.record.id) } }
                log("\(batch.count) game record(s) not merged (\(error)); kept in the outbox, replayed when the database is back")
                for item in batch { item.answer.complete(.queued) }
                scheduleRetry()
                return
            } catch {
                log("the outbox could not take \(batch.count) game record(s): \(error)")
            }
        }
        state.withLock { state in
            state.waiting = state.inFlight + state.waiting
            state.inFlight.removeAll()
        }
        log("\(batch.count) game record(s) not saved: \(error); kept in memory, retrying")
        for item in batch { item.answer.complete(.failed(error)) }
        scheduleRetry()
    }

    /// Merges the outbox's records, oldest first, and removes them once committed.
    private func replayOutbox() {
        dispatchPrecondition(condition: .onQueue(lane.queue))
        guard let outbox, !state.withLock({ $0.closed }) else { return }
        while true {
            let records: [GameRecord]
            do {
                records = try outbox.peek(limit: 256) { json in
                    self.log("an outbox row cannot be read and is left there: \(json)")
                }
            } catch {
                log("the outbox cannot be read: \(error)")
                return scheduleRetry()
            }
            guard !records.isEmpty else { return }
            do {
                let merged = try lane.with { try $0.mergeGames(records) }
                counters.commits.add(1, ordering: .relaxed)
                try outbox.remove(records.map(\.id))
                for (record, game) in zip(records, merged) where settle(record.id, isNew: game.isNew) {
                    deferredSaved(record, game.id)
                }
                log("\(records.count) game record(s) replayed from the outbox")
                state.withLock { $0.retryDelay = retryInitial }
            } catch {
                log("outbox replay failed: \(publicError(error)); retrying later")
                return scheduleRetry()
            }
            if records.count < 256 { return }
        }
    }

    private func scheduleRetry() {
        let delay = state.withLock { state -> Double? in
            guard !state.retryScheduled, !state.closed else { return nil }
            state.retryScheduled = true
            let delay = state.retryDelay
            state.retryDelay = min(state.retryDelay * 2, retryMax)
            return delay
        }
        guard let delay else { return }
        lane.queue.asyncAfter(deadline: .now() + delay) {
            self.state.withLock { $0.retryScheduled = false }
            self.drain()
            self.replayOutbox()
        }
    }
}
