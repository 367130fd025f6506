import Dispatch
import HangmanServer
import HangmanSync

/// A clock the test moves, in the spirit of swift-nio's `EmbeddedEventLoop.advanceTime(by:)`:
/// nothing happens until `advance(by:)`, which runs every timer that falls due, in deadline order
/// (ties in the order they were armed), each on its queue, with `nanoseconds` set to its deadline.
public final class ManualClock: ServerClock, Sendable {
    struct Timer {
        var deadline: UInt64
        var order: UInt64
        var queue: DispatchQueue
        var body: @Sendable () -> Void
        var token: TimerToken
    }

    struct State {
        static let start: UInt64 = 1_000_000_000
        static let startWall: Int64 = 1_700_000_000
        var now: UInt64 = Self.start
        var armed: UInt64 = 0
        var timers: [Timer] = []
        /// Wall time follows `now`, fractions of a second included: two steps of 0.5 s move it by 1 s.
        var wall: Int64 { Self.startWall + Int64((now - Self.start) / 1_000_000_000) }
    }

    private let state = Locked(State())

    public init() {}

    public var nanoseconds: UInt64 { state.withLock { $0.now } }
    public var wallSeconds: Int64 { state.withLock { $0.wall } }

    /// Timers armed and neither run nor cancelled.
    public var pendingTimers: Int { state.withLock { $0.timers.filter { !$0.token.isCancelled }.count } }

    /// Timers the clock holds until their deadline, cancelled ones included (as Dispatch holds a
    /// cancelled `asyncAfter` until it is due).
    public var heldTimers: Int { state.withLock { $0.timers.count } }

    @discardableResult
    public func schedule(after seconds: Double, on queue: DispatchQueue, _ body: @escaping @Sendable () -> Void)
        -> TimerToken
    {
        let token = TimerToken()
        state.withLock { state in
            state.armed += 1
            let delay = UInt64(max(0, seconds) * 1_000_000_000)
            state.timers.append(
                Timer(deadline: state.now + delay, order: state.armed, queue: queue, body: body, token: token))
        }
        return token
    }

    public func makeAlarm(on queue: DispatchQueue, _ body: @escaping @Sendable () -> Void) -> any Alarm {
        ManualAlarm(clock: self, queue: queue, body: body)
    }

    /// Arms `body` at `seconds` from now in place of the timer `replacing` (taken off the clock).
    fileprivate func rearm(
        _ replacing: TimerToken?, after seconds: Double, on queue: DispatchQueue, _ body: @escaping @Sendable () -> Void
    ) -> TimerToken {
        if let replacing {
            replacing.cancel()
            state.withLock { $0.timers.removeAll { $0.token === replacing } }
        }
        return schedule(after: seconds, on: queue, body)
    }

    fileprivate func remove(_ token: TimerToken) {
        token.cancel()
        state.withLock { $0.timers.removeAll { $0.token === token } }
    }

    /// Moves time on by `seconds`, running the timers that fall due on their queues, one by one (each
    /// waits for the work already queued there). Call it from the test, never from a served queue.
    public func advance(by seconds: Double) {
        let target = state.withLock { $0.now + UInt64(max(0, seconds) * 1_000_000_000) }
        while let timer = nextDue(by: target) {
            if !timer.token.isCancelled { timer.queue.sync(execute: timer.body) }
        }
        state.withLock { $0.now = max($0.now, target) }
    }

    private func nextDue(by target: UInt64) -> Timer? {
        state.withLock { state in
            guard
                let index = state.timers.indices.filter({ state.timers[$0].deadline <= target }).min(by: {
                    (state.timers[$0].deadline, state.timers[$0].order) < (state.timers[$1].deadline, state.timers[$1].order)
                })
            else { return nil }
            let timer = state.timers.remove(at: index)
            state.now = max(state.now, timer.deadline)
            return timer
        }
    }
}

/// `Alarm` on the manual clock: one timer on the clock at most, replaced at every arming.
final class ManualAlarm: Alarm {
    private let clock: ManualClock
    private let queue: DispatchQueue
    private let body: @Sendable () -> Void
    private let armed = Locked<TimerToken?>(nil)

    init(clock: ManualClock, queue: DispatchQueue, body: @escaping @Sendable () -> Void) {
        self.clock = clock
        self.queue = queue
        self.body = body
    }

    func arm(after seconds: Double) {
        armed.withLock { armed in armed = clock.rearm(armed, after: seconds, on: queue, body) }
    }

    func disarm() {
        armed.withLock { armed in
            if let token = armed { clock.remove(token) }
            armed = nil
        }
    }
}
