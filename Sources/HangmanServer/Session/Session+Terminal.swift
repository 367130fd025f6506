import HangmanNet

/// What the telnet client's terminal means for this player: colour when an MTTS client declares
/// ANSI (until the player chooses with `color`), and the banner waiting for the window size.
/// Width, height, prompt ends and GMCP are read from the transport where output is made
/// (`MemberOutput`, `TextLayout`).
extension Session {
    /// The client's terminal changed (on the connection's queue).
    public func terminalChanged(_ terminal: TerminalInfo) {
        let spokenNow = Self.declaresScreenReader(terminal) && output.terminalIsScreenReader()
        let welcomed = bannerWaiting == nil
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

    static let screenReaderNoticed =
        "Your client says it is a screen reader: screen-reader mode is on. Type screenreader off to leave it."

    /// An MTTS client whose answer has bit 64: it is a screen reader (TinTin++ `#config screen_reader on`).
    static func declaresScreenReader(_ terminal: TerminalInfo) -> Bool {
        terminal.clientName != nil && terminal.capabilities.contains(.screenReader)
    }

    /// How long the banner waits for a telnet client's window size (NAWS), so that its first
    /// screen already fits: clients answer the server's `DO NAWS` within a round trip.
    static let windowSizeWaitSeconds = 0.3

    /// Runs `banner` once the window size is known: at once for `nc` and for a telnet client that
    /// already said it, else when NAWS arrives or after `windowSizeWaitSeconds`. On the queue.
    func afterWindowSize(_ banner: @escaping @Sendable () -> Void) {
        guard connection.isTelnet, !Self.welcomeMayGo(connection.terminal) else { return banner() }
        bannerWaiting = banner
        server.clock.schedule(after: Self.windowSizeWaitSeconds, on: connection.queue) { self.showBanner() }
    }

    /// The banner that waited for the window size goes out (once).
    func showBanner() {
        guard let banner = bannerWaiting else { return }
        bannerWaiting = nil
        banner()
    }

    /// Colour comes on by itself only for a client that says it shows ANSI colour through MTTS
    /// (MUD clients: TinTin++, Mudlet, MUSHclient send `MTTS <bits>` as their third TTYPE). A
    /// terminal type name alone (Debian telnet sends `$TERM`) does not: the person at a plain
    /// telnet did not ask for colour, and `color on` is one command away.
    static func declaresANSI(_ terminal: TerminalInfo) -> Bool {
        terminal.clientName != nil && terminal.capabilities.contains(.ansi)
    }
}
