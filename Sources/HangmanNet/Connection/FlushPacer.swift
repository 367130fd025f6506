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
    // @unchecked: the waiting list and the armed deadline are only touched under their lock.
    static let shared = FlushPacer()
    private let queue = DispatchQueue(label: "hangman.net.pacer", qos: .userInitiated)
    /// Connections waiting, each with its pacing interval and the time it ends; and when the one
    /// timer is armed for (nil: not armed). When it fires, every connection paced with an interval no
    /// longer than one that is due goes out together (with one `flush-pacing-us`, as in a server: all
    /// of them). Servers (and tests) with different intervals share this pacer: a connection with a
    /// longer interval than the one that fired waits for its own (a 1 s connection was flushed by a
    /// 3 ms one's timer: `flushPacingHoldsOutputRightAfterAWrite` failed when other suites ran at once).
    private let waiting = Locked<(connections: [Entry], armedFor: UInt64?)>(([], nil))

    private struct Entry {
        let connection: Connection
        let interval: UInt64
        let due: UInt64
    }

    func add(_ connection: Connection, delayNanos: UInt64) {
        let due = DispatchTime.now().uptimeNanoseconds &+ delayNanos
        let arm = waiting.withLock { state -> Bool in
            state.connections.append(Entry(connection: connection, interval: delayNanos, due: due))
            if let armed = state.armedFor, armed <= due { return false }
            state.armedFor = due
            return true
        }
        if arm { armTimer(for: due) }
    }

    private func armTimer(for due: UInt64) {
        queue.asyncAfter(deadline: DispatchTime(uptimeNanoseconds: due)) { self.fire() }
    }

    private func fire() {
        let now = DispatchTime.now().uptimeNanoseconds
        let (ready, next) = waiting.withLock { state -> ([Connection], UInt64?) in
            let cutoff = state.connections.lazy.filter { $0.due <= now }.map(\.interval).max() ?? 0
            var ready: [Connection] = []
            var later: [Entry] = []
            for entry in state.connections {
                if entry.due <= now || entry.interval <= cutoff { ready.append(entry.connection) } else { later.append(entry) }
            }
            state.connections = later
            // An earlier-armed timer may have fired already for a later deadline: re-arm for the
            // earliest one left (a timer armed for a later time fires and finds nothing, harmlessly).
            let earliest = later.map(\.due).min()
            if let earliest, state.armedFor.map({ $0 <= now || $0 > earliest }) ?? true {
                state.armedFor = earliest
                return (ready, earliest)
            }
            if earliest == nil { state.armedFor = nil }
            return (ready, nil)
        }
        if let next { armTimer(for: next) }
        // Written from here, not with a hop to each connection's queue: one wake-up per interval
        // for all of them instead of one per connection (`Connection.pacedFlush`). From the last
        // added: a broadcast adds its recipients in the order it delivers to them, and the next
        // one, walking them in that order while these writes hold each connection's output lock
        // for a send(2), would meet the pacer at every connection (a convoy: a futex wait and wake
        // each); walking the other way they meet once.
        for connection in ready.reversed() { connection.pacedFlush(now: now) }
    }
}
