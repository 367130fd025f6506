import Dispatch
import HangmanSync
import HangmanTesting
import Testing

@testable import HangmanServer

/// A room's timers (`RoomTimers`) on the manual clock: the turn's alarms armed again at every turn,
/// the other timers armed once, and what cancelling the turn's leaves.
struct RoomTimersTests {
    let clock = ManualClock()
    let queue = DispatchQueue(label: "room-timers-test")
    let rung = Locked<[RoomTimer]>([])

    func timers() -> RoomTimers {
        let rung = self.rung
        return RoomTimers(clock: clock, queue: queue) { timer in rung.withLock { $0.append(timer) } }
    }

    @Test func aTurnAlarmArmedAgainRingsOnceForTheLastTurn() {
        let timers = timers()
        queue.sync {
            timers.arm(.turnTimeout(token: 1, player: "Ann"), afterSeconds: 10)
            timers.arm(.turnTimeout(token: 2, player: "bob"), afterSeconds: 10)
        }
        #expect(clock.pendingTimers == 1, "one alarm, one pending timer")
        clock.advance(by: 9)
        #expect(rung.withLock { $0 }.isEmpty)
        clock.advance(by: 1)
        #expect(rung.withLock { $0 } == [.turnTimeout(token: 2, player: "bob")])
    }

    @Test func cancellingTheTurnLeavesGraceAndADeferredStart() {
        let timers = timers()
        queue.sync {
            timers.arm(.turnWarning(token: 1, player: "Ann", secondsLeft: 5), afterSeconds: 5)
            timers.arm(.spectatorChurn(token: 1), afterSeconds: 5)
            timers.arm(.grace(player: "bob", token: 1), afterSeconds: 5)
            timers.arm(.deferredStart(token: 1), afterSeconds: 5)
            timers.cancelTurnTimers()
        }
        clock.advance(by: 5)
        #expect(rung.withLock { $0 } == [.grace(player: "bob", token: 1), .deferredStart(token: 1)])
    }

    @Test func closingDisarmsTheAlarms() {
        let timers = timers()
        queue.sync {
            timers.arm(.turnTimeout(token: 1, player: "Ann"), afterSeconds: 10)
            timers.close()
        }
        #expect(clock.pendingTimers == 0)
        clock.advance(by: 10)
        #expect(rung.withLock { $0 }.isEmpty)
    }
}
