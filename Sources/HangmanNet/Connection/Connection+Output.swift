import Dispatch

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// The output path of a connection: `send` from any queue appends under the `output` lock (or
/// writes at once when nothing is pending), the connection's queue flushes (or, for paced output,
/// the flush pacer's thread, `pacedFlush`), the write source takes over when the socket is full.
/// What these share across queues is `OutputState`. See docs/TRANSPORT.md, "Output".
extension Connection {
    /// What this connection holds of the server's output budget, and since when (for the reclaim).
    var outputHolding: (bytes: Int, since: UInt64) { output.withLock { $0.holding } }

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
        return output.withLock { $0.pendingCapacity } + inflight.capacity
    }

    func enqueue(_ bytes: UnsafeRawBufferPointer) {
        guard !bytes.isEmpty else { return }
        let limit = limits.maxOutputBytes
        let pacing = limits.flushPacingMicros > 0 ? UInt64(limits.flushPacingMicros) * 1000 : 0
        let action = output.withLock { $0.accept(bytes, fd: fd, limit: limit, pacing: pacing, budget: budget) }
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
        let done = output.withLock { $0.writePaced(fd: fd, now: now, budget: budget) }
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
                let more = output.withLock {
                    $0.handOver(into: &inflight, pacing: pacing, idleBytes: Self.idleBufferBytes, budget: budget)
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
                output.withLock { $0.writerBlocked(left: left) }
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
