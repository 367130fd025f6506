import HangmanCore

/// Joining and leaving a table: seats and watchers, coming back within the grace period, dropping,
/// leaving, kicks, and the room closing when the last member is gone.
extension RoomState {
    /// Why `join` would turn `id` away (nil: it would let them in; `Seating.refusal`). A player in
    /// another room is asked this before they leave it for this one. `at`: the time asked at (the
    /// last input's when nil: the lobby asks between inputs).
    func refusal(_ id: PlayerID, password: String?, spectator: Bool, at time: UInt64? = nil) -> ServerError? {
        seating.refusal(id, password: password, spectator: spectator, door: door(for: id, at: time ?? now))
    }

    /// The room's door for `id` at `time`: its password, its seats, and whether `id` is voted out.
    private func door(for id: PlayerID, at time: UInt64) -> Seating.Door {
        let barred = voteKick.barredUntil(id.key, now: time).map { $0 - time }
        return Seating.Door(room: name, password: password, isClosed: closed, capacity: settings.seats, barredFor: barred)
    }

    mutating func join(_ client: ClientID, _ id: PlayerID, password: String?, spectator: Bool) {
        var events: [GameEvent] = []
        switch seating.admit(id, client: client, password: password, spectator: spectator, door: door(for: id, at: now)) {
        case .failure(let refused): return reply(refused)
        case .success(.reattach(let index)): return reattach(seat: index, to: client)
        case .success(.watching): break
        case .success(.seated):
            // The turn may come to the joiner (nobody else could take it): the room hears `joined`,
            // then one board with the turn, below; not a board before `joined`.
            events = seatChanged { $0.join(id) }
            // A joiner on a board of their own plays with the turn's length from now.
            if ownBoards != nil { scheduleTurnTimer() }
        }
        reply(nil)
        if spectator {
            // The room hears of spectators in one notice a period (`spectatorsChanged`); the newcomer
            // gets their own `joined` and the board.
            emit(.send(client, .joined(room: name, player: id.name, spectator: true)))
            emit(.send(client, .state(snapshot())))
            return spectatorsChanged(arrived: true)
        }
        broadcast(.joined(room: name, player: id.name, spectator: false))
        // A host who dropped while alone at the table still holds it: a person who sits down hosts.
        if seating.hostIsAway { passHost() }
        if isQuick, !isPlaying {
            startGame(by: nil)
        } else if events.isEmpty {
            // "* cy joined home" says it to the others: their screens keep the chat. The joiner
            // gets the board (issue 34 item 2).
            sendStateUpdate(drawnFor: client)
        } else {
            broadcastState()  // the join changed the game (the turn came to the joiner)
        }
    }

    /// The board after an arrival that one line has told the others: each member gets one `state`
    /// (JSON: the whole state, as the contract says); text draws it only for `drawn`, and the
    /// others' screens keep their lines. Sent to each member apart, like own boards.
    mutating func sendStateUpdate(drawnFor drawn: ClientID) {
        if let boards = ownBoards { return boards.sendStates(&self, update: true, drawnFor: drawn) }
        let board = snapshot()
        var update = board
        update.isUpdate = true
        for client in audience { emit(.sendAfter(client, .state(client == drawn ? board : update))) }
    }

    mutating func resume(_ client: ClientID, _ id: PlayerID) {
        guard let index = seats.firstIndex(where: { $0.id == id }), !closed else {
            return reply(.noSuchRoom(name))
        }
        reattach(seat: index, to: client)
    }

    /// `client` takes the seat at `index` back (a resume, or a stale seat passing to its name's new
    /// owner): connected again in the game, the sender is answered, and the room is told.
    mutating func reattach(seat index: Int, to client: ClientID) {
        seating.reattach(seat: index, to: client)
        let player = seats[index].id
        resetTimeouts(of: player)
        let events = seatChanged { $0.setConnected(player, true) }
        reply(nil)
        broadcast(.joined(room: name, player: seats[index].name, spectator: false, resumed: true))
        // "* cy is back in home" says it to the others: their screens keep the chat (the board is
        // drawn again when the return changed the game). The player back gets their own board.
        if let boards = ownBoards {
            // A player who sat the round out plays on a fresh board: their clock runs.
            guard events.isEmpty else {
                scheduleTurnTimer()
                return broadcastState()
            }
            return boards.returned(&self, client)
        }
        guard events.isEmpty else { return broadcastState() }
        broadcastStateUpdate()
        emit(.sendAfter(client, .state(snapshot())))  // with the batch: one prompt after both
    }

