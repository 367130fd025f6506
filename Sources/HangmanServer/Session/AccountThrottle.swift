import HangmanCore
import HangmanNet
import HangmanSync

/// Wrong passwords counted per account, so that guesses spread over many addresses still back off,
/// without letting an attacker lock the account's owner out (docs/RELIABILITY.md, "password guessing").
///
/// - Each (account, address group) pair may fail `freeFailures` times; from then on that pair waits
///   1 s, 2 s, 4 s… (at most `maxBackoff`) after each further failure before it may try again.
///   A group that has not failed is never blocked by another group's failures.
/// - Past `slowAfter` failures for the account in a minute from all groups, every password answer
///   for it waits `slowSeconds` before it is checked: an account under a flood is slowed for all,
///   refused for none.
/// - A correct password clears its pair. Pairs forget their failures `2 × maxBackoff` after the last.
///
/// Time is the server clock's monotonic nanoseconds, passed in, so the rules are tested with values.
final class AccountThrottle: Sendable {  // the tables are behind a lock
    /// What a password answer for an account from a group may do now.
    enum Answer: Equatable {
        case free
        /// Checked after waiting this long (the account is under a flood).
        case slowed(seconds: Double)
        /// Refused with `rate_limited` for this many (whole, rounded up) seconds.
        case blocked(seconds: Int)
    }

    private struct Pair: Hashable {
        var account: String
        var group: String
    }

    private struct Record {
        var failures: Int
        var last: UInt64
    }

    private struct Tables {
        var pairs: [Pair: Record] = [:]
        /// The account's recent failure times (at most `slowAfter` kept), oldest first.
        var recent: [String: [UInt64]] = [:]
        /// When forgotten pairs are swept out.
        var sweep: SweepSchedule
    }

    private let freeFailures: Int
    private let maxBackoff: UInt64
    private let slowAfter: Int
    private let slowSeconds: Double
    private let tables: Locked<Tables>
    /// Times the tables were swept of forgotten pairs (for tests).
    var sweeps: Int { tables.withLock { $0.sweep.sweeps } }
    private static let second: UInt64 = 1_000_000_000
    private static let minute: UInt64 = 60 * second

    /// `sweepFrom`: pairs kept before forgotten ones are swept (smaller in tests).
    init(freeFailures: Int, maxBackoffSeconds: Int, slowAfter: Int, slowMilliseconds: Int, sweepFrom: Int = 50_000) {
        tables = Locked(Tables(sweep: SweepSchedule(from: sweepFrom)))
        self.freeFailures = max(1, freeFailures)
        self.maxBackoff = UInt64(max(1, maxBackoffSeconds)) * Self.second
        self.slowAfter = max(1, slowAfter)
        self.slowSeconds = Double(slowMilliseconds) / 1000
    }

    convenience init(config: ServerConfig) {
        self.init(
            freeFailures: config.accountFreeFailures, maxBackoffSeconds: config.accountBackoffMaxSeconds,
            slowAfter: config.accountFailuresPerMinute, slowMilliseconds: config.accountSlowMilliseconds)
    }

    /// How long this pair must still wait after `record` (0: may try now).
    private func wait(_ record: Record, now: UInt64) -> UInt64 {
        guard record.failures >= freeFailures else { return 0 }
        let doublings = min(record.failures - freeFailures, 40)
        let backoff = min(maxBackoff, Self.second << UInt64(doublings))
        let until = record.last &+ backoff
        return until > now ? until - now : 0
    }

    func answer(account id: PlayerID, group: String, now: UInt64) -> Answer {
        tables.withLock { tables in
            if let record = tables.pairs[Pair(account: id.key, group: group)] {
                let left = wait(record, now: now)
                if left > 0 { return .blocked(seconds: Int((left + Self.second - 1) / Self.second)) }
            }
            let recent = tables.recent[id.key, default: []]
            if recent.count >= slowAfter, let oldest = recent.first, now &- oldest < Self.minute, slowSeconds > 0 {
                return .slowed(seconds: slowSeconds)
            }
            return .free
        }
    }

    func recordFailure(account id: PlayerID, group: String, now: UInt64) {
        tables.withLock { tables in
            let pair = Pair(account: id.key, group: group)
            var record = tables.pairs[pair] ?? Record(failures: 0, last: now)
            if now &- record.last >= 2 * maxBackoff { record.failures = 0 }
            record.failures += 1
            record.last = now
            tables.pairs[pair] = record
            var recent = tables.recent[id.key, default: []]
            recent.append(now)
            if recent.count > slowAfter { recent.removeFirst(recent.count - slowAfter) }
            tables.recent[id.key] = recent
            if tables.sweep.isDue(count: tables.pairs.count) {
                let forget = 2 * maxBackoff
                tables.pairs = tables.pairs.filter { now &- $0.value.last < forget }
                tables.recent = tables.recent.filter { ($0.value.last).map { now &- $0 < Self.minute } ?? false }
                tables.sweep.swept(remaining: tables.pairs.count)
            }
        }
    }

    /// The right password from `group`: that pair starts afresh (other groups keep their count).
    func recordSuccess(account id: PlayerID, group: String) {
        _ = tables.withLock { $0.pairs.removeValue(forKey: Pair(account: id.key, group: group)) }
    }
}
