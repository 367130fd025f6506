import HangmanCore
import Testing

@testable import HangmanServer

/// The room's steps as pure values (no socket, no clock): who comes in through the door
/// (`Seating.admit`, `Seating.refusal`), a setting changed (`SettingChange`) and a game's events
/// turned into broadcasts (`RoundEvents`).
struct RoomStepsTests {
    final class Client {}
    let ann = Client()
    let bob = Client()

    static func door(capacity: Int = 2, password: String? = nil, closed: Bool = false, barredFor: UInt64? = nil)
        -> Seating.Door
    {
        Seating.Door(room: "den", password: password, isClosed: closed, capacity: capacity, barredFor: barredFor)
    }

    @Test func theDoorRefusesAClosedRoomAWrongPasswordAndAFullTable() {
        var seating = Seating()
        #expect(seating.refusal("Ann", password: nil, spectator: true, door: Self.door(closed: true)) == .noSuchRoom("den"))
        let locked = Self.door(password: "pw")
        #expect(
            seating.refusal("Ann", password: nil, spectator: true, door: locked) == .roomPasswordMissing("den", watching: true))
        #expect(seating.refusal("Ann", password: "no", spectator: false, door: locked) == .badRoomPassword("den"))
        #expect(seating.refusal("Ann", password: "pw", spectator: false, door: locked) == nil)
        seating.seat("Ann", client: ObjectIdentifier(ann))
        let one = Self.door(capacity: 1)
        #expect(seating.refusal("bob", password: nil, spectator: false, door: one) == .roomFull("den"), "at capacity")
        #expect(seating.refusal("bob", password: nil, spectator: true, door: one) == nil, "the gallery has room")
        #expect(seating.refusal("Ann", password: nil, spectator: false, door: one) == nil, "their own seat")
        #expect(seating.refusal("bob", password: nil, spectator: false, door: Self.door(capacity: 2)) == nil, "one below")
    }

    @Test func aPlayerVotedOutMayWatchButNotSitAndIsToldTheWholeMinutesLeft() {
        let seating = Seating()
        let minute: UInt64 = 60_000_000_000
        #expect(
            seating.refusal("bob", password: nil, spectator: false, door: Self.door(barredFor: minute))
                == .votedOut("den", minutes: 1))
        #expect(
            seating.refusal("bob", password: nil, spectator: false, door: Self.door(barredFor: minute + 1))
                == .votedOut("den", minutes: 2), "a minute and a nanosecond: two minutes")
        #expect(seating.refusal("bob", password: nil, spectator: true, door: Self.door(barredFor: minute)) == nil)
    }

    @Test func admittingSeatsWatchesAndRefusesRepeats() throws {
        var seating = Seating()
        let annID = ObjectIdentifier(ann)
        #expect(seating.admit("Ann", client: annID, password: nil, spectator: false, door: Self.door()) == .success(.seated))
        #expect(seating.host == "Ann" && seating.seats.map(\.id) == ["Ann"])
        #expect(
            seating.admit("ann", client: annID, password: nil, spectator: false, door: Self.door())
                == .failure(.invalid("you are in den already")))
        #expect(
            seating.admit("Ann", client: ObjectIdentifier(bob), password: nil, spectator: true, door: Self.door())
                == .success(.reattach(seat: 0)), "a stale seat passes to its name's new client, not changed here")
        #expect(seating.seats[0].client == annID && seating.spectators.isEmpty)
        let bobID = ObjectIdentifier(bob)
        #expect(seating.admit("bob", client: bobID, password: nil, spectator: true, door: Self.door()) == .success(.watching))
        #expect(
            seating.admit("bob", client: bobID, password: nil, spectator: true, door: Self.door())
                == .failure(.invalid("you are watching den already")))
        #expect(
            seating.admit("bob", client: bobID, password: nil, spectator: false, door: Self.door(capacity: 1))
                == .failure(.roomFull("den")))
        #expect(seating.spectators.map(\.id) == ["bob"], "refused: still watching")
        #expect(seating.admit("bob", client: bobID, password: nil, spectator: false, door: Self.door()) == .success(.seated))
        #expect(seating.spectators.isEmpty && seating.seats.map(\.id) == ["Ann", "bob"], "stood up from the gallery")
    }

    @Test func aHostWhoDroppedIsAway() {
        var seating = Seating()
        #expect(!seating.hostIsAway, "nobody hosts")
        seating.seat("Ann", client: ObjectIdentifier(ann))
        #expect(!seating.hostIsAway)
        _ = seating.drop(seat: 0)
        #expect(seating.hostIsAway)
    }

    // MARK: SettingChange

    static let words = RoomWords(list: WordList(words: ["ab", "abc", "abcd"]), library: nil, ownMax: 3)

    static func change(_ key: String, _ value: String, byHost: Bool = true, seated: Int = 1)
        -> Result<SettingChange, ServerError>
    {
        SettingChange.make(key, value, byHost: byHost, current: Settings(), words: words, room: "den", seated: seated)
    }

    @Test func onlyTheHostSetsAKnownKeyToAValidValue() throws {
        #expect(Self.change("rounds", "5", byHost: false) == .failure(.notHost))
        guard case .failure(let unknown) = Self.change("colour", "red") else { return #expect(Bool(false)) }
        #expect(unknown == ServerError(SettingsError.unknownKey("colour")))
        guard case .failure(let range) = Self.change("rounds", "51") else { return #expect(Bool(false), "past the edge") }
        #expect(range.message.contains("rounds"))
        let made = try Self.change("rounds", "50").get()
        #expect(made.key == .rounds && made.settings.rounds == 50, "at the edge")
    }

    @Test func seatsNeverGoBelowThePlayersSeated() throws {
        #expect(
            Self.change("seats", "2", seated: 3) == .failure(.outOfRange("3 players are seated; seats must be at least that")))
        let exact = try Self.change("seats", "3", seated: 3).get()
        #expect(exact.settings.seats == 3)
    }

    @Test func theAnnouncementSaysWhenTheChangeApplies() throws {
        let rounds = try Self.change("rounds", "4").get()
        guard
            case .settingChanged(let room, let key, _, let shown, let nextRound, let by) =
                rounds.announcement(room: "den", by: "Ann", playing: true)
        else { return #expect(Bool(false)) }
        #expect(room == "den" && key == "rounds" && shown == "4" && nextRound && by == "Ann")
        guard case .settingChanged(_, _, _, _, let idle, _) = rounds.announcement(room: "den", by: "Ann", playing: false)
        else { return #expect(Bool(false)) }
        #expect(!idle, "no game: nothing waits for a next round")
        let seats = try Self.change("seats", "4").get()
        guard case .settingChanged(_, _, _, _, let now, _) = seats.announcement(room: "den", by: "Ann", playing: true)
        else { return #expect(Bool(false)) }
        #expect(!now, "seats apply at once")
    }

    @Test func aGameUnderWayTakesTheChangeFromItsNextRound() throws {
        var rng = SeededRandom(seed: 7)
        var game = try Game(settings: Settings(), players: ["Ann"], words: Self.words.list, rng: &rng)
        let (length, pattern) = (game.round.length, game.round.pattern)
        let change = try Self.change("rounds", "2").get()
        try change.apply(to: &game, current: Settings(), words: Self.words, rng: &rng)
        #expect(game.pendingSettings?.rounds == 2 && game.settings.rounds == 3, "pending until the next round")
        #expect(game.round.length == length && game.round.pattern == pattern, "the round under way keeps its word")
    }
}
