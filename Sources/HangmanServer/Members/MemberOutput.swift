import HangmanCore
import HangmanNet
import HangmanSync
import Synchronization

/// One member's output endpoint: everything about what it is sent that rooms, the lobby and the
/// member's own queue share, behind one lock. Any queue may deliver to it; each delivery is one
/// step under the lock and one `send` to the sink: the batch's bytes for this member's style, its
/// turn notice, the line end before them if a prompt was showing, the prompt (with its telnet
/// end) after them, and last the batch's GMCP messages for a client that agreed to them. Nothing
/// is split, and nothing waits for a timer to be joined again.
final class MemberOutput: Sendable {
    private struct State {
        var style = OutputStyle.text
        /// The player chose colour on or off (`color`): the client's capabilities no longer decide.
        var colorChosen = false
        var name = ""
        /// Logged in and not gone: text output ends with a prompt.
        var inPlay = false
        /// The prompt is the last thing sent (the cursor waits after it).
        var promptShowing = false
        /// The last words were said (goodbye, the shutdown notice): nothing more is sent, no prompt.
        var silenced = false
        /// A terminal bell when this player's turn comes (`bell on|off`).
        var bell = false
        /// The last board this member was sent says it is their turn: the text prompt says so too.
        var myTurn = false
        /// Text said for a screen reader (`screenreader on|off`, or the client's MTTS bit 64).
        var screenReader = false
        /// The player chose (this connection, or saved): the client's MTTS answer no longer decides.
        var screenReaderChosen = false
    }

    let sink: any MemberSink
    private let state = Locked(State())
    /// Chat back-pressure: this member's chat lines handed to the lobby or its room and not yet
    /// broadcast (bounded by the setting `chat-in-flight`).
    private let chatInFlight = Atomic<Int>(0)
    /// The room marked this member away; its next line brings it back.
    private let away = Atomic<Bool>(false)

    init(sink: any MemberSink) {
        self.sink = sink
    }

    // MARK: what the member's own queue sets

    var style: OutputStyle { state.withLock { $0.style } }
    var name: String { state.withLock { $0.name } }
    /// Logged in and not gone: text output ends with a prompt.
    var inPlay: Bool { state.withLock { $0.inPlay } }
    var bell: Bool {
        get { state.withLock { $0.bell } }
        set { state.withLock { $0.bell = newValue } }
    }

    var screenReader: Bool { state.withLock { $0.screenReader } }

    /// `screenreader on|off`, or the player's saved choice: the client's MTTS answer no longer decides.
    func chooseScreenReader(_ on: Bool) {
        state.withLock {
            $0.screenReader = on
            $0.screenReaderChosen = true
        }
    }

    /// Whether the player chose screen-reader mode on or off on this connection or in saved settings.
    var screenReaderChosen: Bool { state.withLock { $0.screenReaderChosen } }

    /// The client says it is a screen reader (MTTS bit 64): the mode comes on unless the player chose.
    /// True when it came on just now (the player is told once).
    func terminalIsScreenReader() -> Bool {
        state.withLock {
            guard !$0.screenReaderChosen, !$0.screenReader else { return false }
            $0.screenReader = true
            return true
        }
    }

    /// `json`, `text`: the style from now on.
    func setStyle(_ style: OutputStyle) { state.withLock { $0.style = style } }

    /// `color on|off` (text modes): the player's choice, which the terminal no longer overrides.
    func chooseColor(_ on: Bool) {
        state.withLock {
            $0.style = on ? .color : .text
            $0.colorChosen = true
        }
    }

    /// The terminal declares ANSI colour: text turns into colour unless the player chose.
    func terminalShowsColor() {
        state.withLock { if !$0.colorChosen, $0.style == .text { $0.style = .color } }
    }

    /// Logged in as `name` (`inPlay`: text output ends with a prompt from now on).
    func begin(as name: String, inPlay: Bool) {
        state.withLock {
            $0.name = name
            $0.inPlay = inPlay
        }
    }

    /// The connection is gone or handed over: no more prompts.
    func endPlay() { state.withLock { $0.inPlay = false } }

    /// The player pressed Enter: their cursor is at the start of a new line.
    func lineTyped() { state.withLock { $0.promptShowing = false } }

