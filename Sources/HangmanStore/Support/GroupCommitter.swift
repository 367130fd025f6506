import Dispatch

/// The queue of game records waiting to be merged, with group commit and the retry policy.
/// Shared by `SQLiteStore` and `MemoryStore` so that both behave the same.
///
/// Confined to the owning store's serial queue (checked in debug builds). `recordGame` appends and
/// schedules a drain; a drain takes *every* waiting record and hands them to `commit` as one batch
/// (one transaction). On failure each first-time caller gets `.failure`, the records stay, and a retry is
/// scheduled with a doubling delay (`retryInitial` … `retryMax`); a new record or `flush` retries at once.
/// Records that land on a retry are reported through `deferredSaved` instead of their completion.
// @unchecked Sendable: every member is touched only on `queue` (checked by dispatchPrecondition).
final class GroupCommitter: @unchecked Sendable {
    typealias Completion = @Sendable (Result<Int64, StoreError>) -> Void

    private struct Item {
        var record: GameRecord
        /// Nil once the caller has been told `.failure`: from then on the record is "deferred".
        var completion: Completion?
    }

    private let queue: DispatchQueue
    private let counters: StoreCounters
    private let retryInitial: Double
    private let retryMax: Double
    private var items: [Item] = []
    private var drainScheduled = false
    private var retryScheduled = false
    private var retryDelay: Double
    private var closed = false

    /// Writes a batch in one transaction and returns the new game ids in order, or the error (after rollback).
    var commit: ([GameRecord]) -> Result<[Int64], StoreError> = { _ in .failure(.io("store not ready")) }
    /// Called for each deferred record once it lands.
    var deferredSaved: (GameRecord, Int64) -> Void = { _, _ in }
    /// Called with a message after each failed attempt (for logging).
    var failed: (String, Int) -> Void = { _, _ in }

    init(queue: DispatchQueue, counters: StoreCounters, retryInitial: Double, retryMax: Double) {
        self.queue = queue
        self.counters = counters
        self.retryInitial = max(0.001, retryInitial)
        self.retryMax = max(retryInitial, retryMax)
        retryDelay = self.retryInitial
    }

    /// Queues a record (the caller already counted it in `counters.pending`) and schedules a drain.
    func enqueue(_ record: GameRecord, completion: @escaping Completion) {
        dispatchPrecondition(condition: .onQueue(queue))
        guard !closed else {
            counters.pending.subtract(1, ordering: .relaxed)
            completion(.failure(.io("store closed")))
            return
        }
        items.append(Item(record: record, completion: completion))
        scheduleDrain()
    }

    /// Retry now (used by `flush`) rather than waiting for the backoff.
    func retryNow() {
        dispatchPrecondition(condition: .onQueue(queue))
        if !items.isEmpty { scheduleDrain() }
    }

    /// Stops accepting and retrying. Records still waiting are given up, loudly: a caller still waiting gets
    /// `.failure(.io("store closed"))`, and the loss is logged (`flush` before `close` avoids it).
    func close() {
        dispatchPrecondition(condition: .onQueue(queue))
        guard !closed else { return }
        closed = true
        let abandoned = items
        items.removeAll()
        counters.pending.subtract(abandoned.count, ordering: .relaxed)
        if !abandoned.isEmpty { failed("store closed with unsaved game records", abandoned.count) }
        for item in abandoned { item.completion?(.failure(.io("store closed"))) }
    }

    private func scheduleDrain() {
        guard !drainScheduled else { return }
        drainScheduled = true
        // Queued behind every recordGame already waiting on the queue, so they all join this batch.
        queue.async { self.drain() }
    }

    private func drain() {
        dispatchPrecondition(condition: .onQueue(queue))
        drainScheduled = false
        guard !closed, !items.isEmpty else { return }
        let batch = items
        switch commit(batch.map(\.record)) {
        case .success(let ids):
            items.removeAll()
            retryDelay = retryInitial
            counters.pending.subtract(batch.count, ordering: .relaxed)
            for (item, id) in zip(batch, ids) {
                if let completion = item.completion {
                    completion(.success(id))
                } else {
                    deferredSaved(item.record, id)
                }
            }
        case .failure(let error):
            counters.failures.add(1, ordering: .relaxed)
            failed("\(error.description); kept in memory, retrying", batch.count)
            for index in items.indices {
                if let completion = items[index].completion {
                    items[index].completion = nil
                    completion(.failure(error))
                }
            }
            scheduleRetry()
        }
    }

    private func scheduleRetry() {
        guard !retryScheduled else { return }
        retryScheduled = true
        let delay = retryDelay
        retryDelay = min(retryDelay * 2, retryMax)
        queue.asyncAfter(deadline: .now() + delay) {
            self.retryScheduled = false
            self.drain()
        }
    }
}
