import Dispatch
import HangmanSync

/// The time limits of one store's calls, on ONE timer rather than one per call.
///
/// A call `reserve`s a deadline, `arm`s it with what to do when its time is up, and `disarm`s it when
/// its answer comes first (every call does, from its completion). Armed deadlines wait in due order; a
/// single sweep is scheduled for the earliest one, fires those that are due, skips those disarmed, and
/// schedules itself again for the next live one. Under load (every answer well within the limit) that is
/// one timer wake-up per time limit, not one per call; `armed` counts the deadlines still waiting.
final class StoreDeadlines: Sendable {
    /// One reserved deadline.
    struct Token: Sendable, Hashable {
        fileprivate let number: UInt64
    }

    private struct Pending {
        var number: UInt64
        var due: UInt64
    }

    private struct State {
        var nextNumber: UInt64 = 0
        /// Reserved or armed and not yet disarmed or fired; nil until armed.
        var live: [UInt64: (@Sendable () -> Void)?] = [:]
        /// Armed deadlines by due time (uptime ns) from `head` on; disarmed ones are skipped by the sweep.
        var order: [Pending] = []
        var head = 0
        /// When the sweep is scheduled (uptime ns), if it is.
        var sweepAt: UInt64?
    }

    private let state = Locked(State())
    private let queue: DispatchQueue

    init(label: String) {
        queue = DispatchQueue(label: label)
    }

    /// Deadlines reserved or armed and neither disarmed nor fired yet.
    var armed: Int { state.withLock { $0.live.count } }

    /// A new deadline, not armed yet (so that a completion made before `arm` can already disarm it).
    func reserve() -> Token {
        state.withLock { state in
            state.nextNumber += 1
            state.live[state.nextNumber] = .some(nil)
            return Token(number: state.nextNumber)
        }
    }

    /// Runs `fire` (on a global worker) `seconds` from now, unless `token` is disarmed first (or was already).
    func arm(_ token: Token, after seconds: Double, _ fire: @escaping @Sendable () -> Void) {
        let due = DispatchTime.now().uptimeNanoseconds &+ UInt64(max(0, seconds) * 1e9)
        let schedule = state.withLock { state -> UInt64? in
            guard state.live[token.number] != nil else { return nil }  // answered already
            state.live[token.number] = fire
            // One store's limits are all alike, so a new deadline almost always goes last.
            var index = state.order.count
            while index > state.head && state.order[index - 1].due > due { index -= 1 }
            state.order.insert(Pending(number: token.number, due: due), at: index)
            if let at = state.sweepAt, at <= due { return nil }
            state.sweepAt = due
            return due
        }
        if let schedule { scheduleSweep(at: schedule) }
    }

    /// Forgets `token`'s deadline: its call has its answer.
    func disarm(_ token: Token) {
        _ = state.withLock { $0.live.removeValue(forKey: token.number) }
    }

    private func scheduleSweep(at due: UInt64) {
        queue.asyncAfter(deadline: DispatchTime(uptimeNanoseconds: due)) { [weak self] in self?.sweep() }
    }

    /// Fires every armed deadline that is due, drops the disarmed ones, and schedules the next sweep.
    private func sweep() {
        let now = DispatchTime.now().uptimeNanoseconds
        let (due, next) = state.withLock { state -> ([@Sendable () -> Void], UInt64?) in
            if let at = state.sweepAt, at > now { return ([], nil) }  // an earlier sweep already handled it
            var due: [@Sendable () -> Void] = []
            while state.head < state.order.count {
                let pending = state.order[state.head]
                guard let slot = state.live[pending.number] else {
                    state.head += 1  // disarmed
                    continue
                }
                guard pending.due <= now else { break }
                state.live[pending.number] = nil
                state.head += 1
                if let fire = slot { due.append(fire) }
            }
            if state.head == state.order.count {
                state.order.removeAll(keepingCapacity: state.order.count < 4096)
                state.head = 0
            } else if state.head > 1024 && state.head * 2 > state.order.count {
                state.order.removeFirst(state.head)
                state.head = 0
            }
            state.sweepAt = state.head < state.order.count ? state.order[state.head].due : nil
            return (due, state.sweepAt)
        }
        if let next { scheduleSweep(at: next) }
        // Each on its own worker: a deadline's work may block (a game's to the outbox on a frozen disk),
        // and must not hold up the deadlines behind it (that game's second limit among them).
        for fire in due { DispatchQueue.global().async(execute: fire) }
    }
}
