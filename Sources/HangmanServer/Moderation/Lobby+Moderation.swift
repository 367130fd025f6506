import HangmanCore

/// What moderation needs of the lobby: the member online under a name, a line to everyone, and the
/// periodic read of the sanctions in force, which closes players banned on another server sharing the
/// database (as `Lobby+PasswordCheck` signs out a password changed elsewhere, at the same interval).
extension Lobby {
    /// The connected member holding `name` (not one away in its grace period), on the lobby's queue.
    func member(named name: String, reply: @escaping @Sendable ((any LobbyMember)?) -> Void) {
        queue.async { reply(self.players[PlayerID(name)]?.member) }
    }

    /// `event` to every connected person, in the lobby and in rooms (not to house bots).
    func announce(_ event: Outbound) {
        queue.async {
            var rendered = RenderedEvent(event)
            for entry in self.players.entries.values where !entry.id.key.hasPrefix(CommandParser.houseBotPrefix) {
                entry.member?.output.deliver(&rendered)
            }
        }
    }

    /// Arms the next read of the sanctions unless one is armed or `account-check-seconds` is 0. Any queue.
    func armSanctionCheck() {
        queue.async {
            let seconds = self.server.config.accountCheckSeconds
            guard seconds > 0, !self.sanctionCheckArmed else { return }
            self.sanctionCheckArmed = true
            self.server.clock.schedule(after: Double(seconds), on: self.queue) { [weak self] in
                guard let self else { return }
                self.sanctionCheckArmed = false
                self.refreshSanctions(rearm: true)
            }
        }
    }

    /// Reads the sanctions in force into the server's copy, then closes every player online here whom
    /// it bans. With `rearm`, the next read is armed while anyone is online. Any queue.
    func refreshSanctions(rearm: Bool = false) {
        let now = server.clock.wallSeconds
        server.store.sanctions(now: now) { result in
            self.queue.async {
                switch result {
                case .success(let rows):
                    self.server.moderator.replace(with: rows)
                    for entry in self.players.entries.values {
                        guard let member = entry.member,
                            let ban = self.server.moderator.active(.ban, on: entry.id.name, at: now)
                        else { continue }
                        member.removedByOperator(goodbye: ModerationText.ban(ban, online: true))
                    }
                case .failure(let error):
                    self.server.logger.warning("store: reading the bans failed: \(error)")
                }
                if rearm, self.players.online > 0 { self.armSanctionCheck() }
            }
        }
    }
}
