import HangmanNet

/// What the telnet client's terminal means for this player: colour when an MTTS client declares
/// ANSI (until the player chooses with `color`), and the room's events as GMCP messages for a
/// client that agreed to GMCP. Width, height and prompt ends are read from the transport where
/// output is made (`Session.deliver`, `TextLayout`).
extension Session {
    /// The client's terminal changed (on the connection's queue).
    public func terminalChanged(_ terminal: TerminalInfo) {
        if terminal.windowSizeKnown { showBanner() }
        guard Self.declaresANSI(terminal), !colorChosen.load(ordering: .relaxed) else { return }
        // Only text turns into colour: a JSON client stays JSON.
        _ = styleRaw.compareExchange(
            expected: OutputStyle.text.rawValue, desired: OutputStyle.color.rawValue, ordering: .relaxed)
    }

    /// How long the banner waits for a telnet client's window size (NAWS), so that its first
    /// screen already fits: clients answer the server's `DO NAWS` within a round trip.
    static let windowSizeWaitSeconds = 0.3

    /// Runs `banner` once the window size is known: at once for `nc` and for a telnet client that
    /// already said it, else when NAWS arrives or after `windowSizeWaitSeconds`. On the queue.
    func afterWindowSize(_ banner: @escaping @Sendable () -> Void) {
        guard connection.isTelnet, !connection.terminal.windowSizeKnown else { return banner() }
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

    /// Whether this client gets the server's GMCP messages: GMCP agreed, and the `Hangman` package
    /// among those it listed with `Core.Supports.Set`/`.Add`, if it listed any.
    static func wantsGMCP(_ terminal: TerminalInfo) -> Bool {
        guard terminal.gmcp else { return false }
        guard !terminal.gmcpSupports.isEmpty else { return true }
        return terminal.gmcpSupports.contains { entry in
            entry.split(separator: " ").first.map { $0.lowercased() == GMCPMessage.namespace.lowercased() } ?? false
        }
    }

    /// Sends the batch's events as GMCP messages (rendered once per batch) to a GMCP client; the
    /// text or JSON output is unchanged.
    func sendGMCP(_ rendered: inout RenderedEvent, terminal: TerminalInfo) {
        guard Self.wantsGMCP(terminal) else { return }
        for message in rendered.gmcp() { connection.sendGMCP(package: message.package, json: message.json) }
    }
}
