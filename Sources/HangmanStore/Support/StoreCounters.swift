import Synchronization

/// Counters readable from any thread (for tests and diagnostics).
final class StoreCounters: Sendable {
    /// Write transactions that merged game records and committed.
    let commits = Atomic<Int>(0)
    /// Batch write attempts that failed and were rolled back.
    let failures = Atomic<Int>(0)
    /// Calls answered `.timedOut`.
    let timeouts = Atomic<Int>(0)
}
