import Dispatch
import HangmanCore
import Synchronization

/// The directory of the server: who is online under which name, which rooms exist, and who sits in
/// the lobby (for lobby chat). Everything here is confined to `queue`; rooms and members talk to it
/// only through async calls, and its answers go back to the caller's queue.
final class Lobby: @unchecked Sendable {  // mutable state confined to `queue`
    /// An online (or away, within the grace period) player.
    struct Entry {
        var id: PlayerID
        var name: String { id.name }
        /// nil while the player is away (disconnected, seat kept for the grace period).
        var member: (any LobbyMember)?
        var room: Room?
        /// What resumes an unregistered player's seat from another address (`name ann#4821`).
        var resumeToken: String
        /// The address group the name was taken from: it may resume without the token.
        var group: String
        /// Logged in with a password the store stamped: its member is asked every
        /// `account-check-seconds` whether that password is still the account's.
        var checked = false
        /// The player's connection was cut for reading too slowly: told when they resume the seat.
        var cut: SlowReadCut?
    }

    /// Who is asking for a name (`claim`).
    struct Claimant {
        var member: any LobbyMember
        /// The claimant's address group.
        var group: String
        /// The right password was given: the name may be taken over, and an away seat resumed, freely.
        var registered: Bool
        /// The resume token typed after the name (`ann#4821`), if any.
        var token: String?
        /// Logged in with a stamped password (`Entry.checked`).
        var checked = false
    }

    enum ClaimResult {
        /// `id` is who the player now is: on a resume, the identity their seat was taken under (the
        /// display name as first typed), whatever case they typed this time.
        /// `displaced`: the member that held the name until now (a takeover), to be told and closed.
        /// `token`: the name's resume token, shown to an unregistered player once.
        /// `cut`: on a resume, why the server cut the player's last connection, if it did.
        case claimed(
            id: PlayerID, resumed: Room?, displaced: (any LobbyMember)? = nil, token: String? = nil, cut: SlowReadCut? = nil)
        /// Someone connected has the name.
        case taken
        /// The name's seat is kept for its player, who lost their connection (grace period), and the
        /// claimant is neither from their address group nor holding their resume token.
        case kept
    }

    let queue = DispatchQueue(label: "hangman.lobby")
    /// What the lobby uses of the server, held strongly: a store reply or a timer may run after the
    /// `GameServer` is gone (a test drops it, a shutdown ends), and must find these still there.
    let server: LobbyServices
    /// The server, for making rooms only (a room needs all of it). Weak: the server owns the lobby.
    /// Only a member's request makes a room, and every member holds the server, so it is there then.
    private weak let home: GameServer?
    /// Internal (not private) for `Lobby+PasswordCheck.swift`; like everything here, only on `queue`.
    var players = Registry() {
        didSet { playersOnline.store(players.online, ordering: .relaxed) }
    }
    /// `players.online` readable from any thread without waiting for `queue` (MSSP's PLAYERS is
    /// answered on a connection's queue): the count as of the lobby's last change.
    let playersOnline = Atomic<Int>(0)
    private var rooms: [String: Room] = [:]
    /// Members in the lobby (not in a room), by player.
    private var idle: [PlayerID: any LobbyMember] = [:]
    private var quickCounter = 0
    /// Quick-play seats handed out whose join has not finished yet, by room key.
    private var quickReservations: [String: Int] = [:]
    /// The next password check is armed (`Lobby+PasswordCheck.swift`).
    var passwordCheckArmed = false
    /// The next read of the sanctions in force is armed (`Lobby+Moderation.swift`).
    var sanctionCheckArmed = false

    init(home: GameServer, services: LobbyServices) {
        self.home = home
        self.server = services
    }

    // MARK: names

    /// Whether `key` belongs to someone connected right now (an away player's name can be resumed).
    func isOnline(_ id: PlayerID, reply: @escaping @Sendable (Bool) -> Void) {
        queue.async {
            reply(self.players[id]?.member != nil)
        }
    }

    /// Takes a name for `member`, or resumes an away player's seat under it.
    /// A resumed player keeps the identity (and so the display name) their seat was taken under.
    func claim(id: PlayerID, member: any LobbyMember, reply: @escaping @Sendable (ClaimResult) -> Void) {
        claim(id: id, as: Claimant(member: member, group: "", registered: false, token: nil, checked: false), reply: reply)
    }

