import Dispatch

/// A connection's output waiting to be written, and its close request: what `send` from any queue,
/// the flush pacer and the writer on the connection's queue share, behind the connection's `output`
/// lock. Its fields are private: every change is one of the steps below (bytes accepted, handed to
/// the writer, written, dropped; the close requested), each keeping the counts, the reservation from
/// the server's `OutputBudget` and the timestamps in step. The writer's own buffer (`inflight`) is
/// the connection's, confined to its queue; this value only counts it.
struct OutputState {
    /// Bytes accepted and not yet taken by the writer.
    private var pending: [UInt8] = []
    /// A flush is queued, paced or the write source is armed: a new send need not schedule one.
    private var flushScheduled = false
    /// Bytes taken by the writer but not yet written (counted against maxOutputBytes).
    private var inflightBytes = 0
    private(set) var closeRequested = false
    private var reason: CloseReason?
    private var flushTimeout: Double
    /// Monotonic nanoseconds of the last write (for flush pacing).
    private var lastFlushNanos: UInt64 = 0
    /// Capacity of the writer's buffer (`inflight`), as of the last swap: with `pending`'s, the
    /// memory this connection's output holds.
    private var inflightCapacity = 0
    /// Bytes reserved from the server's `OutputBudget`: whole chunks covering the memory held
    /// (`heldCapacity`), 0 once everything is written.
    private var reserved = 0
    /// Monotonic nanoseconds of the first byte appended to `pending` while it was empty, and of
    /// the bytes the writer took with it at the swap (`inflight`): the oldest byte not yet
    /// written is from `behindSince`. A client that reads is never more than a few milliseconds
    /// behind, however busy its stream; one that does not read falls further behind every second.
    private var pendingSince: UInt64 = 0
    private var inflightSince: UInt64 = 0

    /// What `accept` leaves the caller to do, outside the lock.
    enum Accepted { case none, schedule, pace, overflow }

    init(flushTimeout: Double) {
        self.flushTimeout = flushTimeout
    }

    private var behindSince: UInt64 { inflightBytes > 0 ? inflightSince : pendingSince }

    /// The memory the output buffers hold: their capacity, not their count. A buffer grows by
    /// doubling, so counting bytes let 2,000 never-readers hold twice the budget in RSS.
    private var heldCapacity: Int { pending.capacity + inflightCapacity }

    /// Bytes accepted and not yet taken by the kernel.
    var waitingBytes: Int { pending.count + inflightBytes }
    /// What this connection reserves of the server's output budget, and since when it is behind.
    var holding: (bytes: Int, since: UInt64) { (reserved, behindSince) }
    /// Capacity of the buffer of accepted bytes (for tests).
    var pendingCapacity: Int { pending.capacity }
    /// Why the connection closes (`.requested` if no reason was given), and how long it may flush.
    var closeRequest: (reason: CloseReason, flushTimeout: Double) { (reason ?? .requested, flushTimeout) }

    // MARK: from any queue

    /// `send`'s step: `bytes` accepted for `fd`, written at once when nothing waits and the socket
    /// is not paced (`pacing` nanoseconds since the last write; 0: off), else kept for a flush.
    /// Past `limit` bytes waiting, nothing is kept and the close is requested (`.overflow`).
    mutating func accept(
        _ bytes: UnsafeRawBufferPointer, fd: Int32, limit: Int, pacing: UInt64, budget: OutputBudget?
    ) -> Accepted {
        if closeRequested { return .none }
        if pending.count + inflightBytes + bytes.count > limit {
            requestClose(.outputOverflow, flushTimeout: flushTimeout, budget: budget)
            return .overflow
        }
        if flushScheduled, !pending.isEmpty {
            // A flush is coming for the bytes already waiting: these join them (no clock read;
            // `pendingSince` is the first one's). Under a paced stream, most sends are this.
            pending.append(contentsOf: bytes)
            if let budget { reserve(held: heldCapacity, budget: budget) }
            return .none
        }
        let now = DispatchTime.now().uptimeNanoseconds
        let paced = pacing > 0 && now &- lastFlushNanos < pacing
        // Nothing queued, in flight or scheduled, and not paced: write at once from the caller's
        // thread, saving a hop to the connection queue (and a thread wake-up) per send. Safe under
        // the lock: the writer only takes output under it, and the descriptor is closed only after
        // `closeRequested` was set under it.
        var bytes = bytes
        if !flushScheduled, pending.isEmpty, inflightBytes == 0, !paced {
            if case .processed(let count)? = try? Posix.send(fd, bytes) {
                if pacing > 0 { lastFlushNanos = now }
                if count == bytes.count { return .none }
                bytes = UnsafeRawBufferPointer(rebasing: bytes[count...])
            }
            // Partly written, would block, or failed: the queue's flush takes over (and reports errors).
        }
        if pending.isEmpty { pendingSince = now }
        pending.append(contentsOf: bytes)
        if let budget { reserve(held: heldCapacity, budget: budget) }
        if flushScheduled { return .none }
        flushScheduled = true
        // Flushed a moment ago: let more output gather and write it in one send(2) soon.
        return paced ? .pace : .schedule
    }