    /// Left the room (or removed from it): no `your turn> ` for a game left behind.
    func turnEnded() { state.withLock { $0.myTurn = false } }

    /// Takes a chat slot if fewer than `limit` of this member's lines are in flight.
    func chatSent(limit: Int) -> Bool {
        guard chatInFlight.load(ordering: .relaxed) < limit else { return false }
        chatInFlight.add(1, ordering: .relaxed)
        return true
    }

    /// The lobby or room has broadcast one of this member's chat lines. Any queue.
    func chatBroadcast() { chatInFlight.subtract(1, ordering: .relaxed) }

    func markAway() { away.store(true, ordering: .relaxed) }

    /// Whether the room had marked this member away (cleared: the member is back).
    func takeAway() -> Bool { away.exchange(false, ordering: .relaxed) }

    // MARK: delivery, any queue

    /// One event, rendered in this member's style.
    func deliver(_ event: Outbound) {
        var rendered = RenderedEvent(event)
        deliver(&rendered)
    }

    /// A broadcast's bytes for this member's style, rendered at most once per style for all.
    func deliver(_ rendered: inout RenderedEvent) {
        // A client that never spoke telnet has no window size and no GMCP: no copy of its
        // `TerminalInfo` per event. JSON has no layout and no turn notice.
        let terminal = sink.isTelnet ? sink.terminal : nil
        let gmcp = gmcpFrames(&rendered, terminal: terminal)
        state.withLock { state in
            guard !state.silenced else { return }
            if state.style == .json {
                state.myTurn = false
                write(rendered.bytes(for: .json), prompt: rendered.wantsPrompt, gmcp: gmcp, &state)
            } else {
                let layout = (terminal.map(TextLayout.init) ?? .standard).speaking(state.screenReader)
                let notice = turnNotice(rendered.events, layout: layout, &state)
                let body = rendered.bytes(for: state.style, layout: layout)
                write(
                    body, notice: notice, prompt: rendered.wantsPrompt, promptEnd: terminal?.promptEnd ?? .none,
                    gmcp: gmcp, &state)
            }
        }
    }

    /// A broadcast and then events for this member alone (`sendAfter`: a game's end and their
    /// monthly line), in one write. JSON gets the broadcast's shared bytes followed by its own (the
    /// broadcast rendered once for all); text lays the whole batch out together, so it is rendered
    /// with the member's own events.
    func deliver(_ rendered: inout RenderedEvent, then own: [Outbound]) {
        guard style == .json, !rendered.events.isEmpty else {
            var mine = RenderedEvent(rendered.events + own)
            return deliver(&mine)
        }
        let terminal = sink.isTelnet ? sink.terminal : nil
        var gmcp = gmcpFrames(&rendered, terminal: terminal)
        if terminal != nil {
            var mine = RenderedEvent(own)
            gmcp += gmcpFrames(&mine, terminal: terminal)
        }
        // The shared lines and this member's own written into one buffer, copied out once.
        let bytes = rendered.json(then: own)
        state.withLock { state in
            guard !state.silenced else { return }
            state.myTurn = false
            write(bytes, prompt: false, gmcp: gmcp, &state)
        }
    }

    /// The last words of a connection (goodbye, the shutdown notice): no prompt after them, and
    /// nothing at all once they are out.
    func deliverLast(_ rendered: inout RenderedEvent) {
        let terminal = sink.isTelnet ? sink.terminal : nil
        let gmcp = gmcpFrames(&rendered, terminal: terminal)
        state.withLock { state in
            guard !state.silenced else { return }
            state.silenced = true
            let lineEnd = state.style != .json && state.promptShowing
            state.promptShowing = false
            let layout = (terminal.map(TextLayout.init) ?? .standard).speaking(state.screenReader)
            let bytes = rendered.bytes(for: state.style, layout: layout)
            sink.send((lineEnd ? Self.crlf : []) + bytes + gmcp)
        }
    }

    func deliverLast(_ event: Outbound) {
        var rendered = RenderedEvent(event)
        deliverLast(&rendered)
    }