    /// The rules (issue 15 items 5 and 7): a name online is taken unless the claimant gave its
    /// password (a takeover: the old member is handed back to be told and closed); an away seat
    /// of an unregistered name resumes only with its resume token or from the address group it
    /// was taken from, else the name is taken until its grace ends.
    func claim(id: PlayerID, as claimant: Claimant, reply: @escaping @Sendable (ClaimResult) -> Void) {
        let member = claimant.member
        queue.async {
            if let entry = self.players[id] {
                var displaced: (any LobbyMember)?
                if let current = entry.member {
                    guard claimant.registered, current !== member else { return reply(.taken) }
                    displaced = current
                    self.idle.removeValue(forKey: id)
                } else if !claimant.registered {
                    let mayResume =
                        claimant.token == entry.resumeToken || (!entry.group.isEmpty && claimant.group == entry.group)
                    guard mayResume else { return reply(.kept) }
                }
                self.players[id]?.member = member
                self.players[id]?.group = claimant.group
                self.players[id]?.checked = claimant.checked
                if claimant.checked { self.armPasswordCheck() }
                let token = claimant.registered ? nil : entry.resumeToken
                self.players[id]?.cut = nil  // told once, to whoever has the name now
                if let room = entry.room {
                    return reply(.claimed(id: entry.id, resumed: room, displaced: displaced, token: token, cut: entry.cut))
                }
                self.players[id]?.id = id
                self.idle[id] = member
                return reply(.claimed(id: id, resumed: nil, displaced: displaced, token: token))
            }
            let token = Self.makeToken()
            self.players[id] = Entry(
                id: id, member: member, room: nil, resumeToken: token, group: claimant.group, checked: claimant.checked)
            if claimant.checked { self.armPasswordCheck() }
            self.idle[id] = member
            reply(.claimed(id: id, resumed: nil, token: claimant.registered ? nil : token))
        }
    }

    /// Gives a house bot the first free name of its level (`bot-fair`, `bot-fair-2`, …). People
    /// cannot take names with the `bot-` prefix, so only bots compete for these. A bot is never
    /// listed in the lobby (`idle`): it exists only seated.
    func claimBot(level: BotLevel, member: any LobbyMember, reply: @escaping @Sendable (PlayerID) -> Void) {
        queue.async {
            let base = CommandParser.houseBotPrefix + level.rawValue
            var id = PlayerID(base)
            var number = 1
            while self.players[id] != nil {
                number += 1
                id = PlayerID("\(base)-\(number)")
            }
            self.players[id] = Entry(id: id, member: member, room: nil, resumeToken: "", group: "")
            reply(id)
        }
    }

    /// Six random digits: a guess costs a whole login (name prompt, lobby round trip), so within a
    /// grace period of a minute a guesser gets a few thousand tries out of 900,000.
    static func makeToken() -> String {
        var random = SystemRandomNumberGenerator()
        return String(100_000 + random.next(upperBound: UInt64(900_000)))
    }

    /// The player is gone for good (quit, or their grace period ran out).
    func release(id: PlayerID, member: (any RoomMember)?) {
        queue.async {
            guard let entry = self.players[id] else { return }
            // A stale release (from an older member of a player who came back) must not drop the new one.
            if let member, let current = entry.member, current !== member { return }
            self.players[id] = nil
            self.idle.removeValue(forKey: id)
        }
    }

    /// The server cut `member`'s connection for reading too slowly: kept with the name, for the
    /// player's return within the grace period. Sent before the room hears of the drop.
    func noteCut(id: PlayerID, member: any RoomMember, _ cut: SlowReadCut) {
        queue.async {
            guard self.players[id]?.member === member else { return }
            self.players[id]?.cut = cut
        }
    }

    /// A seated player's connection dropped: keep the name for the room's grace period.
    func markAway(id: PlayerID, member: any RoomMember) {
        queue.async {
            guard let entry = self.players[id], entry.member === member else { return }
            self.players[id]?.member = nil
            self.idle.removeValue(forKey: id)
        }
    }

    /// Records where a player is now (nil = the lobby).
    func setLocation(id: PlayerID, member: any LobbyMember, room: Room?) {
        queue.async {
            guard self.players[id]?.member === member else { return }
            self.players[id]?.room = room
            if room == nil { self.idle[id] = member } else { self.idle.removeValue(forKey: id) }
        }
    }

    func countOnline(reply: @escaping @Sendable (Int) -> Void) {
        // House bots are not players online.
        queue.async {
            reply(self.players.online)
        }
    }

