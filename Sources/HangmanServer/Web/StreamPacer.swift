import Dispatch
import HangmanNet
import HangmanSync

/// The event streams' writes, gathered (issue 31): a stream's batches wait in its `StreamOutput`
/// until the next tick of `http-stream-flush-ms`, and then go in one write. One timer for every
/// stream of the server, armed only while some stream has something waiting; a tick touches only
/// the streams that were given something since the last (nothing is done for a quiet page). A room
/// that sends several batches within a tick (a game's end, a burst of chat) costs a stream one
/// `send(2)` instead of one each, and its client one wake-up. A page is at most one tick late.
final class StreamPacer: Sendable {
    private let intervalNanos: UInt64
    private let queue = DispatchQueue(label: "hangman.web.streams", qos: .userInitiated)
    /// The streams with bytes waiting, and whether the tick is armed.
    private let waiting = Locked<(outputs: [StreamOutput], armed: Bool)>(([], false))

    /// `milliseconds` 0: no gathering, every batch is written at once.
    init(milliseconds: Int) {
        intervalNanos = UInt64(max(0, milliseconds)) * 1_000_000
    }

    var isImmediate: Bool { intervalNanos == 0 }

    /// `output` has bytes waiting (it says so once per tick): it is written at the next tick.
    func add(_ output: StreamOutput) {
        let arm = waiting.withLock { state -> Bool in
            state.outputs.append(output)
            guard !state.armed else { return false }
            state.armed = true
            return true
        }
        guard arm else { return }
        queue.asyncAfter(deadline: .now() + .nanoseconds(Int(intervalNanos))) { self.tick() }
    }

    private func tick() {
        let due = waiting.withLock { state -> [StreamOutput] in
            state.armed = false
            let due = state.outputs
            state.outputs.removeAll(keepingCapacity: true)
            return due
        }
        for output in due { output.flush() }
    }
}

/// One event stream's output: each batch its room sends is framed as one SSE message (its lines
/// `data:` lines) straight into the bytes waiting, and those go to the connection in one write at
/// the pacer's tick. More than the connection's `max-output-bytes` waiting goes at once (the
/// connection then holds its client to its limit as it does any slow reader).
final class StreamOutput: Sendable {
    private let connection: Connection
    private let pacer: StreamPacer
    /// The connection's `max-output-bytes`: more than this waiting goes at once.
    private let limit: Int
    private let pending = Locked<[UInt8]>([])

    init(connection: Connection, pacer: StreamPacer, limit: Int) {
        self.connection = connection
        self.pacer = pacer
        self.limit = limit
    }

    /// A batch of the room's JSON lines, from the room's queue; `event` names the SSE message's
    /// type (nil: a plain message, which the page's `onmessage` reads).
    func append(batch bytes: [UInt8], event: String? = nil) {
        guard !pacer.isImmediate else { return connection.send(Self.frame(bytes, event: event)) }
        let (first, full) = pending.withLock { pending -> (Bool, [UInt8]?) in
            let first = pending.isEmpty
            Self.appendFrame(bytes, event: event, to: &pending)
            guard pending.count >= limit else { return (first, nil) }
            defer { pending = [] }
            return (false, pending)
        }
        if let full { return connection.send(full) }
        if first { pacer.add(self) }
    }

    /// An SSE message framed already (a lobby feed's, the same bytes for every stream), at once.
    func send(framed bytes: [UInt8]) { connection.send(bytes) }

    /// The tick: what waits goes in one write (nothing if `append` sent it already).
    func flush() {
        let bytes = pending.withLock { pending -> [UInt8] in
            defer { pending = [] }
            return pending
        }
        if !bytes.isEmpty { connection.send(bytes) }
    }

    /// The stream ended: what waits is dropped.
    func drop() { pending.withLock { $0 = [] } }

    private static let dataPrefix = Array("data: ".utf8)

    /// One batch as one SSE message: each of its lines a `data:` line (JSON lines hold no newline;
    /// carriage returns are dropped), then the blank line that ends the message.
    /// An empty batch is one empty `data:` line (a message with no data line is never dispatched).
    static func frame(_ bytes: [UInt8], event: String? = nil) -> [UInt8] {
        var out: [UInt8] = []
        appendFrame(bytes, event: event, to: &out)
        return out
    }

    static func appendFrame(_ bytes: [UInt8], event: String? = nil, to out: inout [UInt8]) {
        out.reserveCapacity(out.count + bytes.count + 32)
        if let event { out += Array("event: \(event)\n".utf8) }
        let before = out.count
        var start = bytes.startIndex
        while start < bytes.endIndex {
            let end = bytes[start...].firstIndex(of: 10) ?? bytes.endIndex
            var line = bytes[start..<end]
            while line.last == 13 { line = line.dropLast() }
            if !line.isEmpty {
                out += dataPrefix
                if line.contains(13) { out += line.filter { $0 != 13 } } else { out += line }
                out.append(10)
            }
            start = end < bytes.endIndex ? end + 1 : end
        }
        if out.count == before { out += dataPrefix + [10] }
        out.append(10)
    }
}
