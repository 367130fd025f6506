import Dispatch
import HangmanSync
import Synchronization

/// Output held for slow readers, counted for the whole server (`maxTotalOutputBytes`). Each
/// connection already has its own cap (`maxOutputBytes`); without this one the worst case was
/// `maxConnections` × that (1 GiB at the defaults), many never-reading connections in a busy lobby.
///
/// A connection reserves the memory its output holds (the capacity of its buffers of bytes taken by
/// `send` and not yet by the kernel) from this one counter, in chunks (`chunk`), so the atomic is touched once per chunk of output a connection
/// falls behind, and once when it catches up, never per line; a client that reads keeps up and
/// reserves nothing at all (its sends go straight to the socket). A reservation always succeeds: a
/// send is never refused for the budget. When the total passes `limit`, one reclaim runs on the
/// budget's queue and the registry cuts the connections `OutputReclaim` picks (the ones behind the
/// longest, never one within its fair share `floor`) until the total is back under `target`.
///
/// Threading: the counter is an atomic; the reclaim runs on the budget's serial queue, one at a time.
public final class OutputBudget: Sendable {
    /// `maxTotalOutputBytes`.
    public let limit: Int
    /// A connection holding (reserving) no more than this is never cut for the budget: the fair
    /// share, `limit / maxConnections`. Since at most `maxConnections` connections are open, all of
    /// them within their share hold no more than `limit` together, so the budget never needs them.
    public let floor: Int
    /// What a reclaim brings the total down to: an eighth under the limit, so that a server under a
    /// stream of output does not scan its connections again at the next chunk.
    public let target: Int
    /// Reservations are made in multiples of this: 16 KiB, or a quarter of the fair share when
    /// smaller. Connections fed the same stream (a lobby) cross their chunks together, so the total
    /// can pass the limit by up to a chunk per connection before the reclaim runs: with chunks of the
    /// fair share that was up to the limit again (96 MB held at 64 MiB, 2,000 never-readers; now at
    /// most a quarter of it).
    let chunk: Int

    /// Largest chunk: a connection reserves at most this much more than it holds.
    static let maxChunk = 16 * 1024

    private let used = Atomic<Int>(0)
    private let reclaimQueued = Atomic<Bool>(false)
    private let queue = DispatchQueue(label: "hangman.net.output-budget", qos: .userInitiated)
    /// Cuts connections until the total is at most its argument (the registry's, set once).
    private let reclaimer = Locked<(@Sendable (_ target: Int) -> Void)?>(nil)

    /// A budget of `limit` bytes shared by at most `maxConnections` connections.
    public init(limit: Int, maxConnections: Int) {
        self.limit = max(1, limit)
        floor = self.limit / max(1, maxConnections)
        target = self.limit - self.limit / 8
        chunk = min(Self.maxChunk, max(1, floor / 4))
    }

    /// Bytes reserved now by every connection.
    public var usedBytes: Int { used.load(ordering: .relaxed) }

    /// Sets what cuts connections when the total passes the limit (the registry).
    func setReclaimer(_ body: @escaping @Sendable (_ target: Int) -> Void) {
        reclaimer.withLock { $0 = body }
    }

    /// The reservation that covers `held` bytes: whole chunks (0 for nothing held).
    func covering(_ held: Int) -> Int {
        held <= 0 ? 0 : (held + chunk - 1) / chunk * chunk
    }

    /// Adds `bytes` to the total; past the limit, a reclaim is queued (one at a time).
    func reserve(_ bytes: Int) {
        let total = used.wrappingAdd(bytes, ordering: .relaxed).newValue
        if total > limit { queueReclaim() }
    }

    /// Gives back `bytes` reserved earlier.
    func release(_ bytes: Int) {
        guard bytes > 0 else { return }
        used.wrappingSubtract(bytes, ordering: .relaxed)
    }

    private func queueReclaim() {
        guard !reclaimQueued.exchange(true, ordering: .acquiringAndReleasing) else { return }
        queue.async {
            // Cleared first: a total that passes the limit again during this reclaim queues another.
            self.reclaimQueued.store(false, ordering: .releasing)
            guard self.usedBytes > self.limit, let reclaim = self.reclaimer.withLock({ $0 }) else { return }
            reclaim(self.target)
        }
    }

    /// Waits until a queued reclaim has run (for tests).
    func settle() { queue.sync {} }
}
