import HangmanNet

/// What the telnet client's terminal means for this player: colour when an MTTS client declares
/// ANSI (until the player chooses with `color`), and the banner waiting for the window size.
/// Width, height, prompt ends and GMCP are read from the transport where output is made
/// (`MemberOutput`, `TextLayout`); the banner's wait for the window size is `Session.afterWindowSize`.
extension Session {
    /// The client's terminal changed (on the connection's queue).
    public func terminalChanged(_ terminal: TerminalInfo) {
        let spokenNow = Self.declaresScreenReader(terminal) && output.terminalIsScreenReader()
        let welcomed = !bannerIsWaiting
        // The welcome waits for the window size and for an MTTS answer under way (a screen reader
        // hears it spoken, and it says the mode is on); `windowSizeWaitSeconds` bounds the wait.
        if Self.welcomeMayGo(terminal) { showBanner() }
        // Only text turns into colour (a JSON client stays JSON), unless the player chose.
        if Self.declaresANSI(terminal) { output.terminalShowsColor() }
        if spokenNow, welcomed { send(.info(Self.screenReaderNoticed)) }
    }

    /// The window size is known and no MTTS answer is under way.
    static func welcomeMayGo(_ terminal: TerminalInfo) -> Bool {
        terminal.windowSizeKnown && !terminal.terminalTypePending
    }

    static let screenReaderOn =
        "Screen-reader mode on: no drawings, the word said letter by letter, one sentence a guess. Type state for the board."

    static let screenReaderNoticed =
        "Your client says it is a screen reader: screen-reader mode is on. Type screenreader off to leave it."

    /// An MTTS client whose answer has bit 64: it is a screen reader (TinTin++ `#config screen_reader on`).
    static func declaresScreenReader(_ terminal: TerminalInfo) -> Bool {
        terminal.clientName != nil && terminal.capabilities.contains(.screenReader)
    }

    /// Colour comes on by itself only for a client that says it shows ANSI colour through MTTS
    /// (MUD clients: TinTin++, Mudlet, MUSHclient send `MTTS <bits>` as their third TTYPE). A
    /// terminal type name alone (Debian telnet sends `$TERM`) does not: the person at a plain
    /// telnet did not ask for colour, and `color on` is one command away.
    static func declaresANSI(_ terminal: TerminalInfo) -> Bool {
        terminal.clientName != nil && terminal.capabilities.contains(.ansi)
    }
}
