/// Idle tracking: the timeout in force (`idleLoginSeconds` until login, then what the session sets)
/// and when the connection is next due for a check, read by the server's idle sweep from any queue
/// (both values are atomics).
extension Connection {
    static func nanos(seconds: Int) -> UInt64 {
        seconds > 0 ? UInt64(seconds) * 1_000_000_000 : 0
    }

    /// The idle timeout in force from now on (e.g. `idleSeconds` after login); ≤ 0 disables it.
    /// The time already idle counts.
    public func setIdleTimeout(seconds: Int) {
        idleTimeoutNanos.store(Connection.nanos(seconds: seconds), ordering: .relaxed)
        onIdleTimeoutChanged(self)
    }

    /// True when idle past the timeout at `now` (monotonic nanoseconds).
    func isIdle(now: UInt64) -> Bool {
        let timeout = idleTimeoutNanos.load(ordering: .relaxed)
        guard timeout > 0 else { return false }
        let last = lastInput.load(ordering: .relaxed)
        return now > last && now - last >= timeout
    }

    /// When the connection will be idle if no line comes before (monotonic nanoseconds), or nil
    /// without an idle timeout.
    func idleDeadline() -> UInt64? {
        let timeout = idleTimeoutNanos.load(ordering: .relaxed)
        guard timeout > 0 else { return nil }
        let (deadline, overflow) = lastInput.load(ordering: .relaxed).addingReportingOverflow(timeout)
        return overflow ? UInt64.max : deadline
    }
}
