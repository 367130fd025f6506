import HangmanCore

/// The game's side of the room's comings and goings (`RoomMembership` keeps who is in the room and
/// tells the room through `MembershipRoom`): a seat taken, connected, given back or given up changes
/// the game under way, and the board follows.
extension RoomState: MembershipRoom {
    var capacity: Int { settings.seats }

    var timesOutOfRound: Bool { ModeFlows.ownBoards(current)?.timesOutOfRound ?? false }

    mutating func seatTaken(by id: PlayerID) -> Bool {
        let changed = seatChanged { $0.join(id) }
        // A joiner on a board of their own plays with the turn's length from now.
        if ownBoards != nil { scheduleTurnTimer() }
        return changed
    }

    mutating func seatConnected(_ id: PlayerID, _ connected: Bool) -> Bool {
        seatChanged { $0.setConnected(id, connected) }
    }

    /// The game under way takes a seat's change (`body`) and its events go out, the board left to the
    /// caller; true when there were any (none without a game).
    private mutating func seatChanged(_ body: (inout Game) -> [GameEvent]) -> Bool {
        guard isPlaying, var game = current else { return false }
        let events = body(&game)
        play(game)
        apply(events, guessed: nil, broadcastStateAfter: false)
        return !events.isEmpty
    }

    mutating func joinerSeated(_ client: ClientID, gameChanged: Bool) {
        if isQuick, !isPlaying {
            startGame(by: nil)
        } else if gameChanged {
            broadcastState()  // the join changed the game (the turn came to the joiner)
        } else {
            // "* cy joined home" says it to the others: their screens keep the chat. The joiner
            // gets the board (issue 34 item 2).
            sendStateUpdate(drawnFor: client)
        }
    }

    /// "* cy is back in home" says it to the others: their screens keep the chat (the board is drawn
    /// again when the return changed the game). The player back gets their own board.
    mutating func seatTakenBack(by client: ClientID, gameChanged: Bool) {
        if let boards = ownBoards {
            // A player who sat the round out plays on a fresh board: their clock runs.
            guard !gameChanged else {
                scheduleTurnTimer()
                return broadcastState()
            }
            return boards.returned(&self, client)
        }
        guard !gameChanged else { return broadcastState() }
        broadcastStateUpdate()
        emit(.sendAfter(client, .state(snapshot())))  // with the batch: one prompt after both
    }

    /// "bob is back." says it: the board is drawn again only when the return brings a turn.
    mutating func awayPlayerBack(_ id: PlayerID, client: ClientID) {
        guard isPlaying, var game = current else { return broadcastStateUpdate() }
        let events = game.setConnected(id, true)
        play(game)
        if let boards = ModeFlows.ownBoards(game) { return boards.returned(&self, client) }
        if events.isEmpty { return broadcastStateUpdate() }
        apply(events, guessed: nil)
    }

    mutating func gameLoses(_ id: PlayerID) -> [GameEvent] {
        guard isPlaying, var game = current else { return [] }
        let events = game.leave(id)
        play(game)
        return events
    }

    mutating func seatLeft(_ events: [GameEvent]) {
        if !events.isEmpty { apply(events, guessed: nil, broadcastStateAfter: false) }
        guard isPlaying else { return }
        if seats.isEmpty {
            // Nobody left to play: the game is abandoned, not recorded. Spectators see the room
            // waiting (not a game whose turn nobody holds).
            abandonGame()
            cancelTurnTimer()
        }
        broadcastState()
    }

    mutating func roomClosed() {
        cancelTurnTimer()
        emit(.close)
    }

    /// The board after an arrival that one line has told the others: each member gets one `state`
    /// (JSON: the whole state, as the contract says); text draws it only for `drawn`, and the
    /// others' screens keep their lines. Sent to each member apart, like own boards.
    private mutating func sendStateUpdate(drawnFor drawn: ClientID) {
        if let boards = ownBoards { return boards.sendStates(&self, update: true, drawnFor: drawn) }
        let board = snapshot()
        var update = board
        update.isUpdate = true
        for client in audience { emit(.sendAfter(client, .state(client == drawn ? board : update))) }
    }
}
