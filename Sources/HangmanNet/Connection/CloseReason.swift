/// Why a connection closed.
public enum CloseReason: Sendable, Equatable, CustomStringConvertible {
    /// The client hung up (or reset the connection).
    case peerClosed
    /// No input line within the idle timeout.
    case idle
    /// The client read too slowly: pending output passed `maxOutputBytes`.
    case outputOverflow
    /// The server held more than `maxTotalOutputBytes` of output for slow readers in all, and this
    /// connection was among those behind the longest (see `OutputReclaim`).
    case outputBudget
    /// Not logged in within `loginDeadlineSeconds` of connecting (input does not extend it).
    case loginDeadline
    /// Not logged in yet, and displaced from the full pool of connections logging in by a newcomer
    /// from a less represented address group (see `TransportLimits.maxLoginConnections`).
    case loginDisplaced
    /// Too many lines over the command rate in a row.
    case rateAbuse
    /// The server is shutting down.
    case serverShutdown
    /// Closed by the game (an operator or a rule), with the reason.
    case kicked(String)
    /// A socket error, with its text.
    case error(String)
    /// The client asked to leave (`quit`) or the server closed it for an ordinary reason.
    case requested
    /// The client ended its input (a half-close: `nc -N`, a script's end of file) and what it sent
    /// was answered: the output is flushed, then the connection closes.
    case inputEnded

    public var description: String {
        switch self {
        case .peerClosed: return "peer closed"
        case .idle: return "idle"
        case .outputOverflow: return "output overflow"
        case .outputBudget: return "output budget"
        case .loginDeadline: return "login deadline"
        case .loginDisplaced: return "displaced while logging in"
        case .rateAbuse: return "rate abuse"
        case .serverShutdown: return "server shutdown"
        case .kicked(let why): return "kicked: \(why)"
        case .error(let what): return "error: \(what)"
        case .requested: return "requested"
        case .inputEnded: return "input ended"
        }
    }

    /// Reasons for which pending output is worth flushing before the socket closes.
    var flushesOutput: Bool {
        switch self {
        case .peerClosed, .outputOverflow, .outputBudget, .error: return false
        default: return true
        }
    }
}
