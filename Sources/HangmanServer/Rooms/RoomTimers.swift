import Dispatch

/// A room's timers on its queue (the driver's, `Room`): the turn's warning and end (a mode's own wait
/// too) ring on two alarms armed again at every turn, one pending timer each however many turns are
/// played; the other timers are armed once. Each rings `ring` on the queue with the timer it was
/// armed for (the state checks its token).
final class RoomTimers: @unchecked Sendable {  // mutable state confined to `queue`
    private let clock: any ServerClock
    private let queue: DispatchQueue
    private let ring: @Sendable (RoomTimer) -> Void
    /// The timers of the turn armed once (a spectators' notice too), cancelled with the turn's.
    private var turnTimers: [TimerToken] = []
    /// The turn alarms (`RoomTimer.turnAlarm`'s slots), made when first armed.
    private var alarms: [(any Alarm)?] = [nil, nil]
    /// What each turn alarm rings for.
    private var alarmTimers: [RoomTimer?] = [nil, nil]

    init(clock: any ServerClock, queue: DispatchQueue, ring: @escaping @Sendable (RoomTimer) -> Void) {
        self.clock = clock
        self.queue = queue
        self.ring = ring
    }

    /// `timer` rings after `seconds`. A grace period or a deferred start outlives the turn's timers.
    func arm(_ timer: RoomTimer, afterSeconds seconds: Int) {
        dispatchPrecondition(condition: .onQueue(queue))
        if let slot = timer.turnAlarm { return armAlarm(slot, timer, seconds: seconds) }
        let ring = self.ring
        let token = clock.schedule(after: Double(seconds), on: queue) { ring(timer) }
        switch timer {
        case .grace, .deferredStart: return  // not the turn's: `cancelTurnTimers` leaves them
        default: turnTimers.append(token)
        }
    }

    /// The turn's timers ring for nothing any more. The alarms are not disarmed: the next turn arms
    /// them again at once (disarming first doubled the timer's re-scheduling), and an alarm that
    /// rings for nothing (the game ended) does nothing.
    func cancelTurnTimers() {
        dispatchPrecondition(condition: .onQueue(queue))
        for token in turnTimers { token.cancel() }
        turnTimers.removeAll()
        for slot in alarmTimers.indices { alarmTimers[slot] = nil }
    }

    /// The room closed: the turn's timers are cancelled and the alarms disarmed.
    func close() {
        cancelTurnTimers()
        for alarm in alarms { alarm?.disarm() }
    }

    private func armAlarm(_ slot: Int, _ timer: RoomTimer, seconds: Int) {
        alarmTimers[slot] = timer
        let alarm =
            alarms[slot]
            ?? clock.makeAlarm(on: queue) { [weak self] in
                guard let self, let timer = self.alarmTimers[slot] else { return }
                self.alarmTimers[slot] = nil
                self.ring(timer)
            }
        alarms[slot] = alarm
        alarm.arm(after: Double(seconds))
    }
}
