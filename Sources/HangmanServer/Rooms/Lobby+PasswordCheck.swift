import HangmanCore
import HangmanStore

/// After a password change, whoever is still logged in with the old password is signed out: on this
/// server at once, on every other server that shares the database within `account-check-seconds`.
/// The lobby asks the store for the current password stamps of its logged-in registered players (one
/// statement per 64 of them) while any are online, and hands each member its account's stamp; the
/// member compares it with the one it logged in with (`LobbyMember.passwordChecked`), on its own
/// queue,
/// where its own change in flight is known. A store that does not answer in time signs nobody out.
extension Lobby {
    /// Arms the next check unless one is armed or checks are off. On `queue`.
    func armPasswordCheck() {
        let seconds = server.config.accountCheckSeconds
        guard seconds > 0, !passwordCheckArmed else { return }
        passwordCheckArmed = true
        server.clock.schedule(after: Double(seconds), on: queue) { [weak self] in
            guard let self else { return }
            self.passwordCheckArmed = false
            self.checkPasswords(rearm: true)
        }
    }

    /// `member` registered its name: from now on its password is checked too. Any queue.
    func markChecked(id: PlayerID, member: any RoomMember) {
        queue.async {
            guard self.players[id]?.member === member else { return }
            self.players[id]?.checked = true
            self.armPasswordCheck()
        }
    }

    /// Asks now (a password changed here: this server's other logins of it go at once). Any queue.
    func checkPasswordsNow() {
        queue.async { self.checkPasswords(rearm: false) }
    }

    /// One round: the stamps of every checked player online, each handed to their member. With
    /// `rearm`, the next round is armed while any checked player is online.
    private func checkPasswords(rearm: Bool) {
        let online = players.entries.values.compactMap { entry in
            entry.checked ? entry.member.map { (id: entry.id, member: $0) } : nil
        }
        guard !online.isEmpty else { return }
        server.store.passwordStamps(names: online.map(\.id.name)) { result in
            self.queue.async {
                switch result {
                case .success(let stamps):
                    for player in online {
                        guard let stamp = stamps[HangmanStoreKey.key(for: player.id.name)] else { continue }
                        player.member.passwordChecked(stamp)
                    }
                case .failure(let error):
                    self.server.logger.warning("store: the password check failed: \(error)")
                }
                if rearm { self.armPasswordCheck() }
            }
        }
    }
}
