import HangmanCore

/// What the membership rules ask of the room whose members they keep (`RoomState`; a fake in tests):
/// its door's facts, its output, and the game's side of a change in the seats (RoomState+Seats).
protocol MembershipRoom {
    typealias ClientID = ObjectIdentifier
    var membership: RoomMembership { get set }
    var name: String { get }
    var password: String? { get }
    var limits: RoomLimits { get }
    /// The seats the room has (`seats`).
    var capacity: Int { get }
    /// The monotonic (nanoseconds) and wall (seconds) time of the input being handled.
    var now: UInt64 { get }
    var wallNow: Int64 { get }
    var bots: Set<PlayerID> { get }
    /// Whether the game under way plays own clocks, whose time-outs take a player out of the round
    /// (the away notice says so).
    var timesOutOfRound: Bool { get }
    mutating func emit(_ action: RoomAction)
    mutating func broadcast(_ event: Outbound)
    mutating func reply(_ error: ServerError?)
    /// The board as it stands (a spectator's first).
    func snapshot() -> RoomSnapshot
    /// The board after a change one line has already told.
    mutating func broadcastStateUpdate()
    mutating func broadcastState()
    /// `player` moved or came back: their time-outs in a row start again.
    mutating func resetTimeouts(of player: PlayerID)
    /// The game takes a newcomer's seat; true when that changed the game (the turn came to them).
    mutating func seatTaken(by id: PlayerID) -> Bool
    /// The game takes a seat's connection coming or going; true when that changed the game.
    mutating func seatConnected(_ id: PlayerID, _ connected: Bool) -> Bool
    /// The board (or a game) after a newcomer sat down and the room heard `joined`.
    mutating func joinerSeated(_ client: ClientID, gameChanged: Bool)
    /// The board after a seat was taken back and the room heard of it.
    mutating func seatTakenBack(by client: ClientID, gameChanged: Bool)
    /// A player marked away typed again (the room heard so): their place in the game.
    mutating func awayPlayerBack(_ id: PlayerID, client: ClientID)
    /// The game loses a seated player; its events, applied by `seatLeft(_:)` once the room heard `left`.
    mutating func gameLoses(_ id: PlayerID) -> [GameEvent]
    /// What a seat given up did to the game (`events`: `gameLoses`'s), and the board.
    mutating func seatLeft(_ events: [GameEvent])
    /// The last member is gone: the room's timers stop and the room closes.
    mutating func roomClosed()
}

/// Who is in a room and their comings and goings: seats and watchers, coming back within the grace
/// period, dropping, leaving, kicks and vote-kicks, hosting, away, and the room closing when the last
/// member is gone. Its state (`Seating`, `SpectatorChurn`, `VoteKick`, `closed`) is changed only in
/// this file: the transitions take the room (`MembershipRoom`) and tell it what to send and what
/// the change did to the game.
struct RoomMembership {
    typealias ClientID = ObjectIdentifier
    typealias Member = Seating.Member

    private(set) var seating = Seating()
    /// Spectators' arrivals and departures not told yet.
    private var churn = SpectatorChurn()
    /// Vote-kicks: open votes, who may start one, who is barred.
    private var voteKick: VoteKick
    /// The last member left: the room refuses every join from now on.
    private(set) var closed = false

    init(voteKick limits: VoteKick.Limits) { voteKick = VoteKick(limits: limits) }

    var seats: [Member] { seating.seats }
    var spectators: [Member] { seating.spectators }
    var host: PlayerID? { seating.host }
    /// Seated and connected, but marked away after too many time-outs: skipped until they type.
    var away: Set<PlayerID> { seating.away }

    func isSeated(_ id: PlayerID, _ client: ClientID) -> Bool {
        seats.contains { $0.id == id && $0.client == client }
    }

    func isMember(_ id: PlayerID, _ client: ClientID) -> Bool {
        isSeated(id, client) || spectators.contains { $0.id == id && $0.client == client }
    }

    /// The room's door for `id` at `time`: its password, its seats, and whether `id` is voted out.
    private static func door<Room: MembershipRoom>(_ room: Room, for id: PlayerID, at time: UInt64) -> Seating.Door {
        let barred = room.membership.voteKick.barredUntil(id.key, now: time).map { $0 - time }
        return Seating.Door(
            room: room.name, password: room.password, isClosed: room.membership.closed, capacity: room.capacity,
            barredFor: barred)
    }

