import HangmanNet

/// What the telnet client's terminal means for this player: colour when an MTTS client declares
/// ANSI (until the player chooses with `color`), and the banner waiting for the window size.
/// Width, height, prompt ends and GMCP are read from the transport where output is made
/// (`MemberOutput`, `TextLayout`); the banner's wait for the window size is `Session.afterWindowSize`.
extension Session {
    /// The client's terminal changed (on the connection's queue).
    public func terminalChanged(_ terminal: TerminalInfo) {
        if terminal.windowSizeKnown { showBanner() }
        // Only text turns into colour (a JSON client stays JSON), unless the player chose.
        if Self.declaresANSI(terminal) { output.terminalShowsColor() }
    }

    /// Colour comes on by itself only for a client that says it shows ANSI colour through MTTS
    /// (MUD clients: TinTin++, Mudlet, MUSHclient send `MTTS <bits>` as their third TTYPE). A
    /// terminal type name alone (Debian telnet sends `$TERM`) does not: the person at a plain
    /// telnet did not ask for colour, and `color on` is one command away.
    static func declaresANSI(_ terminal: TerminalInfo) -> Bool {
        terminal.clientName != nil && terminal.capabilities.contains(.ansi)
    }
}