    /// A login prompt (`name`, `password`): text with its telnet end in one write, or JSON's
    /// `prompt` event. A GMCP client gets its `Hangman.Prompt` too.
    func prompt(_ what: String) {
        let style = self.style
        guard style != .json else { return deliver(.prompt(for: what)) }
        var rendered = RenderedEvent(.prompt(for: what))
        let terminal = sink.isTelnet ? sink.terminal : nil
        let gmcp = gmcpFrames(&rendered, terminal: terminal)
        let end = terminal?.promptEnd.bytes ?? []
        sink.send(TextRenderer.prompt(what, color: style == .color && !screenReader) + end + gmcp)
    }

    static let crlf: [UInt8] = [13, 10]
    private static let promptBytes = Array("> ".utf8)
    private static let turnPromptBytes = Array("your turn> ".utf8)

    /// The one write of a delivery, under the lock. In text mode during play it ends with the
    /// prompt (`your turn> ` on your turn, else `> `) and its telnet end; output that comes while
    /// the prompt waits first ends that line. The batch's GMCP frames (`gmcp`) come last. Without
    /// any of these, the shared bytes go as they are. `promptEnd`: from the delivery's one read of
    /// the terminal (`.none` for a client that never spoke telnet, and for JSON, which has no prompt).
    private func write(
        _ body: [UInt8], notice: [UInt8] = [], prompt: Bool, promptEnd end: TerminalInfo.PromptEnd = .none,
        gmcp: [UInt8], _ state: inout State
    ) {
        let playing = state.style != .json && state.inPlay
        let lineEnd = playing && state.promptShowing
        let promptEnd = playing && prompt
        if playing { state.promptShowing = prompt }
        guard lineEnd || promptEnd || !notice.isEmpty || !gmcp.isEmpty else { return sink.send(body) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(body.count + notice.count + gmcp.count + 16)
        if lineEnd { bytes += Self.crlf }
        bytes += body
        bytes += notice
        if promptEnd {
            bytes += state.myTurn ? Self.turnPromptBytes : Self.promptBytes
            bytes += end.bytes
        }
        bytes += gmcp
        sink.send(bytes)
    }

    /// What this member alone sees when their turn comes (text modes): the whole board if the
    /// broadcast only summed it up, a line saying so, and the bell if they asked for it. Tracks
    /// whose turn the last board showed, for the prompt.
    private func turnNotice(_ events: [Outbound], layout: TextLayout, _ state: inout State) -> [UInt8] {
        let me = PlayerID(state.name)
        // Their own `left` (kicked, or leaving) ends any turn of theirs: the prompt after it is plain.
        if state.myTurn,
            events.contains(where: { if case .left(_, let player, _) = $0 { PlayerID(player) == me } else { false } })
        {
            state.myTurn = false
        }
        guard
            let board = events.last(where: { if case .state = $0 { true } else { false } }),
            case .state(let snapshot) = board
        else { return [] }
        // A mode without turns (its `turn` names a player only for programs): the plain prompt.
        let mine =
            snapshot.status == .playing && ModeFlows.anyTimeFlow(snapshot) == nil
            && snapshot.turn.map { PlayerID($0) == me } == true
        let was = state.myTurn
        state.myTurn = mine
        guard mine, !was, state.inPlay else { return [] }
        var full = snapshot
        full.isUpdate = false
        // Spoken, the guess's sentence already named them: no board again (`state` gives it).
        var bytes = snapshot.isUpdate && !layout.spoken ? Renderer.render(.state(full), style: state.style, layout: layout) : []
        let limit = snapshot.turnSecondsLeft.map { " (\($0) s)" } ?? ""
        bytes += Renderer.render(
            .info("Your turn, \(snapshot.turn ?? "")\(limit): type a letter, or solve <word>."), style: state.style,
            layout: layout)
        if state.bell { bytes.append(7) }
        return bytes
    }

    /// The batch's events as GMCP frames (the messages made once per batch) for a GMCP client
    /// (`terminal`: nil for a client that never spoke telnet), to go in the batch's one write.
    private func gmcpFrames(_ rendered: inout RenderedEvent, terminal: TerminalInfo?) -> [UInt8] {
        guard let terminal, Self.wantsGMCP(terminal) else { return [] }
        var bytes: [UInt8] = []
        for message in rendered.gmcp() { bytes += TelnetFilter.gmcpFrame(package: message.package, json: message.json) }
        return bytes
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
}
