import Dispatch
import HangmanSync

/// Flush pacing: a connection that wrote less than `flushPacingMicros` ago does not write again at
/// once; it joins this list and every connection on it is flushed together when the interval is
/// up. Under a stream of broadcasts (chat, many rooms) each client then gets several lines per
/// send(2) instead of one — on loopback most of the server's CPU per line is the kernel's TCP path
/// in send(2), so this divides the cost by the lines per write. A quiet connection (nothing
/// written for an interval) still writes at once: pacing adds latency only under load, at most
/// one interval. One timer for all connections, armed only while the list is not empty.
final class FlushPacer: @unchecked Sendable {
    // @unchecked: the waiting list and the armed flag are only touched under their lock.
    static let shared = FlushPacer()
    private let queue = DispatchQueue(label: "hangman.net.pacer", qos: .userInitiated)
    private let waiting = Locked<(connections: [Connection], armed: Bool)>(([], false))

    func add(_ connection: Connection, delayNanos: UInt64) {
        let arm = waiting.withLock { state -> Bool in
            state.connections.append(connection)
            if state.armed { return false }
            state.armed = true
            return true
        }
        if arm {
            queue.asyncAfter(deadline: .now() + .nanoseconds(Int(delayNanos))) { self.fire() }
        }
    }

    private func fire() {
        let due = waiting.withLock { state -> [Connection] in
            let due = state.connections
            state.connections.removeAll(keepingCapacity: true)
            state.armed = false
            return due
        }
        for connection in due {
            connection.queue.async { connection.flush() }
        }
    }
}