    /// The flush pacer's step (`Connection.pacedFlush`): writes everything waiting to `fd` at once.
    /// True when all of it went; false leaves the scheduled flush to the connection's queue (a close
    /// requested, bytes in flight, a partial write, a full socket or an error).
    mutating func writePaced(fd: Int32, now: UInt64, budget: OutputBudget?) -> Bool {
        guard !closeRequested, inflightBytes == 0, !pending.isEmpty else { return false }
        let sent = pending.withUnsafeBytes { try? Posix.send(fd, $0) }
        guard case .processed(let count)? = sent else { return false }
        lastFlushNanos = now
        guard count == pending.count else {
            pending.removeFirst(count)
            return false
        }
        pending = []  // an idle connection holds no buffer (`Connection.idleBufferBytes`)
        flushScheduled = false
        settleReservation(held: 0, budget: budget)
        return true
    }

    /// Asks for the close; false if one was asked for already (the first reason wins). A reason
    /// that does not flush drops what waits at once (the writer drops its own when it runs the close).
    @discardableResult
    mutating func requestClose(_ reason: CloseReason, flushTimeout: Double, budget: OutputBudget?) -> Bool {
        if closeRequested { return false }
        closeRequested = true
        self.reason = reason
        self.flushTimeout = flushTimeout
        if !reason.flushesOutput {
            pending = []
            inflightCapacity = 0
            settleReservation(held: 0, budget: budget)
        }
        return true
    }

    // MARK: the writer, on the connection's queue

    /// Hands what waits to the writer: swapped into `inflight` (empty, its capacity kept), true.
    /// False when nothing waits: the scheduled flush is over, and an idle connection keeps no buffer
    /// over `idleBytes`. `pacing`: the write's time is kept for flush pacing.
    mutating func handOver(into inflight: inout [UInt8], pacing: Bool, idleBytes: Int, budget: OutputBudget?) -> Bool {
        if pending.isEmpty {
            flushScheduled = false
            inflightBytes = 0
            inflightCapacity = 0  // the writer frees it
            settleReservation(held: 0, budget: budget)
            // Idle now: hand back what a burst grew.
            if pending.capacity > idleBytes { pending = [] }
            return false
        }
        swap(&pending, &inflight)
        inflightSince = pendingSince
        inflightBytes = inflight.count
        inflightCapacity = inflight.capacity
        settleReservation(held: heldCapacity, budget: budget)  // a big buffer went above
        if pacing { lastFlushNanos = DispatchTime.now().uptimeNanoseconds }
        return true
    }

    /// The socket is full with `left` bytes of the writer's still to go (the write source waits).
    mutating func writerBlocked(left: Int) { inflightBytes = left }

    /// Everything waiting or in flight is abandoned (a close that does not flush, or a flush that
    /// ran out of time), and the reservation given back.
    mutating func dropAll(budget: OutputBudget?) {
        pending = []
        inflightBytes = 0
        inflightCapacity = 0
        settleReservation(held: 0, budget: budget)
    }

    /// The descriptor is closed: nothing is held past it. Returns why it closed.
    mutating func closed(budget: OutputBudget?) -> CloseReason {
        settleReservation(held: 0, budget: budget)
        return reason ?? .requested
    }

    // MARK: the budget

    /// Covers `held` bytes with a reservation from `budget` (one atomic add per chunk crossed).
    private mutating func reserve(held: Int, budget: OutputBudget) {
        guard held > reserved else { return }
        let covering = budget.covering(held)
        budget.reserve(covering - reserved)
        reserved = covering
    }

    /// Gives back the chunks no longer needed to cover `held` bytes (all of them for 0).
    private mutating func settleReservation(held: Int, budget: OutputBudget?) {
        guard reserved > 0, let budget else { return }
        let covering = budget.covering(held)
        guard covering < reserved else { return }
        budget.release(reserved - covering)
        reserved = covering
    }
}
