import HangmanCore

/// Operators' commands and the checks bans, mutes and address bans make of every session
/// (docs/MODERATION.md). The rules are values (`SanctionBook`, `AddressBan`, `SanctionDuration`);
/// the server's `Moderator` holds them; this file carries the commands out and is the session's one
/// door to them (the hooks elsewhere are one line each).
extension Session {
    /// Operator powers: the name is listed in `operators` and this login checked the account's
    /// password. An unregistered player under that name, or one who registered it only now, has none.
    var isOperator: Bool {
        guard case .playing = phase, registered, login.stamp != nil else { return false }
        return server.moderator.isListed(id)
    }

    func moderate(_ request: ModerationRequest) {
        guard isOperator else {
            return sendError(.notAllowed, "\(request.tableName) is for the server's operators only")
        }
        let now = server.clock.wallSeconds
        let moderator = server.moderator
        switch request {
        case .ban(let name, let duration, let reason), .mute(let name, let duration, let reason):
            let kind: Sanction.Kind = if case .ban = request { .ban } else { .mute }
            let sanction = Sanction(
                kind: kind, target: name, by: displayName, reason: reason, since: now, until: duration.end(from: now))
            moderator.set(sanction)
            audit(kind == .ban ? .ban : .mute, name, detail: ([Self.durationText(duration)] + [reason]).joined(separator: " "))
            send(.info("\(name) is \(kind == .ban ? "banned" : "muted") \(WallTime.until(sanction.until))."))
            server.lobby.member(named: name) { member in
                guard let member else { return }
                if kind == .ban {
                    member.removedByOperator(goodbye: Self.banText(sanction, online: true))
                } else {
                    member.output.deliver(.info(Self.muteText(sanction)))
                }
            }
        case .unban(let name), .unmute(let name):
            let kind: Sanction.Kind = if case .unban = request { .ban } else { .mute }
            guard moderator.lift(kind, on: name, at: now) != nil else {
                return sendError(.noSuchPlayer, "\(name) is not \(kind == .ban ? "banned" : "muted")")
            }
            audit(kind == .ban ? .unban : .unmute, name, detail: "")
            send(.info("\(name) is no longer \(kind == .ban ? "banned" : "muted")."))
            if kind == .mute {
                server.lobby.member(named: name) { $0?.output.deliver(.info("Your mute was lifted: you may chat again.")) }
            }
        case .disconnect(let name, let reason):
            begin()
            server.lobby.member(named: name) { member in
                let operatorName = self.displayName
                member?.removedByOperator(
                    goodbye: "Disconnected by \(operatorName)" + (reason.isEmpty ? "." : ": \(reason)"))
                self.onQueue {
                    if member == nil {
                        self.sendError(.noSuchPlayer, "nobody called \(name) is online here")
                    } else {
                        self.audit(.disconnect, name, detail: reason)
                        self.send(.info("\(name) was disconnected."))
                    }
                    self.finish()
                }
            }
        case .announce(let text):
            audit(.announce, "", detail: text)
            server.lobby.announce(.announcement(from: displayName, text: text))
        case .bans:
            let (sanctions, addresses) = moderator.inForce(at: now)
            send(.sanctions(sanctions, addresses: addresses))
        case .modlog(let count):
            send(.modlog(moderator.recent(min(count ?? server.config.modlogMax, server.config.modlogMax))))
        case .banAddress(let pattern, let duration):
            guard let ban = AddressBan(pattern.text, by: displayName, since: now, until: duration.end(from: now)) else {
                return sendError(.invalidInput, "'\(pattern.text)' is not an address")
            }
            moderator.ban(ban)
            audit(.banAddress, ban.network, detail: Self.durationText(duration))
            send(.info("Connections from \(ban.network) are refused \(WallTime.until(ban.until))."))
        }
    }

    /// Refuses a muted player's `say` with `muted` (nobody else gets the line); false when not muted.
    /// The answer goes the way their chat goes, so it keeps its place among their room's answers.
    func refusedMutedChat() -> Bool {
        guard let mute = server.moderator.active(.mute, on: id.name, at: server.clock.wallSeconds) else { return false }
        let notice = Outbound.error(code: .muted, message: Self.muteText(mute))
        if let room { room.tell(self, notice) } else { server.lobby.tell(self, notice) }
        return true
    }

    /// At login: a banned name is told why (`banned`), then `bye`, and closed. True when refused.
    func refusedBannedLogin(_ id: PlayerID) -> Bool {
        guard let ban = server.moderator.active(.ban, on: id.name, at: server.clock.wallSeconds) else { return false }
        server.logger.info("login of banned \(id.name) refused from \(connection.peer)")
        sendError(.banned, Self.banText(ban, online: false))
        closeForModeration("bye")
        return true
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
            self.leaveRoom(reason: "removed by an operator")
            self.server.lobby.release(id: self.id, member: self)
            self.closeForModeration(goodbye)
        }
    }

    private func closeForModeration(_ goodbye: String) {
        backlog.removeAll()
        phase = .closed
        sendLast(.goodbye(goodbye))
        connection.close(reason: .requested)
    }

    private func audit(_ action: ModerationEntry.Action, _ target: String, detail: String) {
        let entry = ModerationEntry(
            at: server.clock.wallSeconds, by: displayName, action: action, target: target, detail: detail)
        server.moderator.record(entry)
        server.logger.info(entry.logLine)
    }

    static func durationText(_ duration: SanctionDuration) -> String {
        switch duration {
        case .forever: "forever"
        case .seconds(let seconds): "\(seconds)s"
        }
    }

    static func banText(_ ban: Sanction, online: Bool) -> String {
        let reason = ban.reason.isEmpty ? "" : " Reason: \(ban.reason)."
        return (online ? "You were banned" : "\(ban.target) is banned") + " \(WallTime.until(ban.until)) by \(ban.by).\(reason)"
    }

    static func muteText(_ mute: Sanction) -> String {
        let reason = mute.reason.isEmpty ? "" : " Reason: \(mute.reason)."
        return "You are muted \(WallTime.until(mute.until)) by \(mute.by): nobody sees your chat.\(reason)"
    }
}
