import Dispatch
import HangmanSync
import Synchronization

/// The live connections of one server and the counts its limits are enforced on, shared by every
/// listener of that server (the plain port and the telnet port): `max-connections`,
/// `max-per-address` and the login pool count connections in all, whichever port they came in
/// on, so a second port never doubles a cap.
///
/// Threading: everything is behind one lock; connection ids come from an atomic counter.
public final class ConnectionRegistry: @unchecked Sendable {
    // @unchecked: `state` is behind a lock (`Locked`), `nextID` is atomic, `limits` is immutable.

    /// The caps counted here (the limits' connection caps and `maxTotalOutputBytes`; the other
    /// limits are each listener's).
    public let limits: TransportLimits
    /// The output held for slow readers by every connection here (`maxTotalOutputBytes`).
    public let outputBudget: OutputBudget

    struct State {
        var connections: [UInt64: Connection] = [:]
        /// Counts per address group and the pool of connections logging in; decides admissions.
        var ledger: ConnectionLedger
        var waiters: [CompletionOnce] = []
        /// When each connection is next due for an idle check.
        var idle = IdleSchedule()
    }

    private let state: Locked<State>
    private let nextID = Atomic<UInt64>(1)
    private let sweepClaimed = Atomic<Bool>(false)

    /// A registry enforcing `limits`' connection caps (`maxConnections`, `maxPerAddress`,
    /// `maxLoginConnections`) and output budget (`maxTotalOutputBytes`).
    public init(limits: TransportLimits) {
        self.limits = limits
        state = Locked(State(ledger: ConnectionLedger(ConnectionLedger.Caps(limits))))
        outputBudget = OutputBudget(limit: limits.maxTotalOutputBytes, maxConnections: limits.maxConnections)
        outputBudget.setReclaimer { [weak self] target in self?.reclaimOutput(target: target) }
    }

    /// Connections open now (accepted and not yet fully closed), on every listener sharing this.
    public var connectionCount: Int { state.withLock { $0.connections.count } }

    /// Connections open now that have not logged in yet (`Connection.loginCompleted`).
    public var loginPendingCount: Int { state.withLock { $0.ledger.waitingCount } }

    /// True for the first listener to ask: it runs the idle and login-deadline sweep for every
    /// listener sharing this registry (one timer, not one per port).
    func claimSweep() -> Bool { !sweepClaimed.exchange(true, ordering: .relaxed) }

    /// A fresh connection id, unique among the listeners sharing this registry.
    func makeID() -> UInt64 { nextID.wrappingAdd(1, ordering: .relaxed).oldValue }

    /// Decides on `connection` (whose id came from `makeID`) and, when admitted, registers it.
    /// Returns the verdict and, for `admitDisplacing`, the connection it displaces (which may have
    /// come in on another listener).
    func admit(_ connection: Connection, pool: String, now: UInt64) -> (
        verdict: ConnectionLedger.Admission, displaced: Connection?
    ) {
        state.withLock { state in
            let id = connection.id
            let verdict = state.ledger.admit(id: id, group: connection.addressGroup, pool: pool, now: now)
            switch verdict {
            case .admit, .admitDisplacing:
                state.connections[id] = connection
                if let due = connection.idleDeadline() { state.idle.schedule(id: id, at: due) }
                if case .admitDisplacing(let victim) = verdict { return (verdict, state.connections[victim]) }
                return (verdict, nil)
            case .full, .loginPoolFull, .groupFull:
                return (verdict, nil)
            }
        }
    }

    /// Forgets a closed connection; returns the `closeAll` waiters to fire once none is left.
    func closed(_ connection: Connection) -> [CompletionOnce] {
        state.withLock { state in
            guard state.connections.removeValue(forKey: connection.id) != nil else { return [] }
            state.idle.remove(id: connection.id)
            state.ledger.closed(id: connection.id, group: connection.addressGroup)
            guard state.connections.isEmpty else { return [] }
            defer { state.waiters = [] }
            return state.waiters
        }
    }

    /// The connection logged in: it leaves the login pool.
    func loggedIn(_ connection: Connection) {
        state.withLock { _ = $0.ledger.loggedIn(id: connection.id) }
    }

    /// The connection's idle timeout changed: its next idle check moves to its new deadline.
    func scheduleIdleCheck(_ connection: Connection) {
        let due = connection.idleDeadline()
        state.withLock { state in
            guard state.connections[connection.id] != nil else { return }
            if let due { state.idle.schedule(id: connection.id, at: due) } else { state.idle.remove(id: connection.id) }
        }
    }

    /// The connections past the login deadline (`deadline` nanoseconds after their accept; 0: none)
    /// and the idle ones, each taken once. Looks only at the connections whose idle check is due.
    func takeOverdueAndIdle(now: UInt64, deadline: UInt64) -> (overdue: [Connection], idle: [Connection]) {
        state.withLock { state in
            let overdue = state.ledger.takeOverdue(now: now, deadline: deadline).compactMap { state.connections[$0] }
            var idle: [Connection] = []
            for id in state.idle.takeDue(now: now) {
                guard let connection = state.connections[id], connection.isOpen else { continue }
                if connection.isIdle(now: now) {
                    idle.append(connection)
                } else if let due = connection.idleDeadline() {
                    state.idle.schedule(id: id, at: due)  // a line came since: check again then
                }
            }
            return (overdue, idle)
        }
    }

    /// The output budget is over: closes the connections `OutputReclaim` picks (behind the
    /// longest, over their fair share) until the total is at most `target`. On the budget's queue;
    /// rare (a total an eighth under the limit must grow past it again), so a scan of every
    /// connection (one lock each) is fine here.
    func reclaimOutput(target: Int) {
        let floor = outputBudget.floor
        var holdings: [OutputReclaim.Holding] = []
        var candidates: [UInt64: Connection] = [:]
        for connection in snapshot() {
            // One closing already (a `quit` flushing its goodbye) frees its part within
            // `closeFlushMilliseconds`; picking it would cut nobody and count its bytes as freed.
            guard connection.isOpen else { continue }
            let (bytes, since) = connection.outputHolding
            guard bytes > floor else { continue }
            holdings.append(OutputReclaim.Holding(id: connection.id, bytes: bytes, since: since))
            candidates[connection.id] = connection
        }
        let used = outputBudget.usedBytes
        let now = DispatchTime.now().uptimeNanoseconds
        for id in OutputReclaim.victims(holdings, used: used, target: target, floor: floor) {
            candidates[id]?.cutForOutputBudget(used: used, now: now)
        }
    }

    /// Every live connection; `waiter`, if given, fires once none is left (it is dropped when
    /// there is none now, and the caller fires it).
    func snapshot(waiter: CompletionOnce? = nil) -> [Connection] {
        state.withLock { state in
            if state.connections.isEmpty { return [] }
            if let waiter { state.waiters.append(waiter) }
            return Array(state.connections.values)
        }
    }
}