    /// Why `join` would turn `id` away (nil: it would let them in; `Seating.refusal`). A player in
    /// another room is asked this before they leave it for this one, at `time`.
    static func refusal<Room: MembershipRoom>(
        _ room: Room, _ id: PlayerID, password: String?, spectator: Bool, at time: UInt64
    ) -> ServerError? {
        room.membership.seating.refusal(id, password: password, spectator: spectator, door: door(room, for: id, at: time))
    }

    // MARK: coming in

    static func join<Room: MembershipRoom>(
        _ room: inout Room, _ client: ClientID, _ id: PlayerID, password: String?, spectator: Bool
    ) {
        let door = door(room, for: id, at: room.now)
        var gameChanged = false
        switch room.membership.seating.admit(id, client: client, password: password, spectator: spectator, door: door) {
        case .failure(let refused): return room.reply(refused)
        case .success(.reattach(let index)): return reattach(&room, seat: index, to: client)
        case .success(.watching): break
        // The turn may come to the joiner (nobody else could take it): the room hears `joined`, then
        // one board with the turn (`joinerSeated`); not a board before `joined`.
        case .success(.seated): gameChanged = room.seatTaken(by: id)
        }
        room.reply(nil)
        if spectator {
            // The room hears of spectators in one notice a period (`spectatorsChanged`); the newcomer
            // gets their own `joined` and the board.
            room.emit(.send(client, .joined(room: room.name, player: id.name, spectator: true)))
            room.emit(.send(client, .state(room.snapshot())))
            return spectatorsChanged(&room, arrived: true)
        }
        room.broadcast(.joined(room: room.name, player: id.name, spectator: false))
        // A host who dropped while alone at the table still holds it: a person who sits down hosts.
        if room.membership.seating.hostIsAway { passHost(&room) }
        room.joinerSeated(client, gameChanged: gameChanged)
    }

    static func resume<Room: MembershipRoom>(_ room: inout Room, _ client: ClientID, _ id: PlayerID) {
        guard let index = room.membership.seating.seatIndex(of: id), !room.membership.closed else {
            return room.reply(.noSuchRoom(room.name))
        }
        reattach(&room, seat: index, to: client)
    }

    /// `client` takes the seat at `index` back (a resume, or a stale seat passing to its name's new
    /// owner): connected again in the game, the sender is answered, and the room is told.
    private static func reattach<Room: MembershipRoom>(_ room: inout Room, seat index: Int, to client: ClientID) {
        room.membership.seating.reattach(seat: index, to: client)
        let player = room.membership.seats[index].id
        room.resetTimeouts(of: player)
        let gameChanged = room.seatConnected(player, true)
        room.reply(nil)
        room.broadcast(.joined(room: room.name, player: player.name, spectator: false, resumed: true))
        room.seatTakenBack(by: client, gameChanged: gameChanged)
    }

    /// A player marked away typed again: they are back in the turn order.
    static func back<Room: MembershipRoom>(_ room: inout Room, _ id: PlayerID, _ client: ClientID) {
        guard room.membership.away.contains(id), room.membership.isSeated(id, client), room.membership.seating.back(id)
        else { return }
        room.resetTimeouts(of: id)
        room.broadcast(.away(room: room.name, player: id.name, away: false, missedTurns: 0))
        room.awayPlayerBack(id, client: client)
    }

    // MARK: going out

    static func dropped<Room: MembershipRoom>(_ room: inout Room, _ id: PlayerID, _ client: ClientID) {
        if let index = room.membership.spectators.firstIndex(where: { $0.id == id && $0.client == client }) {
            _ = room.membership.seating.removeSpectator(at: index)
            room.emit(.releaseName(id, client))
            spectatorsChanged(&room, arrived: false)
            return closeIfEmpty(&room)
        }
        guard let index = room.membership.seats.firstIndex(where: { $0.id == id && $0.client == client }) else {
            // Already gone from the room (left or kicked just before): nothing holds the name.
            return room.emit(.releaseName(id, client))
        }
        let grace = room.limits.graceSeconds
        guard grace > 0 else {
            remove(&room, id, client: client, reason: "disconnected")
            return room.emit(.releaseName(id, nil))
        }
        room.emit(.markAway(id, client))
        let graceToken = room.membership.seating.drop(seat: index)
        // Said before what the drop does to the game (the turn, who is asked next).
        room.broadcast(.info("\(room.membership.seats[index].name) lost their connection; their seat is kept for \(grace) s."))
        // A host who drops would hold the table for the grace period (nobody else could start, set or
        // kick): hosting passes to the next connected person seated, as when a host leaves, and is not
        // given back on their return. Alone at the table, they keep it.
        if room.membership.host == id { passHost(&room) }
        // The line above says it: the board is drawn again only when the drop changed the game.
        if room.seatConnected(id, false) { room.broadcastState() } else { room.broadcastStateUpdate() }
        room.emit(.arm(.grace(player: id, token: graceToken), afterSeconds: grace))
    }

