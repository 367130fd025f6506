import Dispatch
import Foundation
import Synchronization

/// Time as the table sees it: a monotonic now, the wall clock for records, and timers that run a
/// body on a given queue after a delay. Production uses `DispatchClock`; tests use HangmanTesting's
/// `ManualClock`, whose `advance(by:)` runs due timers in order, so no test sleeps.
public protocol ServerClock: Sendable {
    /// Monotonic nanoseconds (only differences mean anything).
    var nanoseconds: UInt64 { get }
    /// Seconds since 1970, for what is recorded (game start and end).
    var wallSeconds: Int64 { get }
    /// Runs `body` on `queue` after `seconds`, unless the returned token is cancelled first.
    @discardableResult
    func schedule(after seconds: Double, on queue: DispatchQueue, _ body: @escaping @Sendable () -> Void) -> TimerToken
    /// A timer armed again and again on `queue` (a turn's): arming it replaces its deadline, so it
    /// holds one pending timer however often it is armed. (A `schedule` per turn left every
    /// cancelled turn's timer pending until its deadline: two a guess, for the turn's length.)
    func makeAlarm(on queue: DispatchQueue, _ body: @escaping @Sendable () -> Void) -> any Alarm
}

/// A re-armable timer (`ServerClock.makeAlarm`). Armed and disarmed on the queue it rings on; it
/// rings once per arming, at or after the deadline, and never after `disarm`.
public protocol Alarm: AnyObject, Sendable {
    /// Rings `seconds` from now, instead of any deadline armed before.
    func arm(after seconds: Double)
    /// Does not ring until armed again.
    func disarm()
}

/// A timer that can be cancelled (from any queue); a cancelled timer's body never runs.
public final class TimerToken: Sendable {
    private let cancelled = Atomic<Bool>(false)

    public init() {}

    public func cancel() { cancelled.store(true, ordering: .relaxed) }
    public var isCancelled: Bool { cancelled.load(ordering: .relaxed) }
}

/// The real clock: `DispatchTime` and `asyncAfter`.
public struct DispatchClock: ServerClock {
    public init() {}

    public var nanoseconds: UInt64 { DispatchTime.now().uptimeNanoseconds }
    public var wallSeconds: Int64 { Int64(Date().timeIntervalSince1970) }

    @discardableResult
    public func schedule(after seconds: Double, on queue: DispatchQueue, _ body: @escaping @Sendable () -> Void)
        -> TimerToken
    {
        let token = TimerToken()
        queue.asyncAfter(deadline: .now() + seconds) {
            guard !token.isCancelled else { return }
            body()
        }
        return token
    }

    public func makeAlarm(on queue: DispatchQueue, _ body: @escaping @Sendable () -> Void) -> any Alarm {
        DispatchAlarm(queue: queue, body)
    }
}

/// `Alarm` on one Dispatch timer source, re-scheduled at every arming. The deadline it was armed
/// for is kept as well: a ring that was already on its way when the alarm was armed again or
/// disarmed is let go (or, if early for the new deadline, scheduled for it), so a body never runs
/// for a deadline that was replaced.
final class DispatchAlarm: Alarm, @unchecked Sendable {  // a Dispatch source is thread-safe; the deadline is atomic
    private let source: any DispatchSourceTimer
    private let body: @Sendable () -> Void
    /// Uptime nanoseconds of the armed deadline; 0 while disarmed.
    private let due = Atomic<UInt64>(0)

    init(queue: DispatchQueue, _ body: @escaping @Sendable () -> Void) {
        self.body = body
        source = DispatchSource.makeTimerSource(queue: queue)
        source.setEventHandler { [weak self] in self?.rang() }
        source.schedule(deadline: .distantFuture)
        source.activate()
    }

    private func rang() {
        let deadline = due.load(ordering: .relaxed)
        guard deadline != 0 else { return }
        guard DispatchTime.now().uptimeNanoseconds >= deadline else {
            return source.schedule(deadline: DispatchTime(uptimeNanoseconds: deadline))
        }
        due.store(0, ordering: .relaxed)
        body()
    }

    deinit { source.cancel() }

    func arm(after seconds: Double) {
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(max(0, seconds) * 1_000_000_000)
        due.store(max(1, deadline), ordering: .relaxed)
        source.schedule(deadline: DispatchTime(uptimeNanoseconds: deadline))
    }

    func disarm() {
        due.store(0, ordering: .relaxed)
        source.schedule(deadline: .distantFuture)
    }
}
