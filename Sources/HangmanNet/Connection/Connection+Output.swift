import Dispatch

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// The output path of a connection: `send` from any queue appends under the `output` lock (or
/// writes at once when nothing is pending), the connection's queue flushes, the write source
/// takes over when the socket is full. See docs/TRANSPORT.md, "Output".
extension Connection {
    /// Output waiting to be written, and the close request.
    struct OutputState {
        var pending: [UInt8] = []
        /// A flush is queued or the write source is armed: a new send need not schedule one.
        var flushScheduled = false
        /// Bytes taken by the writer but not yet written (counted against maxOutputBytes).
        var inflightBytes = 0
        var closeRequested = false
        var reason: CloseReason?
        var flushTimeout = 2.0
        /// Monotonic nanoseconds of the last write (for flush pacing).
        var lastFlushNanos: UInt64 = 0
        /// Capacity of the writer's buffer (`inflight`), as of the last swap: with `pending`'s, the
        /// memory this connection's output holds.
        var inflightCapacity = 0
        /// Bytes reserved from the server's `OutputBudget`: whole chunks covering the memory held
        /// (`heldCapacity`), 0 once everything is written.
        var reserved = 0
        /// Monotonic nanoseconds of the first byte appended to `pending` while it was empty, and of
        /// the bytes the writer took with it at the swap (`inflight`): the oldest byte not yet
        /// written is from `behindSince`. A client that reads is never more than a few milliseconds
        /// behind, however busy its stream; one that does not read falls further behind every second.
        var pendingSince: UInt64 = 0
        var inflightSince: UInt64 = 0
        var behindSince: UInt64 { inflightBytes > 0 ? inflightSince : pendingSince }

        /// The memory the output buffers hold: their capacity, not their count. A buffer grows by
        /// doubling, so counting bytes let 2,000 never-readers hold twice the budget in RSS.
        var heldCapacity: Int { pending.capacity + inflightCapacity }

        /// Covers `held` bytes with a reservation from `budget` (one atomic add per chunk crossed).
        mutating func reserve(held: Int, budget: OutputBudget) {
            guard held > reserved else { return }
            let covering = budget.covering(held)
            budget.reserve(covering - reserved)
            reserved = covering
        }

        /// Gives back the chunks no longer needed to cover `held` bytes (all of them for 0).
        mutating func settleReservation(held: Int, budget: OutputBudget?) {
            guard reserved > 0, let budget else { return }
            let covering = budget.covering(held)
            guard covering < reserved else { return }
            budget.release(reserved - covering)
            reserved = covering
        }
    }

    /// What this connection holds of the server's output budget, and since when (for the reclaim).
    var outputHolding: (bytes: Int, since: UInt64) { output.withLock { ($0.reserved, $0.behindSince) } }

    /// Closes this connection for the server's output budget (chosen by `OutputReclaim`): its
    /// output is dropped and its reservation given back at once.
    func cutForOutputBudget(used: Int, now: UInt64) {
        let (bytes, since) = outputHolding
        let behind = (now &- since) / 1_000_000
        let total = budget?.limit ?? 0
        logger.warning(
            "closing \(peer) #\(id): behind for \(behind) ms holding \(bytes) bytes of output buffers, while "
                + "slow readers held \(used) in all, over the server's \(total) (slow reader)")
        close(reason: .outputBudget)
    }

    /// Capacity of the output and telnet-answer buffers held now (bytes; for tests). On `queue`.
    var retainedOutputBytes: Int {
        onQueue()
        return output.withLock { $0.pending.capacity } + inflight.capacity
    }

    func enqueue(_ bytes: UnsafeRawBufferPointer) {
        guard !bytes.isEmpty else { return }
        enum Action { case none, schedule, pace, overflow }
        let limit = limits.maxOutputBytes
        let pacing = limits.flushPacingMicros > 0 ? UInt64(limits.flushPacingMicros) * 1000 : 0
        let action = output.withLock { state -> Action in
            if state.closeRequested { return .none }
            if state.pending.count + state.inflightBytes + bytes.count > limit {
                state.pending = []
                state.closeRequested = true
                state.reason = .outputOverflow
                state.inflightCapacity = 0  // the queue drops it when it runs the close
                state.settleReservation(held: 0, budget: budget)
                return .overflow
            }
            if state.flushScheduled, !state.pending.isEmpty {
                // A flush is coming for the bytes already waiting: these join them (no clock read;
                // `pendingSince` is the first one's). Under a paced stream, most sends are this.
                state.pending.append(contentsOf: bytes)
                if let budget { state.reserve(held: state.heldCapacity, budget: budget) }
                return .none
            }
            let now = DispatchTime.now().uptimeNanoseconds
            let paced = pacing > 0 && now &- state.lastFlushNanos < pacing
            // Nothing queued, in flight or scheduled, and not paced: write at once from the caller's
            // thread, saving a hop to the connection queue (and a thread wake-up) per send. Safe under
            // the lock: the writer only takes output under it, and the descriptor is closed only after
            // `closeRequested` was set under it.
            var bytes = bytes
            if !state.flushScheduled, state.pending.isEmpty, state.inflightBytes == 0, !paced {
                if case .processed(let count)? = try? Posix.send(fd, bytes) {
                    if pacing > 0 { state.lastFlushNanos = now }
                    if count == bytes.count { return .none }
                    bytes = UnsafeRawBufferPointer(rebasing: bytes[count...])
                }
                // Partly written, would block, or failed: the queue's flush takes over (and reports errors).
            }
            if state.pending.isEmpty { state.pendingSince = now }
            state.pending.append(contentsOf: bytes)
            if let budget { state.reserve(held: state.heldCapacity, budget: budget) }
            if state.flushScheduled { return .none }
            state.flushScheduled = true
            // Flushed a moment ago: let more output gather and write it in one send(2) soon.
            if paced { return .pace }
            return .schedule
        }
        switch action {
        case .none: break
        case .schedule: queue.async { self.flush() }
        case .pace: FlushPacer.shared.add(self, delayNanos: pacing)
        case .overflow:
            logger.warning("closing \(peer) #\(id): output over \(limit) bytes (slow reader)")
            closing.store(true, ordering: .relaxed)
            queue.async { self.beginClose() }
        }
    }