    /// Removes a seated player or spectator (`client` nil: whichever holds the name). A spectator
    /// who leaves is counted in the next notice of spectators; `named` (a kick) tells the room by name.
    static func remove<Room: MembershipRoom>(
        _ room: inout Room, _ id: PlayerID, client: ClientID?, reason: String?, named: Bool = false
    ) {
        func matches(_ member: Member) -> Bool { member.id == id && (client == nil || member.client == client) }
        if let index = room.membership.spectators.firstIndex(where: matches) {
            let member = room.membership.seating.removeSpectator(at: index)
            if named { room.broadcast(.left(room: room.name, player: member.name, reason: reason)) }
            if let gone = member.client { room.emit(.send(gone, .left(room: room.name, player: member.name, reason: reason))) }
            if !named { spectatorsChanged(&room, arrived: false) }
        } else if let index = room.membership.seats.firstIndex(where: matches) {
            let wasHost = room.membership.host == id
            let member = room.membership.seating.removeSeat(at: index)
            let events = room.gameLoses(member.id)
            // The room hears who left (and who hosts now) before what that did to the game: the
            // next one asked for a word, the turn, the round's end.
            room.broadcast(.left(room: room.name, player: member.name, reason: reason))
            if let gone = member.client { room.emit(.send(gone, .left(room: room.name, player: member.name, reason: reason))) }
            if wasHost { passHost(&room, orAway: true) }
            room.seatLeft(events)
        } else {
            return
        }
        closeIfEmpty(&room)
    }

    private static func closeIfEmpty<Room: MembershipRoom>(_ room: inout Room) {
        guard room.membership.seats.isEmpty, room.membership.spectators.isEmpty, !room.membership.closed else { return }
        room.membership.closed = true
        room.roomClosed()
    }

    /// A dropped seat's grace period ended: unless it was taken back, the seat is freed.
    static func graceEnded<Room: MembershipRoom>(_ room: inout Room, _ player: PlayerID, token: UInt64) {
        guard room.membership.seating.graceRunning(player, token: token) else { return }
        remove(&room, player, client: nil, reason: "did not come back in time")
        room.emit(.releaseName(player, nil))
    }

    // MARK: spectators' notice

    /// A spectator came or went: counted, and told with the others of the period when the notice
    /// armed by the first change rings (`tellSpectatorChurn`): at most one notice a period.
    private static func spectatorsChanged<Room: MembershipRoom>(_ room: inout Room, arrived: Bool) {
        guard arrived ? room.membership.churn.arrived() : room.membership.churn.departed() else { return }
        room.emit(
            .arm(.spectatorChurn(token: room.membership.churn.token), afterSeconds: room.limits.spectatorNoticeSeconds))
    }

    /// The notice of spectators rang: who started and stopped watching since the last one, and how
    /// many watch now (nothing when it is stale).
    static func tellSpectatorChurn<Room: MembershipRoom>(_ room: inout Room, token: UInt64) {
        guard !room.membership.closed, let (started, stopped) = room.membership.churn.flush(token: token) else { return }
        let watching = room.membership.spectators.count
        room.broadcast(.spectators(room: room.name, started: started, stopped: stopped, watching: watching))
    }

    // MARK: hosting, away, kicks

    /// Hosting to the first connected person seated other than the host (`host` told to the room);
    /// with `orAway`, when nobody else is connected, to the first person seated away (a host who left
    /// hands the table on while anyone is seated). Nothing when there is no such person.
    private static func passHost<Room: MembershipRoom>(_ room: inout Room, orAway: Bool = false) {
        guard let next = room.membership.seating.passHost(skipping: room.bots, orAway: orAway) else { return }
        room.broadcast(.host(room: room.name, player: next.name))
    }

