import HangmanNet

/// Why the server cut a player's connection for reading too slowly, kept by the lobby with their
/// seat and told to them when they come back within the grace period (issue 34 item 6): from their
/// side the connection just died, and without a word they cannot tell a slow link or a paused
/// client from a server fault.
enum SlowReadCut: Sendable, Equatable {
    /// Their own output waiting to be read passed `limitBytes` (`max-output-bytes`).
    case overflow(limitBytes: Int)
    /// The server's output for slow readers, all together, passed its budget, and theirs was among
    /// the oldest unread.
    case budget

    /// The cut behind `reason`, nil for any other close (a hang-up, a quit, an idle timeout: those
    /// are said before the close or need no word).
    init?(_ reason: CloseReason, limitBytes: Int) {
        switch reason {
        case .outputOverflow: self = .overflow(limitBytes: limitBytes)
        case .outputBudget: self = .budget
        default: return nil
        }
    }

    var message: String {
        let cause =
            switch self {
            case .overflow(let limit):
                "over \(max(1, limit / 1024)) KB of output waited for it"
            case .budget:
                "the server's room for output to slow readers ran out, and yours was among the slowest"
            }
        return "Your last connection was cut because your client read too slowly: \(cause). "
            + "A slow link, or a client that stops reading (paused, scrolled back), does this."
    }
}
