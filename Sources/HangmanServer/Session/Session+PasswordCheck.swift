import HangmanStore

/// A registered player's password changed while they are logged in (on another connection, or on
/// another server that shares the database): the session that logged in with the old one is signed
/// out, told why, and its seat kept for the grace period as for any lost connection, so the player
/// gets it back by logging in with the new password (the old one no longer logs in anywhere).
extension Session {
    /// The account's password stamp as the store holds it now (`Lobby+PasswordCheck.swift`). Any queue.
    func passwordChecked(_ stored: PasswordStamp) {
        onQueue {
            guard case .playing = self.phase, let mine = self.passwordStamp, mine.isKnown, stored.isKnown else { return }
            // Our own change is with the store: the new stamp is ours (if our change lost a race,
            // the next check finds the stamp still differs).
            guard !self.changingPassword, stored != mine else { return }
            self.server.logger.info("\(self.displayName): password changed elsewhere; signing out \(self.connection.peer)")
            let seat = self.seated ? " Your seat is kept for \(self.server.config.graceSeconds) s." : ""
            self.sendLast(
                .goodbye(
                    "The password of \(self.displayName) was changed elsewhere, so this connection is closed: "
                        + "log in again with the new one.\(seat)"))
            self.connection.close(reason: .requested)
        }
    }
}
