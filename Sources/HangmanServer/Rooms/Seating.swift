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
