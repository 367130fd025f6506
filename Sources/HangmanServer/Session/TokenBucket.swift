/// A token bucket over a caller-supplied clock (nanoseconds), so it is tested without sleeping.
struct TokenBucket: Sendable {
    /// Tokens a `period` (a second unless said).
    let rate: Int
    let burst: Int
    private let period: Double
    private var tokens: Double
    private var last: UInt64?

    init(rate: Int, burst: Int, periodSeconds: Int = 1) {
        self.rate = rate
        self.burst = burst
        self.period = Double(periodSeconds) * 1e9
        self.tokens = Double(burst)
    }

    /// Takes one token if there is one.
    mutating func take(now: UInt64) -> Bool {
        if let last, now > last {
            tokens = min(Double(burst), tokens + Double(now - last) / period * Double(rate))
        }
        last = now
        guard tokens >= 1 else { return false }
        tokens -= 1
        return true
    }
}