    /// Marks `player` away after `missedTurns` time-outs in a row (the room is told, their session
    /// brings them back when they type); false when they already are, or are not connected.
    static func markAway<Room: MembershipRoom>(_ room: inout Room, _ player: PlayerID, missedTurns: Int) -> Bool {
        guard let client = room.membership.seating.markAway(player) else { return false }
        room.broadcast(
            .away(
                room: room.name, player: player.name, away: true, missedTurns: missedTurns, ownClock: room.timesOutOfRound))
        room.emit(.markedAway(client))
        return true
    }

    static func kick<Room: MembershipRoom>(_ room: inout Room, by client: ClientID, _ id: PlayerID, target: String) {
        guard room.membership.host == id, room.membership.isMember(id, client) else { return room.reply(.notHost) }
        let targetID = PlayerID(target)
        guard targetID != id else { return room.reply(.invalid("you cannot kick yourself; type leave")) }
        let members = room.membership.seats + room.membership.spectators
        guard let member = members.first(where: { $0.id == targetID }) else {
            return room.reply(.noSuchPlayer("\(target) is not in \(room.name)"))
        }
        room.reply(nil)
        // The room's `left` first, then `kicked` (the session's own queue sends it): in that order,
        // always. The `left` itself clears their turn prompt (`MemberOutput.turnNotice`).
        expel(&room, targetID, client: member.client, reason: "kicked by \(id.name)", by: id.name)
    }

    /// `target` (on `client`, nil while away) is put out by `by` (the host's kick, or "a vote"): the
    /// room's `left`, then their own `kicked`; a seat kept for an away player frees its name.
    private static func expel<Room: MembershipRoom>(
        _ room: inout Room, _ target: PlayerID, client: ClientID?, reason: String, by: String
    ) {
        remove(&room, target, client: nil, reason: reason, named: true)
        room.emit(client.map { .removed($0, by: by) } ?? .releaseName(target, nil))
    }

    /// `votekick <player>` (issue 33). The tally is the `VoteKick` value (its rules and tests in
    /// Moderation/); this applies its outcome: the room hears each vote, and a passed one removes the
    /// player as a kick does, barred from a seat here for `votekick-ban-minutes`.
    static func votekick<Room: MembershipRoom>(_ room: inout Room, by client: ClientID, _ id: PlayerID, target: String) {
        let (name, bots, now) = (room.name, room.bots, room.now)
        let seats = room.membership.seats
        guard room.membership.isMember(id, client), seats.contains(where: { $0.id == id }), !bots.contains(id) else {
            return room.reply(.invalid("only a player seated in \(name) votes; spectators have none"))
        }
        let targetID = PlayerID(target)
        guard let member = seats.first(where: { $0.id == targetID }) else {
            return room.reply(.noSuchPlayer("\(target) has no seat in \(name)"))
        }
        guard !bots.contains(targetID) else { return room.reply(.invalid("a bot is removed by the host: bot remove \(target)")) }
        let humans = Set(seats.filter { !bots.contains($0.id) }.map(\.id.key))
        switch room.membership.voteKick.vote(by: id.key, against: targetID.key, seatedHumans: humans, now: now) {
        case .notEligible: room.reply(.invalid("you cannot vote to kick yourself; type leave"))
        case .alreadyVoted: room.reply(.invalid("you voted to kick \(member.id.name) already"))
        case .tooSoon(let retryAt): room.reply(.voteTooSoon(seconds: Int((retryAt - now + 999_999_999) / 1_000_000_000)))
        case .started(let yes, let needed), .counted(let yes, let needed):
            room.reply(nil)
            room.broadcast(.votekick(room: name, target: member.id.name, by: id.name, yes: yes, needed: needed, passed: false))
        case .passed:
            room.reply(nil)
            let needed = VoteKick.needed(seatedHumans: humans.count)
            room.broadcast(.votekick(room: name, target: member.id.name, by: id.name, yes: needed, needed: needed, passed: true))
            let entry = ModerationEntry(
                at: room.wallNow, by: id.name, action: .votekick, target: member.id.name, detail: "out of \(name)")
            room.emit(.audit(entry))
            expel(&room, targetID, client: member.client, reason: "voted out", by: "a vote")
        }
    }
}
