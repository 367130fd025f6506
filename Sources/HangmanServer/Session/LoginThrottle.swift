import Dispatch
import HangmanNet
import HangmanSync

/// Counts wrong passwords per remote address over a sliding minute; past the limit, password
/// answers from that address are refused until the oldest failure ages out. Shared by all sessions.
final class LoginThrottle: Sendable {  // the table is behind a lock
    private let limit: Int
    private let window: UInt64
    private let now: @Sendable () -> UInt64
    private let failures: Locked<(table: [String: [UInt64]], sweep: SweepSchedule)>
    /// Times the table was swept of aged-out addresses (for tests).
    var sweeps: Int { failures.withLock { $0.sweep.sweeps } }

    /// - Parameters:
    ///   - limit: failures per window before the address is throttled.
    ///   - windowSeconds: the window's length.
    ///   - now: a clock in nanoseconds (injected for tests).
    ///   - sweepFrom: addresses kept before aged-out ones are swept (smaller in tests).
    init(
        limit: Int, windowSeconds: Int = 60, now: @escaping @Sendable () -> UInt64 = { DispatchTime.now().uptimeNanoseconds },
        sweepFrom: Int = 10_000
    ) {
        self.limit = limit
        self.window = UInt64(windowSeconds) * 1_000_000_000
        self.now = now
        failures = Locked(([:], SweepSchedule(from: sweepFrom)))
    }

    func recordFailure(address: String) {
        let time = now()
        failures.withLock { state in
            var list = state.table[address, default: []].filter { time &- $0 < window }
            list.append(time)
            state.table[address] = list
            if state.sweep.isDue(count: state.table.count) {
                // Forget addresses whose failures have all aged out, so the table stays small.
                state.table = state.table.filter { $0.value.contains { time &- $0 < window } }
                state.sweep.swept(remaining: state.table.count)
            }
        }
    }

    /// Seconds until the address may try again, or nil when it is not throttled.
    func blockedSeconds(address: String) -> Int? {
        let time = now()
        return failures.withLock { state -> Int? in
            let recent = state.table[address, default: []].filter { time &- $0 < window }
            state.table[address] = recent.isEmpty ? nil : recent
            guard recent.count >= limit, let oldest = recent.first else { return nil }
            return Int((window - (time - oldest) + 999_999_999) / 1_000_000_000)
        }
    }
}