    // MARK: rooms

    func room(named name: String, reply: @escaping @Sendable (Room?) -> Void) {
        queue.async { reply(self.rooms[PlayerID.fold(name)]) }
    }

    /// The room called `name`, if any. On `queue`.
    func existingRoom(named name: String) -> Room? { rooms[PlayerID.fold(name)] }

    /// Makes a room unless the name is in use or the room limit is reached. On `queue`.
    func makeRoom(name: String, password: String?, settings: Settings) -> Result<Room, ServerError> {
        let key = PlayerID.fold(name)
        guard rooms[key] == nil else { return .failure(.roomExists(name)) }
        guard rooms.count < server.config.maxRooms else { return .failure(.tooManyRooms(server.config.maxRooms)) }
        guard let home else { return .failure(.closing) }
        let room = Room(name: name, password: password, isQuick: false, settings: settings, server: home)
        rooms[key] = room
        return .success(room)
    }

    /// Quick play: the public room with a free seat and the most players, else a new quick room with
    /// `settings` (the opener's remembered ones) as `QuickRoomSettings` allows. With `fresh` (a retry
    /// after the pick filled up meanwhile) always a new quick room. The seat handed out counts
    /// until `quickJoinFinished`. On `queue`.
    func pickQuickRoom(settings: Settings, fresh: Bool) -> Result<Room, ServerError> {
        // A room's directory lags the joins in flight, so seats handed out and not yet taken count too.
        let candidates =
            fresh
            ? []
            : rooms.values.filter { $0.isQuick && $0.directory.freeSeats - quickReservations[$0.key, default: 0] > 0 }
        if let best = candidates.max(by: { ($0.directory.players, $1.name) < ($1.directory.players, $0.name) }) {
            quickReservations[best.key, default: 0] += 1
            return .success(best)
        }
        guard rooms.count < server.config.maxRooms else { return .failure(.tooManyRooms(server.config.maxRooms)) }
        guard let home else { return .failure(.closing) }
        var name: String
        repeat {
            quickCounter += 1
            name = "quick-\(quickCounter)"
        } while rooms[name] != nil
        let quick = QuickRoomSettings.settings(remembered: settings, defaults: server.config.game)
        let room = Room(name: name, password: nil, isQuick: true, settings: quick, server: home)
        rooms[name] = room
        quickReservations[room.key, default: 0] += 1
        return .success(room)
    }

    /// A quick-play join handed out by `pickQuickRoom` has finished (either way). Any queue.
    func quickJoinFinished(_ room: Room) {
        queue.async {
            guard let count = self.quickReservations[room.key] else { return }
            self.quickReservations[room.key] = count > 1 ? count - 1 : nil
        }
    }

    /// A room has emptied: forget it (only if the directory still points at that very room).
    func removeRoom(_ room: Room) {
        queue.async {
            if self.rooms[room.key] === room {
                self.rooms.removeValue(forKey: room.key)
                self.quickReservations.removeValue(forKey: room.key)
            }
        }
    }

    /// Summaries for `rooms`, by name.
    func listRooms(reply: @escaping @Sendable ([RoomSummary]) -> Void) {
        queue.async {
            reply(self.rooms.values.map(\.directory.summary).sorted { PlayerID.fold($0.name) < PlayerID.fold($1.name) })
        }
    }

    /// Names of the players in the lobby, for `who`.
    func lobbyNames(reply: @escaping @Sendable ([String]) -> Void) {
        queue.async { reply(self.idle.keys.compactMap { self.players[$0]?.name }.sorted()) }
    }

    // MARK: chat and broadcasts

    func chat(from: String, text: String, sender: (any RoomMember)? = nil) {
        queue.async {
            var rendered = RenderedEvent(.chat(room: nil, from: from, text: text))
            for member in self.idle.values { member.output.deliver(&rendered) }
            sender?.output.chatBroadcast()
        }
    }

    /// `event` to `member` alone, after the lobby chat queued so far.
    func tell(_ member: any RoomMember, _ event: Outbound) {
        queue.async { member.output.deliver(event) }
    }

    /// Every connected member, lobby and rooms alike: the shutdown notice, their last words (no
    /// prompt after it, nothing sent after it).
    func broadcastAll(_ event: Outbound, then: @escaping @Sendable () -> Void) {
        queue.async {
            var rendered = RenderedEvent(event)
            for entry in self.players.entries.values { entry.member?.output.deliverLast(&rendered) }
            then()
        }
    }
}
