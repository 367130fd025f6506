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

/// `Alarm` on one Dispatch timer source, kept scheduled for the earliest deadline it may have to
/// ring for, not re-scheduled at every arming. A turn's alarm is armed again at every guess, each
/// time further out: each `schedule` from a worker hands the change to Dispatch's manager thread (a
/// context switch and an eventfd poke a guess, BENCHMARKS.md §23), so a later deadline is only
/// recorded, and a disarm only forgets the deadline. The source then rings early (for a deadline
/// replaced or disarmed since): the ring finds the real deadline not due and schedules the source
/// once for it, or finds none and lets it go; so a body never runs before the deadline armed last,
/// nor after a disarm.
///
/// Threading: armed, disarmed and rung on the alarm's queue (`Alarm`); the deadlines are atomics.
final class DispatchAlarm: Alarm, @unchecked Sendable {  // the timer is thread-safe; the deadlines are atomic
    private let timer: any AlarmTimer
    private let body: @Sendable () -> Void
    private let now: @Sendable () -> UInt64
    /// Uptime nanoseconds of the armed deadline; 0 while disarmed.
    private let due = Atomic<UInt64>(0)
    /// The deadline the timer is scheduled for; `UInt64.max` while it is not (it rang, or never was).
    private let scheduled = Atomic<UInt64>(.max)

    convenience init(queue: DispatchQueue, _ body: @escaping @Sendable () -> Void) {
        self.init(timer: DispatchAlarmTimer(queue: queue), now: { DispatchTime.now().uptimeNanoseconds }, body)
    }

    /// On `timer` (which rings on the alarm's queue), with `now` as the clock the deadlines are in.
    init(timer: any AlarmTimer, now: @escaping @Sendable () -> UInt64, _ body: @escaping @Sendable () -> Void) {
        self.timer = timer
        self.now = now
        self.body = body
        timer.start { [weak self] in self?.rang() }
    }

    deinit { timer.cancel() }

    private func rang() {
        scheduled.store(.max, ordering: .relaxed)  // the timer is one-shot: it rings no more
        let deadline = due.load(ordering: .relaxed)
        guard deadline != 0 else { return }
        guard now() >= deadline else { return schedule(deadline) }
        due.store(0, ordering: .relaxed)
        body()
    }

    private func schedule(_ deadline: UInt64) {
        scheduled.store(deadline, ordering: .relaxed)
        timer.schedule(at: deadline)
    }

    func arm(after seconds: Double) {
        let deadline = max(1, now() + UInt64(max(0, seconds) * 1_000_000_000))
        due.store(deadline, ordering: .relaxed)
        // Scheduled for this deadline or an earlier one: that ring schedules the rest.
        if deadline < scheduled.load(ordering: .relaxed) { schedule(deadline) }
    }

    func disarm() {
        due.store(0, ordering: .relaxed)  // a ring scheduled still comes, and finds nothing due
    }
}

/// The one-shot timer under `DispatchAlarm` (a seam: tests count the `schedule` calls).
protocol AlarmTimer: AnyObject, Sendable {
    /// Rings `handler` from now on, on the alarm's queue, once per deadline scheduled.
    func start(_ handler: @escaping @Sendable () -> Void)
    /// Rings once at `uptimeNanoseconds` (not before), instead of any deadline scheduled before.
    func schedule(at uptimeNanoseconds: UInt64)
    /// Rings no more.
    func cancel()
}

/// `AlarmTimer` on a Dispatch timer source.
final class DispatchAlarmTimer: AlarmTimer, @unchecked Sendable {  // a Dispatch source is thread-safe
    private let source: any DispatchSourceTimer

    init(queue: DispatchQueue) { source = DispatchSource.makeTimerSource(queue: queue) }

    func start(_ handler: @escaping @Sendable () -> Void) {
        source.setEventHandler(handler: handler)
        source.schedule(deadline: .distantFuture)
        source.activate()
    }

    func schedule(at uptimeNanoseconds: UInt64) {
        source.schedule(deadline: DispatchTime(uptimeNanoseconds: uptimeNanoseconds))
    }

    func cancel() { source.cancel() }
}