    /// The flush pacer's turn (`FlushPacer`, on its own thread): writes what gathered at once, under
    /// the lock, as `enqueue` writes into an idle socket, so a paced flush costs no hop to the
    /// connection's queue and no wake-up of its thread. Safe for the same reasons: the pacer holds
    /// this connection's one scheduled flush (nothing else writes while it is pending and nothing
    /// is in flight), and the descriptor is closed only after `closeRequested` was set under the
    /// lock. Anything else (a close requested, a partial write, a full socket, an error) is left
    /// to the queue's `flush`, which then owns the scheduled flush. `now`: the pacer's clock read.
    func pacedFlush(now: UInt64) {
        let done = output.withLock { state -> Bool in
            guard !state.closeRequested, state.inflightBytes == 0, !state.pending.isEmpty else { return false }
            let sent = state.pending.withUnsafeBytes { try? Posix.send(fd, $0) }
            guard case .processed(let count)? = sent else { return false }
            state.lastFlushNanos = now
            guard count == state.pending.count else {
                state.pending.removeFirst(count)
                return false
            }
            state.pending = []  // an idle connection holds no buffer (`idleBufferBytes`)
            state.flushScheduled = false
            state.settleReservation(held: 0, budget: budget)
            return true
        }
        if !done { queue.async { self.flush() } }
    }

    /// Writes pending output until done or the socket is full (then the write source takes over).
    func flush() {
        onQueue()
        guard phase == .created || phase == .open || phase == .closing else { return }
        let pacing = limits.flushPacingMicros > 0
        while true {
            if inflightOffset >= inflight.count {
                if inflight.capacity > 65536 { inflight = [] } else { inflight.removeAll(keepingCapacity: true) }
                inflightOffset = 0
                let more = output.withLock { state -> Bool in
                    if state.pending.isEmpty {
                        state.flushScheduled = false
                        state.inflightBytes = 0
                        state.inflightCapacity = 0  // freed below
                        state.settleReservation(held: 0, budget: budget)
                        // Idle now: hand back what a burst grew (see below).
                        if state.pending.capacity > Self.idleBufferBytes { state.pending = [] }
                        return false
                    }
                    swap(&state.pending, &inflight)
                    state.inflightSince = state.pendingSince
                    state.inflightBytes = inflight.count
                    state.inflightCapacity = inflight.capacity
                    state.settleReservation(held: state.heldCapacity, budget: budget)  // a big buffer went above
                    if pacing { state.lastFlushNanos = DispatchTime.now().uptimeNanoseconds }
                    return true
                }
                if !more {
                    // An idle connection keeps at most a small buffer: a burst (a room filling up
                    // sends every player a screen per joiner) must not stay allocated for hours.
                    if inflight.capacity > Self.idleBufferBytes { inflight = [] }
                    if writeArmed, let source = writeSource {
                        source.suspend()
                        writeArmed = false
                    }
                    if phase == .closing { finish() }
                    return
                }
            }
            let result: IOResult
            do {
                let offset = inflightOffset
                result = try inflight.withUnsafeBytes { raw throws(NetError) in
                    try Posix.send(fd, UnsafeRawBufferPointer(rebasing: raw[offset...]))
                }
            } catch let error as NetError {
                fail(error)
                return
            } catch {
                fail(.error("\(error)"))
                return
            }
            switch result {
            case .processed(let count):
                inflightOffset += count
            case .wouldBlock, .eof:
                let left = inflight.count - inflightOffset
                output.withLock { $0.inflightBytes = left }
                armWriteSource()
                return
            }
        }
    }

    private func armWriteSource() {
        onQueue()
        if writeSource == nil {
            let source = DispatchSource.makeWriteSource(fileDescriptor: fd, queue: queue)
            source.setEventHandler { self.flush() }
            source.setCancelHandler {
                self.writeSource = nil
                self.sourceCancelled()
            }
            writeSource = source
            liveSources += 1
            writeArmed = false
        }
        if !writeArmed, let source = writeSource {
            source.resume()
            writeArmed = true
        }
    }
}
