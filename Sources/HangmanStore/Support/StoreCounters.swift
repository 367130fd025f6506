import Synchronization

/// Counters readable from any thread (for `flush` and for tests and diagnostics).
final class StoreCounters: Sendable {
    /// Game records accepted by `recordGame` and not yet committed.
    let pending = Atomic<Int>(0)
    /// Write transactions that merged game records and committed.
    let commits = Atomic<Int>(0)
    /// Batch write attempts that failed and were rolled back.
    let failures = Atomic<Int>(0)
}
