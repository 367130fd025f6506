import Dispatch
import Synchronization

/// Runs password hashing off the database queue, at most `width` jobs at a time.
///
/// A plain concurrent queue would start a thread (and a yescrypt working set of several MiB) per
/// waiting job under a flood of logins; here extra jobs wait in a FIFO instead.
final class PasswordHashWorkers: Sendable {
    private struct State {
        var waiting: [@Sendable () -> Void] = []
        var running = 0
    }

    private let queue: DispatchQueue
    private let width: Int
    private let state = Mutex(State())

    init(label: String, width: Int) {
        queue = DispatchQueue(label: label, qos: .userInitiated, attributes: .concurrent)
        self.width = max(1, width)
    }

    /// Runs `job` on a worker thread as soon as one is free.
    func submit(_ job: @escaping @Sendable () -> Void) {
        let start = state.withLock { state -> Bool in
            if state.running < width {
                state.running += 1
                return true
            }
            state.waiting.append(job)
            return false
        }
        if start { run(job) }
    }

    private func run(_ job: @escaping @Sendable () -> Void) {
        queue.async {
            job()
            let next = self.state.withLock { state -> (@Sendable () -> Void)? in
                if state.waiting.isEmpty {
                    state.running -= 1
                    return nil
                }
                return state.waiting.removeFirst()
            }
            if let next { self.run(next) }
        }
    }
}
