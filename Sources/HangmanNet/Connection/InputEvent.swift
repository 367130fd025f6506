/// What a connection delivers to its handler, in order.
public enum InputEvent: Sendable, Equatable {
    /// One line, sanitised: valid UTF-8, no control characters (tab kept), no telnet bytes, no
    /// escape sequences. Its terminator is removed; nothing is trimmed; it may be empty.
    case line(String)
    /// A line over `maxLineBytes` was discarded (reported once per such line).
    case lineTooLong
    /// A line arrived over the command rate and was dropped (at most one of these a second).
    case rateLimited
}
