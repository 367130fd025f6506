import Dispatch
import HangmanSync

/// One connection on its own serial queue, opened on first use and reopened after it was lost.
// @unchecked Sendable: `connection` is touched only on `queue` (checked by dispatchPrecondition).
final class StoreLane: @unchecked Sendable {
    let queue: DispatchQueue
    private let backend: any StoreBackend
    private var connection: (any StoreConnection)?
    private var closed = false

    init(label: String, backend: any StoreBackend) {
        queue = DispatchQueue(label: label, qos: .userInitiated)
        self.backend = backend
    }

    /// Runs `body` with the connection (opening it when needed). Must be called on `queue`.
    func with<T>(_ body: (any StoreConnection) throws -> T) throws -> T {
        dispatchPrecondition(condition: .onQueue(queue))
        guard !closed else { throw StoreError.io("store closed") }
        let live: any StoreConnection
        if let connection {
            live = connection
        } else {
            live = try backend.connect(queue: queue)
            connection = live
        }
        return try body(live)
    }

    /// Opens the connection now (at start, so a bad configuration is reported before serving).
    func open() throws(StoreError) {
        let result = queue.sync { () -> Result<Void, StoreError> in
            guard connection == nil else { return .success(()) }
            do throws(StoreError) {
                connection = try backend.connect(queue: queue)
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        try result.get()
    }

    /// Closes the connection; later calls fail with "store closed". Waits for the queue.
    func close() {
        let work = {
            self.closed = true
            self.connection?.close()
            self.connection = nil
        }
        if DispatchQueue.getSpecific(key: laneKey) == ObjectIdentifier(self) { work() } else { queue.sync(execute: work) }
    }

    func markQueue() { queue.setSpecific(key: laneKey, value: ObjectIdentifier(self)) }
}

private let laneKey = DispatchSpecificKey<ObjectIdentifier>()

/// The reader connections: a job takes the first free lane; when all are busy it waits in a FIFO of at
/// most `maxWaiting` jobs (more are refused at once, so a stalled database cannot pile up callers).
final class ReaderPool: Sendable {
    typealias Job = @Sendable (StoreLane) -> Void

    private struct State {
        var free: [StoreLane]
        var waiting: [Job] = []
    }

    let lanes: [StoreLane]
    private let maxWaiting: Int
    private let state: Locked<State>

    init(lanes: [StoreLane], maxWaiting: Int) {
        self.lanes = lanes
        self.maxWaiting = max(0, maxWaiting)
        state = Locked(State(free: lanes))
    }

    /// Runs `job` on a free lane's queue; false (job not taken) when every lane is busy and the FIFO is full.
    func submit(_ job: @escaping Job) -> Bool {
        let outcome = state.withLock { state -> StoreLane?? in
            if let lane = state.free.popLast() { return .some(lane) }
            guard state.waiting.count < maxWaiting else { return .none }
            state.waiting.append(job)
            return .some(nil)
        }
        switch outcome {
        case .none: return false
        case .some(let lane?): run(job, on: lane)
        case .some(nil): break
        }
        return true
    }

    private func run(_ job: @escaping Job, on lane: StoreLane) {
        lane.queue.async {
            job(lane)
            let next = self.state.withLock { state -> Job? in
                if state.waiting.isEmpty {
                    state.free.append(lane)
                    return nil
                }
                return state.waiting.removeFirst()
            }
            if let next { self.run(next, on: lane) }
        }
    }
}
