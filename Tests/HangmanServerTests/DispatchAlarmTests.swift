import Dispatch
import Foundation
import HangmanServer
import Synchronization
import Testing

/// The real clock's re-armable timer (`DispatchClock.makeAlarm`), on a real queue: it rings once
/// per arming, for the last deadline armed, and never after it is disarmed. (The rules that use it
/// are tested on the manual clock; this is the one place the real timer itself is checked.)
///
/// Load-proof by construction, since this runs on a shared 2-core machine where a thread can be held
/// off the CPU for a second or more: every timing assertion is a *lower* bound (a timer never rings
/// before its deadline, however loaded the machine, so "rang at or after the deadline armed last" is
/// exact), and waiting for a ring polls with a 10 s ceiling instead of sleeping a fixed time and
/// asserting it has rung. A wrong early ring (a replaced or disarmed deadline) shows up as a ring time
/// below the bound, whatever the load; load can only make the test wait longer.
@Suite(.ownThread) struct DispatchAlarmTests {
    final class Rings: Sendable {
        let count = Atomic<Int>(0)
        let at = Mutex<[UInt64]>([])
        func ring() {
            at.withLock { $0.append(DispatchTime.now().uptimeNanoseconds) }
            count.add(1, ordering: .relaxed)
        }
        var first: UInt64 { at.withLock { $0.first ?? 0 } }

        /// Waits (up to `seconds`, generous for a loaded machine) until `count` rings happened.
        func wait(for count: Int, seconds: Double = 10) -> Bool {
            let end = DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1_000_000_000)
            while self.count.load(ordering: .relaxed) < count {
                if DispatchTime.now().uptimeNanoseconds > end { return false }
                Thread.sleep(forTimeInterval: 0.005)
            }
            return true
        }
    }

    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    @Test func ringsOnceForTheLastDeadlineArmed() {
        let queue = DispatchQueue(label: "alarm-test")
        let rings = Rings()
        let alarm = DispatchClock().makeAlarm(on: queue) { rings.ring() }
        let start = Self.now()
        queue.sync {
            alarm.arm(after: 0.05)
            alarm.arm(after: 0.2)  // replaces the first deadline
        }
        #expect(rings.wait(for: 1), "the alarm never rang")
        // Had the replaced deadline rung, the first ring would be at ~50 ms.
        #expect(rings.first >= start + 200_000_000, "rang before the deadline armed last")
        Thread.sleep(forTimeInterval: 0.2)
        #expect(rings.count.load(ordering: .relaxed) == 1, "one ring per arming")
    }

    @Test func aDisarmedAlarmDoesNotRingAndCanBeArmedAgain() {
        let queue = DispatchQueue(label: "alarm-test")
        let rings = Rings()
        let alarm = DispatchClock().makeAlarm(on: queue) { rings.ring() }
        queue.sync {
            alarm.arm(after: 0.02)
            alarm.disarm()
        }
        Thread.sleep(forTimeInterval: 0.1)
        let rearmed = Self.now()
        queue.sync { alarm.arm(after: 0.3) }
        #expect(rings.wait(for: 1), "the alarm armed again never rang")
        // A ring for the disarmed deadline would come first, before this arming's deadline.
        #expect(rings.first >= rearmed + 300_000_000, "rang for the disarmed deadline")
        Thread.sleep(forTimeInterval: 0.2)
        #expect(rings.count.load(ordering: .relaxed) == 1)
    }

    /// A ring already on its way when the alarm is armed again (its deadline passed while the queue
    /// was busy) is for the old deadline: it must not run the body early for the new one.
    @Test func aRingOnItsWayIsNotTakenForTheNewDeadline() {
        let queue = DispatchQueue(label: "alarm-test")
        let rings = Rings()
        let alarm = DispatchClock().makeAlarm(on: queue) { rings.ring() }
        let start = Self.now()
        queue.sync {
            alarm.arm(after: 0.01)
            Thread.sleep(forTimeInterval: 0.05)  // the first deadline passes while the queue is held
            alarm.arm(after: 0.2)
        }
        #expect(rings.wait(for: 1), "the alarm never rang")
        #expect(rings.first >= start + 250_000_000, "rang for the replaced deadline")
        Thread.sleep(forTimeInterval: 0.2)
        #expect(rings.count.load(ordering: .relaxed) == 1)
    }
}
