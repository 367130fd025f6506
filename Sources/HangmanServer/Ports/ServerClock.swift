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
}
