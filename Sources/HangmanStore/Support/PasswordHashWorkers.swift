import Dispatch
import HangmanSync

/// Runs password hashing off the database queue, at most `width` jobs at a time.
///
/// A plain concurrent queue would start a thread (and a yescrypt working set of several MiB) per
/// waiting job under a flood of logins; here extra jobs wait in a FIFO instead, and at most
/// `maxWaiting` of them: past that a job is refused, so a guessing flood cannot pile up work.
final class PasswordHashWorkers: Sendable {
    private struct State {
        var waiting: [@Sendable () -> Void] = []
        var running = 0
    }

    private let queue: DispatchQueue
    private let width: Int
    private let maxWaiting: Int
    private let state = Locked(State())

    init(label: String, width: Int, maxWaiting: Int = .max) {
        self.maxWaiting = max(0, maxWaiting)
        queue = DispatchQueue(label: label, qos: .userInitiated, attributes: .concurrent)
        self.width = max(1, width)
    }

    /// Runs `job` on a worker thread as soon as one is free; false (and `job` dropped) when
    /// `maxWaiting` jobs already wait.
    @discardableResult
    func submit(_ job: @escaping @Sendable () -> Void) -> Bool {
        enum Decision { case run, wait, refuse }
        let decision = state.withLock { state -> Decision in
            if state.running < width {
                state.running += 1
                return .run
            }
            guard state.waiting.count < maxWaiting else { return .refuse }
            state.waiting.append(job)
            return .wait
        }
        switch decision {
        case .run: run(job)
        case .wait: break
        case .refuse: return false
        }
        return true
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