    /// A player marked away typed again: they are back in the turn order.
    mutating func back(_ id: PlayerID, _ client: ClientID) {
        guard away.contains(id), isSeated(id, client), seating.back(id) else { return }
        resetTimeouts(of: id)
        broadcast(.away(room: name, player: id.name, away: false, missedTurns: 0))
        // "bob is back." says it: the board is drawn again only when the return brings a turn.
        guard isPlaying, var game = current else { return broadcastStateUpdate() }
        let events = game.setConnected(id, true)
        play(game)
        if let boards = ModeFlows.ownBoards(game) { return boards.returned(&self, client) }
        if events.isEmpty { return broadcastStateUpdate() }
        apply(events, guessed: nil)
    }

    mutating func dropped(_ id: PlayerID, _ client: ClientID) {
        if let index = spectators.firstIndex(where: { $0.id == id && $0.client == client }) {
            _ = seating.removeSpectator(at: index)
            emit(.releaseName(id, client))
            spectatorsChanged(arrived: false)
            closeIfEmpty()
            return
        }
        guard let index = seats.firstIndex(where: { $0.id == id && $0.client == client }) else {
            // Already gone from the room (left or kicked just before): nothing holds the name.
            return emit(.releaseName(id, client))
        }
        guard limits.graceSeconds > 0 else {
            remove(id, client: client, reason: "disconnected")
            return emit(.releaseName(id, nil))
        }
        emit(.markAway(id, client))
        let graceToken = seating.drop(seat: index)
        // Said before what the drop does to the game (the turn, who is asked next).
        broadcast(.info("\(seats[index].name) lost their connection; their seat is kept for \(limits.graceSeconds) s."))
        // A host who drops would hold the table for the grace period (nobody else could start, set or
        // kick): hosting passes to the next connected person seated, as when a host leaves, and is not
        // given back on their return. Alone at the table, they keep it.
        if host == id { passHost() }
        let events = seatChanged { $0.setConnected(id, false) }
        // The line above says it: the board is drawn again only when the drop changed the game.
        if events.isEmpty { broadcastStateUpdate() } else { broadcastState() }
        emit(.arm(.grace(player: id, token: graceToken), afterSeconds: limits.graceSeconds))
    }

    /// The game under way takes a seat's change (`body`: a join, a drop, a return) and its events go
    /// out, the board left to the caller; the events (none without a game).
    private mutating func seatChanged(_ body: (inout Game) -> [GameEvent]) -> [GameEvent] {
        guard isPlaying, var game = current else { return [] }
        let events = body(&game)
        play(game)
        apply(events, guessed: nil, broadcastStateAfter: false)
        return events
    }

    /// Removes a seated player or spectator (`client` nil: whichever holds the name). A spectator
    /// who leaves is counted in the next notice of spectators; `named` (a kick) tells the room by name.
    mutating func remove(_ id: PlayerID, client: ClientID?, reason: String?, named: Bool = false) {
        func matches(_ member: Member) -> Bool { member.id == id && (client == nil || member.client == client) }
        if let index = spectators.firstIndex(where: matches) {
            let member = seating.removeSpectator(at: index)
            if named { broadcast(.left(room: name, player: member.name, reason: reason)) }
            if let gone = member.client { emit(.send(gone, .left(room: name, player: member.name, reason: reason))) }
            if !named { spectatorsChanged(arrived: false) }
        } else if let index = seats.firstIndex(where: matches) {
            let wasHost = host == id
            let member = seating.removeSeat(at: index)
            var events: [GameEvent] = []
            if isPlaying, var game = current {
                events = game.leave(member.id)
                play(game)
            }
            // The room hears who left (and who hosts now) before what that did to the game: the
            // next one asked for a word, the turn, the round's end.
            broadcast(.left(room: name, player: member.name, reason: reason))
            if let gone = member.client { emit(.send(gone, .left(room: name, player: member.name, reason: reason))) }
            if wasHost { passHost(orAway: true) }
            if !events.isEmpty { apply(events, guessed: nil, broadcastStateAfter: false) }
            if isPlaying, seats.isEmpty {
                // Nobody left to play: the game is abandoned, not recorded. Spectators see the room
                // waiting (not a game whose turn nobody holds).
                abandonGame()
                cancelTurnTimer()
                broadcastState()
            } else if isPlaying {
                broadcastState()
            }
        } else {
            return
        }
        closeIfEmpty()
    }

