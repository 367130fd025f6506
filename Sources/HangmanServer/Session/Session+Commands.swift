import HangmanCore
import HangmanNet

/// The commands the session answers itself (output style, help, quit, bell, unknown words), the
/// hand-off of every other command to its families, and what the session sends of its own: through
/// its `MemberOutput`, like everything a room or the lobby delivers to it.
extension Session {
    /// Commands that work at any phase, the login dialogue's included.
    func runAnywhere(_ command: Command) {
        switch command {
        case .json:
            // Text prompts have no line end; finish that line so the first JSON object starts a line of its own.
            if style != .json { connection.send(MemberOutput.crlf) }
            output.setStyle(.json)
            send(.info("JSON mode: one object per line. Type text to go back."))
            if case .login = phase {
                // A bot that asks for JSON at the name prompt missed the text banner: say it again,
                // then the name prompt (as on connect: welcome, then prompt). Not begin()/finish():
                // this may run inside the login flow's own busy step, and a second finish() would
                // let later lines overtake the login. The lobby answers in order, so the welcome
                // still comes before the answer to a name typed after `json`; the prompt is left
                // out once such a name is on its way.
                server.lobby.countOnline { count in
                    self.onQueue {
                        self.send(.welcome(server: GameServer.name, version: GameServer.version, playersOnline: count))
                        if self.login.atNamePrompt, case .login = self.phase { self.sendPrompt("name") }
                    }
                }
            }
        case .text:
            output.setStyle(.text)
            send(.info("Text mode."))
        case .color(let on):
            guard style != .json else { return sendError(.invalidInput, "colour is for text mode; type text first") }
            output.chooseColor(on)
            send(.info(on ? "Colour on." : "Colour off."))
        case .screenReader(let on):
            guard style != .json else { return sendError(.invalidInput, "screen-reader mode is for text; type text first") }
            output.chooseScreenReader(on)
            send(.info(on ? Self.screenReaderOn : "Screen-reader mode off: the board is drawn again."))
            if case .playing = phase { rooms.saveSettings(self) }
        case .help(let topic):
            // Text is paged to the window (`help 2`); JSON gets the command table whole.
            let layout = style == .json ? nil : TextLayout(connection.terminal)
            let op = isOperator
            switch layout.map({ Help.text(for: topic, layout: $0, operator: op) }) ?? Help.text(for: topic, operator: op) {
            case .some(let lines): send(.help(topic: topic, text: lines, operator: op))
            case .none: sendError(.invalidInput, Help.missing(topic, layout: layout, operator: op))
            }
        case .quit:
            sendLast(.goodbye("Thanks for playing. Goodbye!"))
            rooms.leave(reason: "quit", self)
            if !id.key.isEmpty { server.lobby.release(id: id, member: self) }
            close(reason: .requested)
        default:
            break
        }
    }

    /// A logged-in player's command: answered here, or by the first of its families that knows it.
    func run(_ command: Command) {
        for family in families where family.run(command, for: self) { return }
        switch command {
        case .empty: return
        case .json, .text, .color, .screenReader, .help, .quit: runAnywhere(command)
        case .name: sendError(.invalidInput, "you are \(displayName) already; quit and connect again to change names")
        case .bare(let text):
            let word = text.split(separator: " ").first.map(String.init) ?? text
            send(ServerError.unknownCommand(word).outbound)
        case .bell(let on):
            output.bell = on
            send(.info(on ? "Bell on: your terminal rings when your turn comes." : "Bell off."))
            rooms.saveSettings(self)
        default:
            // Every command belongs to a family above; one that does not is a programming error,
            // answered rather than dropped.
            sendError(.unknownCommand, "that command is not available here")
        }
    }

    func send(_ event: Outbound) { output.deliver(event) }

    /// The last words of a connection (goodbye, the shutdown notice). Any queue.
    func sendLast(_ event: Outbound) { output.deliverLast(event) }

    func sendError(_ code: ErrorCode, _ message: String) {
        send(.error(code: code, message: message))
    }

    func sendPrompt(_ what: String) { output.prompt(what) }
}
