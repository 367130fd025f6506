import Foundation
import HangmanCore
import HangmanNet

/// What a session sends: events rendered in its style (once per style for a broadcast), the turn
/// notice and the prompt after text output, the last words before a close.
extension Session {
    /// The lobby or room has broadcast one of this session's chat lines. Any queue.
    func chatBroadcast() {
        chatInFlight.subtract(1, ordering: .relaxed)
    }

    /// Sends one event rendered in this session's style. Any queue.
    func deliver(_ event: Outbound) {
        var rendered = RenderedEvent(event)
        deliver(&rendered)
    }

    /// Sends a broadcast's bytes for this session's style, rendering them at most once per style.
    func deliver(_ rendered: inout RenderedEvent) {
        let style = self.style
        // A client that never spoke telnet has no window size and no GMCP: no copy of its
        // `TerminalInfo` (strings, a lock) per event. JSON has no layout and no turn notice (the
        // prompt that `myTurn` picks is text-only; switching to text sets it from the next board).
        let terminal = connection.isTelnet ? connection.terminal : nil
        if style == .json {
            myTurn.store(false, ordering: .relaxed)
            output(rendered.bytes(for: .json), style: style, prompt: rendered.wantsPrompt)
        } else {
            let layout = terminal.map(TextLayout.init) ?? .standard
            let notice = turnNotice(rendered.events, style: style, layout: layout)
            let bytes = rendered.bytes(for: style, layout: layout)
            // The shared bytes as they are (no copy per recipient) unless this player has a notice.
            output(notice.isEmpty ? bytes : bytes + notice, style: style, prompt: rendered.wantsPrompt)
        }
        if let terminal { sendGMCP(&rendered, terminal: terminal) }
    }

    /// Sends a broadcast and then events for this player alone (`sendAfter`: a game's end and their
    /// monthly line) in one send. JSON lines are the events' lines one after another, so a JSON
    /// client gets the broadcast's shared bytes followed by its own, and the broadcast is rendered
    /// once for all of them (at a game's end each player's monthly line made a rendering of the
    /// game over, the board and the high scores per player). Text lays the whole batch out together
    /// (the end of a game fits the window), so it is rendered with the player's own events.
    func deliver(_ rendered: inout RenderedEvent, then own: [Outbound]) {
        guard style == .json, !rendered.events.isEmpty else {
            var mine = RenderedEvent(rendered.events + own)
            return deliver(&mine)
        }
        var mine = RenderedEvent(own)
        myTurn.store(false, ordering: .relaxed)
        output(rendered.bytes(for: .json) + mine.bytes(for: .json), style: .json, prompt: false)
        if connection.isTelnet {
            let terminal = connection.terminal
            sendGMCP(&rendered, terminal: terminal)
            sendGMCP(&mine, terminal: terminal)
        }
    }

    static let crlf: [UInt8] = [13, 10]
    private static let promptBytes = Array("> ".utf8)
    private static let turnPromptBytes = Array("your turn> ".utf8)

    /// What this player alone sees when their turn comes (text modes): the whole board if the
    /// broadcast only summed it up, a line saying so, and the bell if they asked for it. Tracks
    /// whose turn the last board showed, for the prompt.
    private func turnNotice(_ events: [Outbound], style: OutputStyle, layout: TextLayout) -> [UInt8] {
        // Their own `left` (kicked, or leaving) ends any turn of theirs: the prompt after it is plain.
        if myTurn.load(ordering: .relaxed),
            events.contains(where: {
                if case .left(_, let player, _) = $0 { PlayerID(player) == PlayerID(displayName) } else { false }
            })
        {
            myTurn.store(false, ordering: .relaxed)
        }
        guard
            let board = events.last(where: { if case .state = $0 { true } else { false } }),
            case .state(let snapshot) = board
        else { return [] }
        // A race has no turns (a racer's `turn` names them only for programs): the plain prompt.
        let mine =
            snapshot.status == .playing && snapshot.mode != Mode.race.rawValue
            && snapshot.turn.map { PlayerID($0) == PlayerID(displayName) } == true
        let was = myTurn.exchange(mine, ordering: .relaxed)
        guard mine, !was, style != .json, inPlay.load(ordering: .relaxed) else { return [] }
        var full = snapshot
        full.isUpdate = false
        var bytes = snapshot.isUpdate ? Renderer.render(.state(full), style: style, layout: layout) : []
        let limit = snapshot.turnSecondsLeft.map { " (\($0) s)" } ?? ""
        bytes += Renderer.render(
            .info("Your turn, \(snapshot.turn ?? "")\(limit): type a letter, or solve <word>."), style: style, layout: layout)
        if bell { bytes.append(7) }
        return bytes
    }

    /// In text mode during play every output ends with the prompt (`your turn> ` on your turn, else
    /// `> `); output that comes while the prompt waits first ends its line. The event's own bytes
    /// stay the shared broadcast bytes.
    private func output(_ bytes: [UInt8], style: OutputStyle, prompt: Bool) {
        guard !silenced.load(ordering: .relaxed) else { return }
        guard style != .json, inPlay.load(ordering: .relaxed) else { return connection.send(bytes) }
        // One step: the room's, the lobby's and this session's queues deliver at once, and a line
        // sent between another delivery's check and its prompt was glued to it (`> bob is back.`).
        promptShowing.withLock { showing in
            if showing { connection.send(Self.crlf) }
            connection.send(bytes)
            showing = prompt
            guard prompt else { return }
            connection.send(myTurn.load(ordering: .relaxed) ? Self.turnPromptBytes : Self.promptBytes)
            connection.sendPromptEnd()
        }
    }

    func send(_ event: Outbound) { deliver(event) }

    /// Sends the last words of a connection (goodbye, the shutdown notice): no prompt after them,
    /// and nothing at all once they are out. Any queue.
    func deliverLast(_ rendered: inout RenderedEvent) {
        let style = self.style
        guard !silenced.exchange(true, ordering: .relaxed) else { return }
        let showing = promptShowing.withLock { showing in
            defer { showing = false }
            return showing
        }
        if style != .json, showing { connection.send(Self.crlf) }
        let terminal = connection.terminal
        connection.send(rendered.bytes(for: style, layout: TextLayout(terminal)))
        sendGMCP(&rendered, terminal: terminal)
    }

    func sendLast(_ event: Outbound) {
        var rendered = RenderedEvent(event)
        deliverLast(&rendered)
    }

    func sendError(_ code: ErrorCode, _ message: String) {
        send(.error(code: code, message: message))
    }

    func sendPrompt(_ what: String) {
        switch style {
        case .json: send(.prompt(for: what))
        case .text, .color:
            connection.send(TextRenderer.prompt(what, color: style == .color))
            connection.sendPromptEnd()
            // The text prompt is not made by `deliver`: a GMCP client gets its `Hangman.Prompt` here.
            guard connection.isTelnet else { return }
            var rendered = RenderedEvent(.prompt(for: what))
            sendGMCP(&rendered, terminal: connection.terminal)
        }
    }
}