    mutating func closeIfEmpty() {
        guard seats.isEmpty, spectators.isEmpty, !closed else { return }
        closed = true
        cancelTurnTimer()
        emit(.close)
    }

    /// A spectator came or went: counted, and told with the others of the period when the notice
    /// armed by the first change rings (`tellSpectatorChurn`): at most one notice a period.
    mutating func spectatorsChanged(arrived: Bool) {
        guard arrived ? churn.arrived() : churn.departed() else { return }
        emit(.arm(.spectatorChurn(token: churn.token), afterSeconds: limits.spectatorNoticeSeconds))
    }

    /// The notice of spectators rang: who started and stopped watching since the last one, and how
    /// many watch now (nothing when it is stale).
    mutating func tellSpectatorChurn(token: UInt64) {
        guard !closed, let (started, stopped) = churn.flush(token: token) else { return }
        broadcast(.spectators(room: name, started: started, stopped: stopped, watching: spectators.count))
    }

    mutating func kick(by client: ClientID, _ id: PlayerID, target: String) {
        guard host == id, isMember(id, client) else { return reply(.notHost) }
        let targetID = PlayerID(target)
        guard targetID != id else { return reply(.invalid("you cannot kick yourself; type leave")) }
        guard let member = (seats + spectators).first(where: { $0.id == targetID }) else {
            return reply(.noSuchPlayer("\(target) is not in \(name)"))
        }
        reply(nil)
        // The room's `left` first, then `kicked` (the session's own queue sends it): in that order,
        // always. The `left` itself clears their turn prompt (`MemberOutput.turnNotice`).
        expel(targetID, client: member.client, reason: "kicked by \(id.name)", by: id.name)
    }

    /// `target` (on `client`, nil while away) is put out by `by` (the host's kick, or "a vote"): the
    /// room's `left`, then their own `kicked`; a seat kept for an away player frees its name.
    mutating func expel(_ target: PlayerID, client: ClientID?, reason: String, by: String) {
        remove(target, client: nil, reason: reason, named: true)
        if let kicked = client {
            emit(.removed(kicked, by: by))
        } else {
            emit(.releaseName(target, nil))
        }
    }

    /// Hosting to the first connected person seated other than the host (`host` told to the room);
    /// with `orAway`, when nobody else is connected, to the first person seated away (a host who left
    /// hands the table on while anyone is seated). Nothing when there is no such person.
    mutating func passHost(orAway: Bool = false) {
        guard let next = seating.passHost(skipping: bots, orAway: orAway) else { return }
        broadcast(.host(room: name, player: next.name))
    }

    /// Marks `player` away after `missedTurns` time-outs in a row (the room is told, their session
    /// brings them back when they type); false when they already are, or are not connected.
    mutating func markAway(_ player: PlayerID, missedTurns: Int) -> Bool {
        guard let client = seating.markAway(player) else { return false }
        let ownClock = ModeFlows.ownBoards(current)?.timesOutOfRound ?? false
        broadcast(.away(room: name, player: player.name, away: true, missedTurns: missedTurns, ownClock: ownClock))
        emit(.markedAway(client))
        return true
    }

    /// A dropped seat's grace period ended: unless it was taken back, the seat is freed.
    mutating func graceEnded(_ player: PlayerID, token: UInt64) {
        guard seating.graceRunning(player, token: token) else { return }
        remove(player, client: nil, reason: "did not come back in time")
        emit(.releaseName(player, nil))
    }
}
