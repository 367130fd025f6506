/// A player's chat rate, as a value: at most `chat-per-second` lines a second (`chat-burst` at
/// once), and how often a refused line is answered: in JSON every time (a program matches each
/// command to its answer), in text at most once a second, so a person's paste is not answered by
/// as many errors. Time is the caller's (nanoseconds): tested with values (`ChatGateTests`).
struct ChatGate {
    private var bucket: TokenBucket
    /// When the last refusal notice went out (0: never).
    private var lastNotice: UInt64 = 0

    static let noticeInterval: UInt64 = 1_000_000_000

    init(perSecond: Int, burst: Int) {
        bucket = TokenBucket(rate: perSecond, burst: burst)
    }

    /// Takes one line's token if the rate allows it now.
    mutating func take(now: UInt64) -> Bool { bucket.take(now: now) }

    /// A line was refused: whether to say so (`json`: the client reads JSON).
    mutating func noticeDue(now: UInt64, json: Bool) -> Bool {
        guard json || lastNotice == 0 || now &- lastNotice >= Self.noticeInterval else { return false }
        lastNotice = now
        return true
    }
}
