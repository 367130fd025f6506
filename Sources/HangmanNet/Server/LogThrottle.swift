/// Lets one log line through per second and counts the ones held back.
struct LogThrottle {
    private var last: UInt64?
    private var suppressed = 0

    /// nil: stay quiet; a count: log now, mentioning that many held back.
    mutating func allow(now: UInt64) -> Int? {
        if let last, now &- last < 1_000_000_000 {
            suppressed += 1
            return nil
        }
        last = now
        defer { suppressed = 0 }
        return suppressed
    }
}
