import Dispatch
import Foundation
import HangmanServer
import Synchronization
import Testing

/// The real clock's re-armable timer (`DispatchClock.makeAlarm`), on a real queue: it rings once
/// per arming, for the last deadline armed, and never after it is disarmed. (Short real delays:
/// the rules that use it are tested on the manual clock.)
@Suite(.ownThread) struct DispatchAlarmTests {
    final class Rings: Sendable {
        let count = Atomic<Int>(0)
        let at = Mutex<[UInt64]>([])
        func ring() {
            count.add(1, ordering: .relaxed)
            at.withLock { $0.append(DispatchTime.now().uptimeNanoseconds) }
        }
    }

    @Test func ringsOnceForTheLastDeadlineArmed() {
        let queue = DispatchQueue(label: "alarm-test")
        let rings = Rings()
        let alarm = DispatchClock().makeAlarm(on: queue) { rings.ring() }
        let start = DispatchTime.now().uptimeNanoseconds
        queue.sync {
            alarm.arm(after: 0.05)
            alarm.arm(after: 0.2)  // replaces the first deadline
        }
        Thread.sleep(forTimeInterval: 0.12)
        #expect(rings.count.load(ordering: .relaxed) == 0, "the replaced deadline does not ring")
        Thread.sleep(forTimeInterval: 0.4)
        #expect(rings.count.load(ordering: .relaxed) == 1)
        let late = rings.at.withLock { $0.first ?? 0 }
        #expect(late >= start + 200_000_000, "not before the deadline armed last")
    }

    @Test func aDisarmedAlarmDoesNotRingAndCanBeArmedAgain() {
        let queue = DispatchQueue(label: "alarm-test")
        let rings = Rings()
        let alarm = DispatchClock().makeAlarm(on: queue) { rings.ring() }
        queue.sync {
            alarm.arm(after: 0.05)
            alarm.disarm()
        }
        Thread.sleep(forTimeInterval: 0.2)
        #expect(rings.count.load(ordering: .relaxed) == 0)
        queue.sync { alarm.arm(after: 0.02) }
        Thread.sleep(forTimeInterval: 0.3)
        #expect(rings.count.load(ordering: .relaxed) == 1)
    }

    /// A ring already on its way when the alarm is armed again (its deadline passed while the queue
    /// was busy) is for the old deadline: it must not run the body early for the new one.
    @Test func aRingOnItsWayIsNotTakenForTheNewDeadline() {
        let queue = DispatchQueue(label: "alarm-test")
        let rings = Rings()
        let alarm = DispatchClock().makeAlarm(on: queue) { rings.ring() }
        let start = DispatchTime.now().uptimeNanoseconds
        queue.sync {
            alarm.arm(after: 0.01)
            Thread.sleep(forTimeInterval: 0.05)  // the first deadline passes while the queue is held
            alarm.arm(after: 0.2)
        }
        Thread.sleep(forTimeInterval: 0.1)
        #expect(rings.count.load(ordering: .relaxed) == 0, "rang for the replaced deadline")
        Thread.sleep(forTimeInterval: 0.4)
        #expect(rings.count.load(ordering: .relaxed) == 1)
        #expect((rings.at.withLock { $0.first ?? 0 }) >= start + 250_000_000)
    }
}
