import HangmanCore

/// `say <text>`: a chat line to the player's room, or to the lobby. Bounded at the source: the
/// chat rate (`ChatGate`), lines in flight (`chat-in-flight`, counted by the member's output) and
/// output waiting for this client, who receives their own lines (`chat-output-bytes`), so a flood
/// costs bounded memory.
final class ChatCommand: CommandFamily {
    private var gate: ChatGate

    init(config: ServerConfig) {
        gate = ChatGate(perSecond: config.chatPerSecond, burst: config.chatBurst)
    }

    func run(_ command: Command, for session: Session) -> Bool {
        guard case .say(let text) = command else { return false }
        guard !text.isEmpty else {
            session.sendError(.invalidInput, "usage: say <text>")
            return true
        }
        guard !session.refusedMutedChat() else { return true }
        let config = session.server.config
        let now = session.server.clock.nanoseconds
        guard gate.take(now: now) else {
            notice(session, now: now, "chat slower: at most \(config.chatPerSecond) lines a second")
            return true
        }
        guard session.connection.pendingOutputBytes <= config.chatOutputBytes,
            session.output.chatSent(limit: config.chatInFlight)
        else {
            notice(session, now: now, "chat is busy: your line was not sent; slow down")
            return true
        }
        if let room = session.rooms.room {
            room.chat(from: session.displayName, text: text, sender: session)
        } else {
            session.server.lobby.chat(from: session.displayName, text: text, sender: session)
        }
        return true
    }

    /// A refused line's notice (the line is dropped either way), when due (`ChatGate`). It goes
    /// the way this player's chat lines go (their room's queue, or the lobby's), so it comes after
    /// the lines typed before it that went through, not above them.
    private func notice(_ session: Session, now: UInt64, _ message: String) {
        guard gate.noticeDue(now: now, json: session.style == .json) else { return }
        let notice = Outbound.error(code: .rateLimited, message: message)
        if let room = session.rooms.room {
            room.tell(session, notice)
        } else {
            session.server.lobby.tell(session, notice)
        }
    }
}
