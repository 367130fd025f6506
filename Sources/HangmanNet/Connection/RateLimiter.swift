/// A per-connection token bucket over input lines, with abuse detection. Pure: the caller passes
/// the time (monotonic nanoseconds), so tests need no sleeping.
///
/// The bucket holds `burst` tokens and refills at `perSecond` tokens a second. A line takes one
/// token; without one it waits in the connection's backlog (`Connection`), and only when that is
/// full is it dropped. The first drop and then at most one drop a second are
/// reported (`notify`), so an abuser cannot make the server write more than he sends. After
/// `abuseLimit` drops with no line accepted in between the verdict is `.disconnect`.
public struct RateLimiter: Sendable {
    /// The verdict on one line.
    public enum Decision: Sendable, Equatable {
        /// Deliver the line.
        case accept
        /// Drop the line; `notify` says whether to tell the client (at most once a second).
        case drop(notify: Bool)
        /// Too much abuse: close the connection.
        case disconnect
    }

    /// Tokens per second (≤ 0 disables limiting).
    public let perSecond: Int
    /// Bucket size.
    public let burst: Int
    /// Drops in a row that lead to `.disconnect` (≤ 0: never).
    public let abuseLimit: Int

    private static let unit: UInt64 = 1_000_000_000  // one token, in token-nanoseconds
    /// Tokens × 10⁹, so that refill is exact integer arithmetic.
    private var credit: UInt64
    private var last: UInt64
    private var dropsInARow = 0
    private var lastNotice: UInt64?

    /// A full bucket at time `now`.
    public init(perSecond: Int, burst: Int, abuseLimit: Int, now: UInt64) {
        self.perSecond = perSecond
        self.burst = max(1, burst)
        self.abuseLimit = abuseLimit
        credit = UInt64(self.burst) * Self.unit
        last = now
    }

    /// Tokens available now (whole tokens), for tests.
    public mutating func tokens(now: UInt64) -> Int {
        refill(now: now)
        return Int(credit / Self.unit)
    }

    /// Takes a token for a line at `now` if one is there (the line runs now; it ends a run of
    /// drops). False: the line must wait (see `nanosUntilToken`).
    public mutating func take(now: UInt64) -> Bool {
        guard perSecond > 0 else { return true }
        refill(now: now)
        guard credit >= Self.unit else { return false }
        credit -= Self.unit
        dropsInARow = 0
        return true
    }

    /// Nanoseconds from `now` until `take` can succeed (0: now).
    public mutating func nanosUntilToken(now: UInt64) -> UInt64 {
        guard perSecond > 0 else { return 0 }
        refill(now: now)
        guard credit < Self.unit else { return 0 }
        let missing = Self.unit - credit
        let rate = UInt64(perSecond)
        // A `now` older than the last look (a clock read earlier by the caller) counts from that look.
        return (last > now ? last - now : 0) + (missing + rate - 1) / rate
    }

    /// A line arrived that can neither run nor wait (the backlog is full): it is dropped. Says
    /// whether to tell the client (at most once a second) or, after `abuseLimit` drops with no
    /// line accepted in between, to disconnect. Never `.accept`.
    public mutating func drop(now: UInt64) -> Decision {
        dropsInARow += 1
        if abuseLimit > 0 && dropsInARow >= abuseLimit { return .disconnect }
        if let previous = lastNotice, now &- previous < Self.unit { return .drop(notify: false) }
        lastNotice = now
        return .drop(notify: true)
    }

    /// A line was accepted without a token (it waits in the backlog): it ends a run of drops.
    public mutating func accepted() { dropsInARow = 0 }

    /// Decides on a line arriving at `now` (no backlog: over the rate it is dropped).
    public mutating func admit(now: UInt64) -> Decision {
        guard perSecond > 0 else { return .accept }
        refill(now: now)
        if take(now: now) { return .accept }
        return drop(now: now)
    }

    private mutating func refill(now: UInt64) {
        guard now > last else { return }
        let elapsed = now - last
        last = now
        let capacity = UInt64(burst) * Self.unit
        let fullAfter = capacity / UInt64(max(1, perSecond)) + 1
        if elapsed >= fullAfter {
            credit = capacity
        } else {
            credit = min(capacity, credit + elapsed * UInt64(perSecond))
        }
    }
}
