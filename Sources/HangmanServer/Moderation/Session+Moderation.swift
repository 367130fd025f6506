import HangmanCore
import HangmanStore

/// Operators' commands and the checks bans, mutes and address bans make of every session
/// (docs/MODERATION.md). The rules are values (`SanctionBook`, `AddressBan`, `SanctionDuration`); the
/// store keeps them and the server's `Moderator` a copy; this file carries the commands out and is
/// the session's one door to them (the hooks elsewhere are one line each).
extension Session {
    /// Operator powers: the name is listed in `operators` and this login checked the account's
    /// password. An unregistered player under that name, or one who registered it only now, has none.
    var isOperator: Bool {
        guard case .playing = phase, account.registered, login.passwordChecked else { return false }
        return server.moderator.isListed(id)
    }

    func moderate(_ request: ModerationRequest) {
        guard isOperator else {
            return sendError(.notAllowed, "\(request.tableName) is for the server's operators only")
        }
        let now = server.clock.wallSeconds
        switch request {
        case .ban(let name, let duration, let reason), .mute(let name, let duration, let reason):
            let kind: Sanction.Kind = if case .ban = request { .ban } else { .mute }
            let sanction = Sanction(
                kind: kind, target: name, by: displayName, reason: reason, since: now, until: duration.end(from: now))
            StoreQuery.ask(self, { done in self.server.store.saveSanction(sanction.stored, completion: done) }) { _ in
                self.server.moderator.set(sanction)
                self.audit(kind == .ban ? .ban : .mute, name, ModerationText.duration(duration, reason: reason))
                self.server.lobby.member(named: name) { member in
                    guard let member else { return }
                    if kind == .ban {
                        member.removedByOperator(goodbye: ModerationText.ban(sanction, online: true))
                    } else {
                        member.output.deliver(.info(ModerationText.mute(sanction)))
                    }
                }
                return .info("\(name) is \(kind == .ban ? "banned" : "muted") \(WallTime.until(sanction.until)).")
            }
        case .unban(let name), .unmute(let name):
            let kind: Sanction.Kind = if case .unban = request { .ban } else { .mute }
            let word = kind == .ban ? "banned" : "muted"
            StoreQuery.ask(
                self,
                { done in
                    self.server.store.liftSanction(kind: kind.rawValue, key: PlayerID(name).key, now: now) { result in
                        done(result.flatMap { $0 ? .success(()) : .failure(.notFound) })
                    }
                }, notFound: "\(name) is not \(word)", notFoundCode: .noSuchPlayer
            ) { _ in
                self.server.moderator.lift(kind, on: name, at: now)
                self.audit(kind == .ban ? .unban : .unmute, name, "")
                if kind == .mute {
                    self.server.lobby.member(named: name) {
                        $0?.output.deliver(.info("Your mute was lifted: you may chat again."))
                    }
                }
                return .info("\(name) is no longer \(word).")
            }
        case .disconnect(let name, let reason):
            begin()
            let goodbye = "Disconnected by \(displayName)" + (reason.isEmpty ? "." : ": \(reason)")
            server.lobby.member(named: name) { member in
                member?.removedByOperator(goodbye: goodbye)
                self.onQueue {
                    if member == nil {
                        self.sendError(.noSuchPlayer, "nobody called \(name) is online here")
                    } else {
                        self.audit(.disconnect, name, reason)
                        self.send(.info("\(name) was disconnected."))
                    }
                    self.finish()
                }
            }
        case .announce(let text):
            audit(.announce, "", text)
            server.lobby.announce(.announcement(from: displayName, text: text))
        case .bans:
            StoreQuery.ask(self, { done in self.server.store.sanctions(now: now, completion: done) }) { rows in
                .sanctions(rows.compactMap(Sanction.init), addresses: rows.compactMap(AddressBan.init))
            }
        case .modlog(let count):
            let limit = min(count ?? server.config.modlogMax, server.config.modlogMax)
            StoreQuery.ask(self, { done in self.server.store.moderationLog(limit: limit, completion: done) }) { rows in
                .modlog(rows.compactMap(ModerationEntry.init))
            }
        case .banAddress(let pattern, let duration):
            guard let ban = AddressBan(pattern.text, by: displayName, since: now, until: duration.end(from: now)) else {
                return sendError(.invalidInput, "'\(pattern.text)' is not an address")
            }
            StoreQuery.ask(self, { done in self.server.store.saveSanction(ban.stored, completion: done) }) { _ in
                self.server.moderator.ban(ban)
                self.audit(.banAddress, ban.network, ModerationText.duration(duration, reason: ""))
                return .info("Connections from \(ban.network) are refused \(WallTime.until(ban.until)).")
            }
        }
    }

