/// Something a telnet client did that the connection acts on, reported by `TelnetFilter` in input order.
public enum TelnetEvent: Sendable, Equatable {
    /// IAC IP (Interrupt Process) or IAC BRK: the partly typed line is discarded.
    case interrupt
    /// `TelnetFilter.terminal` changed (window size, terminal type, an option agreed...).
    case terminalChanged
    /// The client agreed to MSSP: the server's status variables should be sent now.
    case msspRequested
    /// A GMCP message from the client (`Core.Hello` and `Core.Supports.*` are also applied to
    /// `terminal`); `json` is the text after the package name, "" when there is none.
    case gmcp(package: String, json: String)
}
