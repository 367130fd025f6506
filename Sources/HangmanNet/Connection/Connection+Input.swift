import Dispatch
import HangmanSync

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// The input side of a connection, on its queue: reading (through `ReadinessSet`, or a Dispatch read
/// source of its own), the chunk through `InputPipeline`, what comes out to the handler, and pausing
/// reading while the backlog is full.
extension Connection {
    /// Reading through a Dispatch source of the socket's own (where the readiness set is not).
    func openReadSource() {
        let source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: queue)
        source.setEventHandler { self.readable(available: Int(clamping: self.readSource?.data ?? 0)) }
        source.setCancelHandler {
            self.readSource = nil
            self.sourceCancelled()
        }
        readSource = source
        liveSources += 1
        source.resume()
    }

    /// `available` is what the read source saw waiting (Dispatch asks the socket, SIOCINQ, anyway):
    /// once that much is read in reads shorter than the buffer, the loop stops without the read that
    /// would only say EAGAIN (one system call less per line typed). The source is level-triggered and
    /// re-armed after this handler, so anything that arrived since fires it again. In the readiness
    /// set (edge-triggered) it is `untilDrained`: the loop stops at a read shorter than the buffer.
    func readable(available: Int) {
        onQueue()
        let more = ReadBuffers.shared.with { readLoop($0, available: available) }
        // Its turn is up with input still waiting: the rest after the set's other connections.
        if more { readLater() }
    }

    /// Queues the rest of the reading behind the work already waiting on the readiness set's queue.
    /// Through the set's queue, not straight onto this connection's: a block queued onto a serial
    /// queue while it runs is run in the same drain, before any other queue targeting the set, so
    /// a client sending faster than it is read (a telnet flood) held its set's event loop for as
    /// long as it kept its socket full (others' guesses waited 0.4-2 s).
    func readLater() {
        guard let set = readinessSet else { return readReady(peerEnded: false) }
        set.queue.async { self.readReady(peerEnded: false) }
    }

    /// Full buffers read in one turn of the readiness set's work before the connection lets the
    /// others of its set run (as an event loop's reads per turn): a client that sends faster than it
    /// is read (a flood, or a slow machine) can then never hold up its neighbours. 16 KB a turn.
    static let readsPerTurn = 4

    /// `available` for a read the readiness set asked for: the set is edge-triggered, so read until
    /// the socket is drained (a read shorter than the buffer), or to the end once the peer hung up.
    static let untilDrained = -1

    /// The readiness set saw input, or the peer hang up: read on the queue (one read queued per
    /// burst of events; the flag is cleared before reading, so a later event queues another).
    func readReady(peerEnded ended: Bool) {
        if ended { peerEnded.store(true, ordering: .relaxed) }
        guard !readQueued.exchange(true, ordering: .acquiringAndReleasing) else { return }
        queue.async {
            self.readQueued.store(false, ordering: .releasing)
            self.readable(available: Connection.untilDrained)
        }
    }

    /// The readiness set's thread saw input, or the peer hang up: read now, on that thread (a
    /// `sync` onto the idle queue runs there; a busy queue is waited for). A read already queued
    /// (`readReady`) reads it instead. Never called holding the queue or the set's queue.
    func readNow(peerEnded ended: Bool) {
        if ended { peerEnded.store(true, ordering: .relaxed) }
        guard !readQueued.exchange(true, ordering: .acquiringAndReleasing) else { return }
        queue.sync {
            readQueued.store(false, ordering: .releasing)
            readable(available: Connection.untilDrained)
        }
    }

    /// Reads until `available` is read (see `readable`) or the socket is drained; in the readiness
    /// set at most `readsPerTurn` reads: true when it stopped there, input possibly still waiting.
    func readLoop(_ readBuffer: UnsafeMutableRawBufferPointer, available: Int) -> Bool {
        var left = available
        var turn = available == Self.untilDrained ? Self.readsPerTurn : Int.max
        while phase == .open && !readPaused {
            if turn == 0 { return true }
            turn -= 1
            let result: IOResult
            do {
                result = try Posix.read(fd, into: readBuffer)
            } catch {
                fail(error)
                return false
            }
            switch result {
            case .processed(let count):
                process(UnsafeRawBufferPointer(rebasing: readBuffer[0..<count]))
                left -= count
                if available > 0, left <= 0, count < readBuffer.count { return false }
                if available == Self.untilDrained, count < readBuffer.count, !peerEnded.load(ordering: .relaxed) { return false }
            case .wouldBlock:
                return false
            case .eof:
                endOfInput()
                return false
            }
        }
        return false
    }

    /// One chunk of input through the pipeline, then out to the handler as the rate allows.
    func process(_ chunk: UnsafeRawBufferPointer) {
        let now = DispatchTime.now().uptimeNanoseconds
        if limits.rawInput {
            lastInput.store(now, ordering: .relaxed)
            return handler?.connection(self, receivedBytes: chunk) ?? ()
        }
        let lines = input.withLock { pipeline -> Int in
            let lines = pipeline.receive(chunk, responses: &telnetResponses)
            // Sent under the lock: in order with echo requests made from other queues.
            if !telnetResponses.isEmpty {
                telnetResponses.withUnsafeBytes { enqueue($0) }
                telnetResponses = []
            }
            if pipeline.telnet.isTelnet { telnetSeen.store(true, ordering: .relaxed) }
            return lines
        }
        if lines > 0 { lastInput.store(now, ordering: .relaxed) }
        pump(now: now)
    }

    /// Does what the pipeline hands out until it has nothing more for now; then stops or resumes
    /// reading by the backlog, and schedules the next look at it.
    func pump(now: UInt64) {
        onQueue()
        // One lock per output: the handler is called outside it (it sends, it may pause input).
        while phase == .open, !closing.load(ordering: .relaxed), let output = input.withLock({ $0.next(now: now) }) {
            perform(output)
        }
        guard phase == .open else { return }
        let (full, waiting, wait) = input.withLock { ($0.stopsReading, $0.hasBacklog, $0.nanosUntilNext(now: now)) }
        if full {
            pauseReading()
        } else if !waiting {
            resumeReading()
        }
        if let wait { scheduleDrain(afterNanos: wait) }
        if inputEnded, !waiting, !inputEndDelivered {
            inputEndDelivered = true
            handler?.connectionInputEnded(self)
        }
    }

    /// The client sent all it will send (a half-close such as `nc -N`'s, a script's end of file, or
    /// a close): stop reading, and once every line it sent went to the handler, tell it, so that
    /// what the client asked for is answered before the connection closes. (A client that is gone
    /// altogether makes the answers fail to send, which closes the connection as before.)
    func endOfInput() {
        guard !inputEnded else { return }
        pauseReading()  // an own source would report the end of file again and again
        inputEnded = true
        if input.withLock({ $0.endOfInput() }) > 0 { lastInput.store(DispatchTime.now().uptimeNanoseconds, ordering: .relaxed) }
        pump(now: DispatchTime.now().uptimeNanoseconds)
    }

    func perform(_ output: InputPipeline.Output) {
        switch output {
        case .input(let event):
            handler?.connection(self, received: event)
        case .terminalChanged:
            handler?.connection(self, terminalChanged: terminal)
        case .gmcp(let package, let json):
            handler?.connection(self, gmcp: package, json: json)
        case .msspRequested:
            let variables = msspProvider()
            if !variables.isEmpty { send(MSSP.encode(variables)) }
        case .disconnect:
            logger.warning("closing \(peer) #\(id): over the command rate \(limits.rateAbuseDisconnect) times in a row")
            handler?.connectionWillClose(self, reason: .rateAbuse)
            fail(.rateAbuse)
        }
    }

    /// Makes the connection telnet and offers our options (negotiate-first listener).
    func startTelnet() {
        input.withLock { pipeline in
            let offers = pipeline.telnet.assumeTelnet()
            if !offers.isEmpty { offers.withUnsafeBytes { enqueue($0) } }
        }
        telnetSeen.store(true, ordering: .relaxed)
    }

    func scheduleDrain(afterNanos wait: UInt64) {
        guard !drainScheduled, phase == .open else { return }
        drainScheduled = true
        let drain: @Sendable () -> Void = {
            self.drainScheduled = false
            self.pump(now: DispatchTime.now().uptimeNanoseconds)
        }
        if wait == 0 {
            queue.async(execute: drain)
        } else {
            queue.asyncAfter(deadline: .now() + .nanoseconds(Int(clamping: wait)), execute: drain)
        }
    }

    func pauseReading() {
        guard !readPaused, phase == .open else { return }
        if let source = readSource {
            source.suspend()
        } else if !inReadinessSet {
            return
        }
        readPaused = true
    }

    /// In the readiness set, the socket may hold input that arrived while paused, and its edge is
    /// spent: read it now.
    func resumeReading() {
        guard readPaused, phase == .open, !inputEnded else { return }
        readPaused = false
        if let source = readSource {
            source.resume()
        } else if inReadinessSet {
            readReady(peerEnded: false)
        }
    }
}
