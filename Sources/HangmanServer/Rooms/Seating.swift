import HangmanCore

/// Who sits at a table, a pure value: the seats in order, the spectators, the host and its
/// hand-over, the grace period of a dropped seat (its token), and the seats marked away after too
/// many time-outs. RoomState asks it and tells the room what changed.
struct Seating {
    typealias ClientID = ObjectIdentifier

    struct Member {
        var id: PlayerID
        var name: String { id.name }
        /// nil while the player is away (seat kept for the grace period).
        fileprivate(set) var client: ClientID?
        fileprivate(set) var graceToken: UInt64 = 0

        init(id: PlayerID, client: ClientID?) {
            self.id = id
            self.client = client
        }
    }

    private(set) var seats: [Member] = []
    private(set) var spectators: [Member] = []
    private(set) var host: PlayerID?
    /// Seated and connected, but marked away after too many time-outs: skipped until they type.
    private(set) var away: Set<PlayerID> = []
    private var nextGraceToken: UInt64 = 0

    /// What a room asks of a newcomer besides a free seat, as it is when they ask.
    struct Door {
        var room: String
        /// The room's password (nil: open to all).
        var password: String?
        var isClosed: Bool
        /// The seats the room has (`seats`).
        var capacity: Int
        /// How long the newcomer is still voted out of the seats (nanoseconds), if they are.
        var barredFor: UInt64?
    }

    /// Where `admit` let a newcomer in.
    enum Admission: Equatable {
        /// A seat under their name with another client (stale: its player dropped while moving)
        /// passes to them: the seat at this index.
        case reattach(seat: Int)
        /// In the gallery, or at the table (a spectator asking for a seat stands up from the gallery).
        case watching, seated
    }

    /// Why `door` turns `id` away (nil: it lets them in): the room gone, voted out (a seat only), a
    /// wrong or missing password, no free seat.
    func refusal(_ id: PlayerID, password: String?, spectator: Bool, door: Door) -> ServerError? {
        if door.isClosed { return .noSuchRoom(door.room) }
        if !spectator, let left = door.barredFor {
            return .votedOut(door.room, minutes: Int((left + 59_999_999_999) / 60_000_000_000))
        }
        if let required = door.password, required != password {
            return password == nil ? .roomPasswordMissing(door.room, watching: spectator) : .badRoomPassword(door.room)
        }
        if !spectator, seatIndex(of: id) == nil, seats.count >= door.capacity { return .roomFull(door.room) }
        return nil
    }

    /// `id` on `client` comes in through `door`, to watch or to sit: where they are let in, or why not
    /// (a refusal, or a repeat of where they are already). A seat or place under this name with
    /// another client is stale: the lobby gives a name to one member at a time.
    mutating func admit(_ id: PlayerID, client: ClientID, password: String?, spectator: Bool, door: Door)
        -> Result<Admission, ServerError>
    {
        if let refused = refusal(id, password: password, spectator: spectator, door: door) { return .failure(refused) }
        if let index = seatIndex(of: id) {
            guard seats[index].client != client else { return .failure(.invalid("you are in \(door.room) already")) }
            return .success(.reattach(seat: index))
        }
        if let index = spectatorIndex(of: id) {
            guard spectators[index].client != client || !spectator else {
                return .failure(.invalid("you are watching \(door.room) already"))
            }
            if spectators[index].client == client, seats.count >= door.capacity { return .failure(.roomFull(door.room)) }
            spectators.remove(at: index)
        }
        if spectator {
            watch(id, client: client)
            return .success(.watching)
        }
        guard seats.count < door.capacity else { return .failure(.roomFull(door.room)) }
        seat(id, client: client)
        return .success(.seated)
    }

    /// Why `id` on `client` may not play here (watching, or not in the room); nil when seated.
    func playRefusal(_ id: PlayerID, client: ClientID, room: String) -> ServerError? {
        if spectators.contains(where: { $0.id == id && $0.client == client }) {
            return .notYourTurn("you are watching \(room); join \(room) to play")
        }
        return seats.contains { $0.id == id && $0.client == client } ? nil : .noGame("you are not in \(room)")
    }

    /// The host's seat is held by nobody connected (they dropped while alone at the table).
    var hostIsAway: Bool { seats.first { $0.id == host }.map { $0.client == nil } ?? false }

    func seatIndex(of id: PlayerID) -> Int? { seats.firstIndex { $0.id == id } }

    func spectatorIndex(of id: PlayerID) -> Int? { spectators.firstIndex { $0.id == id } }

    /// `id` sits down on `client` (the first person seated hosts).
    mutating func seat(_ id: PlayerID, client: ClientID) {
        seats.append(Member(id: id, client: client))
        if host == nil { host = id }
    }

    mutating func watch(_ id: PlayerID, client: ClientID) {
        spectators.append(Member(id: id, client: client))
    }

    mutating func removeSpectator(at index: Int) -> Member { spectators.remove(at: index) }

    /// The seat at `index` is given up; a host leaving leaves nobody hosting (`passHost` next).
    mutating func removeSeat(at index: Int) -> Member {
        let member = seats.remove(at: index)
        if host == member.id { host = nil }
        return member
    }

    /// The seat at `index` is taken by `client` (a return): connected, no grace running, not away.
    mutating func reattach(seat index: Int, to client: ClientID) {
        seats[index].client = client
        seats[index].graceToken = 0
        away.remove(seats[index].id)
    }

    /// The seat at `index` lost its connection: kept for a grace period, whose token is returned.
    mutating func drop(seat index: Int) -> UInt64 {
        nextGraceToken += 1
        seats[index].client = nil
        seats[index].graceToken = nextGraceToken
        return nextGraceToken
    }

    /// Whether the grace period `token` of `player`'s seat is the one running (it was not taken back).
    func graceRunning(_ player: PlayerID, token: UInt64) -> Bool {
        guard let seat = seats.first(where: { $0.id == player }) else { return false }
        return seat.client == nil && seat.graceToken == token
    }

    /// Marks `player` away; their client, or nil when they are already away or not connected.
    mutating func markAway(_ player: PlayerID) -> ClientID? {
        guard !away.contains(player), let client = seats.first(where: { $0.id == player })?.client else { return nil }
        away.insert(player)
        return client
    }

    /// `player` is back from away; false when they were not away.
    mutating func back(_ player: PlayerID) -> Bool { away.remove(player) != nil }

    /// Hosting to the first connected person seated other than the host and not in `bots`; with
    /// `orAway`, when nobody else is connected, to the first such person seated away. The new host,
    /// or nil (nothing changed) when there is no such person.
    mutating func passHost(skipping bots: Set<PlayerID>, orAway: Bool) -> Member? {
        let people = seats.filter { $0.id != host && !bots.contains($0.id) }
        guard let next = people.first(where: { $0.client != nil }) ?? (orAway ? people.first : nil) else { return nil }
        host = next.id
        return next
    }
}
