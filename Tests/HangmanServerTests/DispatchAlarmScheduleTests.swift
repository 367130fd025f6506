import HangmanSync
import Testing

@testable import HangmanServer

/// `DispatchAlarm` on a timer that counts its `schedule` calls and rings when the test says, with a
/// clock the test moves: a turn's alarm, armed again at every guess with a later deadline, must not
/// re-schedule its timer each time (each `schedule` from a worker wakes Dispatch's manager thread,
/// BENCHMARKS.md §23 lever 4), and must still ring once, at or after the deadline armed last, and
/// never after a disarm.
@Suite struct DispatchAlarmScheduleTests {
    /// A one-shot timer rung by hand: `ringIfDue` rings it when its deadline is at or before `now`.
    final class CountingTimer: AlarmTimer, Sendable {
        private let state = Locked<(handler: (@Sendable () -> Void)?, deadline: UInt64?, schedules: [UInt64])>((nil, nil, []))
        let clock = Locked<UInt64>(1_000)

        var schedules: [UInt64] { state.withLock { $0.schedules } }
        var now: UInt64 { clock.withLock { $0 } }

        func start(_ handler: @escaping @Sendable () -> Void) { state.withLock { $0.handler = handler } }
        func schedule(at uptimeNanoseconds: UInt64) {
            state.withLock {
                $0.deadline = uptimeNanoseconds
                $0.schedules.append(uptimeNanoseconds)
            }
        }
        func cancel() { state.withLock { $0.deadline = nil } }

        /// Moves the clock to `time` and rings the timer if its deadline has come (once: one-shot).
        func advance(to time: UInt64) {
            clock.withLock { $0 = time }
            let handler = state.withLock { state -> (@Sendable () -> Void)? in
                guard let deadline = state.deadline, deadline <= time else { return nil }
                state.deadline = nil
                return state.handler
            }
            handler?()
        }
    }

    final class Rings: Sendable {
        let times = Locked<[UInt64]>([])
    }

    static let second: UInt64 = 1_000_000_000

    func makeAlarm() -> (DispatchAlarm, CountingTimer, Rings) {
        let timer = CountingTimer()
        let rings = Rings()
        let alarm = DispatchAlarm(timer: timer, now: { timer.now }) { rings.times.withLock { $0.append(timer.now) } }
        return (alarm, timer, rings)
    }

    /// A hundred guesses half a second apart, each re-arming the turn for 60 s: the timer is scheduled
    /// once for the first deadline, once more when that early ring finds the real one not due, and
    /// the body runs once, at the last deadline. (Before: a `schedule` per arming, 101.)
    @Test func aDeadlineMovedLaterIsOnlyRecordedAndTheEarlyRingSchedulesOnce() {
        let (alarm, timer, rings) = makeAlarm()
        alarm.arm(after: 60)
        for guess in 1...100 {
            timer.advance(to: 1_000 + UInt64(guess) * Self.second / 2)
            alarm.arm(after: 60)
        }
        let last = 1_000 + 110 * Self.second
        #expect(timer.schedules == [1_000 + 60 * Self.second])
        timer.advance(to: 1_000 + 60 * Self.second)  // the first deadline: early for the last
        #expect(rings.times.withLock { $0 }.isEmpty, "rang for a replaced deadline")
        #expect(timer.schedules == [1_000 + 60 * Self.second, last])
        timer.advance(to: last - 1)
        #expect(rings.times.withLock { $0 }.isEmpty, "rang before the deadline armed last")
        timer.advance(to: last)
        #expect(rings.times.withLock { $0 } == [last])
        timer.advance(to: last + 100 * Self.second)
        #expect(rings.times.withLock { $0 } == [last], "one ring per arming")
        #expect(timer.schedules.count == 2)
    }

    /// A deadline earlier than the one scheduled must be scheduled, or it would ring late.
    @Test func anEarlierDeadlineIsScheduled() {
        let (alarm, timer, rings) = makeAlarm()
        alarm.arm(after: 60)
        alarm.arm(after: 5)
        #expect(timer.schedules == [1_000 + 60 * Self.second, 1_000 + 5 * Self.second])
        timer.advance(to: 1_000 + 5 * Self.second)
        #expect(rings.times.withLock { $0 } == [1_000 + 5 * Self.second])
    }

    /// A disarm schedules nothing; the ring still scheduled finds nothing due and runs nothing; the
    /// alarm armed again after that ring schedules its timer again (the one-shot has rung).
    @Test func aDisarmSchedulesNothingAndTheRingThatStillComesRunsNothing() {
        let (alarm, timer, rings) = makeAlarm()
        alarm.arm(after: 10)
        alarm.disarm()
        #expect(timer.schedules.count == 1)
        timer.advance(to: 1_000 + 10 * Self.second)
        #expect(rings.times.withLock { $0 }.isEmpty, "rang after a disarm")
        alarm.arm(after: 10)
        #expect(timer.schedules.count == 2)
        timer.advance(to: 1_000 + 20 * Self.second)
        #expect(rings.times.withLock { $0 } == [1_000 + 20 * Self.second])
    }

    /// Disarmed, then armed again later than the deadline still scheduled: that ring is early for
    /// the new deadline and schedules it; the body runs once, at the new deadline.
    @Test func armedAgainAfterADisarmRingsAtTheNewDeadline() {
        let (alarm, timer, rings) = makeAlarm()
        alarm.arm(after: 10)
        alarm.disarm()
        timer.advance(to: 1_000 + 5 * Self.second)
        alarm.arm(after: 10)
        #expect(timer.schedules.count == 1, "a later deadline only recorded")
        timer.advance(to: 1_000 + 10 * Self.second)
        #expect(rings.times.withLock { $0 }.isEmpty)
        #expect(timer.schedules.last == 1_000 + 15 * Self.second)
        timer.advance(to: 1_000 + 15 * Self.second)
        #expect(rings.times.withLock { $0 } == [1_000 + 15 * Self.second])
    }
}