    /// Refuses a muted player's `say` with `muted` (nobody else gets the line); false when not muted.
    /// The answer goes the way their chat goes, so it keeps its place among their room's answers.
    func refusedMutedChat() -> Bool {
        guard let mute = server.moderator.active(.mute, on: id.name, at: server.clock.wallSeconds) else { return false }
        let notice = Outbound.error(code: .muted, message: ModerationText.mute(mute))
        if let room = rooms.room { room.tell(self, notice) } else { server.lobby.tell(self, notice) }
        return true
    }

    /// At login, before the name is claimed: one keyed read says whether `id` is banned, and puts the
    /// answer into this server's copy (which answers alone when the store does not). A banned name is
    /// told why (`banned`), then `bye`, and closed; otherwise `then` runs, on this session's queue.
    func unlessBanned(_ id: PlayerID, then: @escaping @Sendable () -> Void) {
        let now = server.clock.wallSeconds
        server.store.sanction(kind: Sanction.Kind.ban.rawValue, key: id.key, now: now) { result in
            if case .success(let row) = result { self.server.moderator.learn(.ban, on: id.name, row, at: now) }
            self.server.lobby.armSanctionCheck()
            self.onQueue {
                guard !self.isClosed else { return }
                guard let ban = self.server.moderator.active(.ban, on: id.name, at: now) else { return then() }
                self.server.logger.info("login of banned \(id.name) refused from \(self.connection.peer)")
                self.sendError(.banned, ModerationText.ban(ban, online: false))
                self.closeForModeration("Closing the connection; come back when the ban ends.")
            }
        }
    }

    /// At login: a name listed in `operators` that is not registered is nobody's to take, so nobody
    /// can hold it to `register` it from the game either: its operator registers it with
    /// `hangman-server register-operator`. The refusal, or nil.
    func refusedOperatorName(_ id: PlayerID, registered: Bool) -> String? {
        guard !registered, server.moderator.isListed(id) else { return nil }
        server.logger.info("unregistered operator name \(id.name) refused from \(connection.peer)")
        return "\(id.name) is reserved for an operator of this server; choose another name"
    }

    /// On connect: an address under an address ban gets one line and is closed. True when refused.
    func refusedAddress() -> Bool {
        guard let ban = server.moderator.refusing(connection.peerAddress, at: server.clock.wallSeconds) else { return false }
        server.logger.info("connection from refused address \(connection.peer) (\(ban.network))")
        closeForModeration("Connections from your address are refused \(WallTime.until(ban.until)).")
        return true
    }

    /// Banned or disconnected by an operator while online: `goodbye`, the seat and name released,
    /// closed. Any queue.
    func removedByOperator(goodbye: String) {
        onQueue {
            guard case .playing = self.phase else { return }
            self.server.logger.info("\(self.displayName) removed by an operator; closing \(self.connection.peer)")
            self.rooms.leave(reason: "removed by an operator", self)
            self.server.lobby.release(id: self.id, member: self)
            self.closeForModeration(goodbye)
        }
    }

    private func closeForModeration(_ goodbye: String) {
        closeDroppingInput(goodbye: .goodbye(goodbye))
    }

    /// This operator's action, into the server's log and the store's moderation log.
    private func audit(_ action: ModerationEntry.Action, _ target: String, _ detail: String) {
        server.audit(
            ModerationEntry(at: server.clock.wallSeconds, by: displayName, action: action, target: target, detail: detail))
    }
}

extension GameServer {
    /// Into the server's log and the store's moderation log (a failed write is logged, the action
    /// stands): an operator's action, or a room's passed vote-kick.
    func audit(_ entry: ModerationEntry) {
        logger.info(entry.logLine)
        let logger = self.logger
        store.recordModeration(entry.stored) { result in
            if case .failure(let error) = result { logger.warning("store: \(entry.logLine) not logged: \(error)") }
        }
    }
}

/// The operators' commands as a command family (`Session.families`): `moderate` checks the powers.
final class ModerationCommands: CommandFamily {
    func run(_ command: Command, for session: Session) -> Bool {
        guard case .moderate(let request) = command else { return false }
        session.moderate(request)
        return true
    }
}
