import Dispatch
import HangmanNet
import HangmanSync

/// Counts wrong passwords per remote address over a sliding minute; past the limit, password
/// answers from that address are refused until the oldest failure ages out. Shared by all sessions.
final class LoginThrottle: Sendable {  // the table is behind a lock
    private let limit: Int
    private let window: UInt64
    private let now: @Sendable () -> UInt64
    private let failures = Locked<[String: [UInt64]]>([:])

    /// - Parameters:
    ///   - limit: failures per window before the address is throttled.
    ///   - windowSeconds: the window's length.
    ///   - now: a clock in nanoseconds (injected for tests).
    init(limit: Int, windowSeconds: Int = 60, now: @escaping @Sendable () -> UInt64 = { DispatchTime.now().uptimeNanoseconds }) {
        self.limit = limit
        self.window = UInt64(windowSeconds) * 1_000_000_000
        self.now = now
    }

    func recordFailure(address: String) {
        let time = now()
        failures.withLock { table in
            var list = table[address, default: []].filter { time &- $0 < window }
            list.append(time)
            table[address] = list
            if table.count > 10_000 {
                // Forget addresses whose failures have all aged out, so the table stays small.
                table = table.filter { $0.value.contains { time &- $0 < window } }
            }
        }
    }

    /// Seconds until the address may try again, or nil when it is not throttled.
    func blockedSeconds(address: String) -> Int? {
        let time = now()
        return failures.withLock { table -> Int? in
            let recent = table[address, default: []].filter { time &- $0 < window }
            table[address] = recent.isEmpty ? nil : recent
            guard recent.count >= limit, let oldest = recent.first else { return nil }
            return Int((window - (time - oldest) + 999_999_999) / 1_000_000_000)
        }
    }
}
