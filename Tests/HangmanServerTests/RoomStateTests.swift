import HangmanCore
import HangmanStore
import Testing

@testable import HangmanServer

/// The table's rules as values: `RoomState.handle` with no queue, no clock and no socket. Each test
/// feeds inputs and reads the actions.
@Suite(.ownThread) struct RoomStateTests {
    final class Client {}
    let ann = Client()
    let bob = Client()
    let cy = Client()

    func id(_ client: Client) -> ObjectIdentifier { ObjectIdentifier(client) }

    func room(turn: Int? = 10, grace: Int = 60) -> RoomState {
        var settings = Settings()
        settings.turnSeconds = turn
        settings.rounds = 2
        return RoomState(
            name: "home", password: nil, isQuick: false, settings: settings, words: WordList(words: ["ab"]),
            rng: SeededRandom(seed: 1), limits: RoomLimits(graceSeconds: grace, turnWarningSeconds: 5))
    }

    /// ann (host), bob and cy seated, game started: ann's turn.
    func table(turn: Int? = 10, grace: Int = 60) -> RoomState {
        var state = room(turn: turn, grace: grace)
        _ = state.handle(.join(id(ann), "Ann", password: nil, spectator: false), at: 0, wall: 0)
        _ = state.handle(.join(id(bob), "bob", password: nil, spectator: false), at: 0, wall: 0)
        _ = state.handle(.join(id(cy), "cy", password: nil, spectator: false), at: 0, wall: 0)
        _ = state.handle(.start(by: id(ann), "ann"), at: 0, wall: 0)
        return state
    }

    static func broadcasts(_ actions: [RoomState.Action]) -> [Outbound] {
        actions.compactMap { if case .broadcast(let event) = $0 { event } else { nil } }
    }

    static func lastState(_ actions: [RoomState.Action]) -> RoomSnapshot? {
        broadcasts(actions).compactMap { if case .state(let snapshot) = $0 { snapshot } else { nil } }.last
    }

    @Test func phasesGoFromWaitingToPlayingToOver() {
        var state = room(turn: nil)
        #expect(state.status == .waiting)
        _ = state.handle(.join(id(ann), "Ann", password: nil, spectator: false), at: 0, wall: 0)
        let started = state.handle(.start(by: id(ann), "ann"), at: 0, wall: 100)
        #expect(state.status == .playing)
        #expect(started.contains { if case .reply(nil) = $0 { true } else { false } })
        _ = state.handle(.guess(by: id(ann), "Ann", letter: nil, word: "ab"), at: 0, wall: 0)
        let last = state.handle(.guess(by: id(ann), "Ann", letter: nil, word: "ab"), at: 0, wall: 130)
        #expect(state.status == .over)
        let save = last.compactMap { if case .saveGame(let record, _) = $0 { record } else { nil } }.first
        #expect(save?.rounds.count == 2 && save?.started == 100 && save?.ended == 130)
    }

    @Test func theTurnTimerIsArmedWithATokenAndAStaleOneDoesNothing() {
        var state = table()
        let armed = state.handle(.guess(by: id(ann), "Ann", letter: "z", word: nil), at: 1_000, wall: 0)
        let timeouts = armed.compactMap { action -> RoomState.Timer? in
            if case .arm(let timer, 10) = action, case .turnTimeout = timer { timer } else { nil }
        }
        #expect(timeouts.count == 1)
        #expect(armed.contains { if case .cancelTurnTimers = $0 { true } else { false } })
        guard let timeout = timeouts.first else { return }
        // bob guesses before it fires: the armed timer is stale.
        _ = state.handle(.guess(by: id(bob), "bob", letter: "y", word: nil), at: 2_000, wall: 0)
        #expect(state.handle(.timerFired(timeout), at: 3_000, wall: 0).isEmpty)
        #expect(state.game?.turn == "cy")
    }

    @Test func aDroppedPlayerIsSkippedAndTheGraceTimerFreesTheSeat() {
        var state = table(grace: 30)
        let dropped = state.handle(.dropped("ann", id(ann)), at: 0, wall: 0)
        #expect(Self.lastState(dropped)?.turn == "bob")
        #expect(dropped.contains { if case .markAway("ann", _) = $0 { true } else { false } })
        let grace = dropped.compactMap { action -> RoomState.Timer? in
            if case .arm(let timer, 30) = action, case .grace = timer { timer } else { nil }
        }.first
        guard let grace else { return #expect(Bool(false), "no grace timer") }
        let expired = state.handle(.timerFired(grace), at: 0, wall: 0)
        #expect(state.seats.map(\.name) == ["bob", "cy"])
        #expect(expired.contains { if case .releaseName("ann", nil) = $0 { true } else { false } })
        #expect(state.host == "bob", "hosting passed on")
    }

    @Test func aResumeWithinGraceMakesTheGraceTimerStale() {
        var state = table(grace: 30)
        let dropped = state.handle(.dropped("ann", id(ann)), at: 0, wall: 0)
        let grace = dropped.compactMap { action -> RoomState.Timer? in
            if case .arm(let timer, _) = action, case .grace = timer { timer } else { nil }
        }.first
        let again = Client()
        let resumed = state.handle(.resume(ObjectIdentifier(again), "ANN"), at: 0, wall: 0)
        #expect(resumed.contains { if case .reply(nil) = $0 { true } else { false } })
        if let grace { #expect(state.handle(.timerFired(grace), at: 0, wall: 0).isEmpty) }
        #expect(state.seats.map(\.name) == ["Ann", "bob", "cy"])
        #expect(state.playerViews().allSatisfy { $0.connected })
    }

    @Test func onlyTheHostSetsAndStartsAndKicks() {
        var state = table()
        #expect(state.handle(.set(by: id(bob), "bob", key: "misses", value: "3"), at: 0, wall: 0).first.isReply(.notHost))
        #expect(state.handle(.kick(by: id(bob), "bob", target: "cy"), at: 0, wall: 0).first.isReply(.notHost))
        let kicked = state.handle(.kick(by: id(ann), "ann", target: "ANN"), at: 0, wall: 0)
        #expect(kicked.first.isReply(.invalid("you cannot kick yourself; type leave")))
    }

    @Test func aFullRoomRefusesASeatButNotAWatcher() {
        var state = room()
        _ = state.handle(.join(id(ann), "Ann", password: nil, spectator: false), at: 0, wall: 0)
        _ = state.handle(.set(by: id(ann), "Ann", key: "seats", value: "1"), at: 0, wall: 0)
        #expect(
            state.handle(.join(id(bob), "bob", password: nil, spectator: false), at: 0, wall: 0).first.isReply(.roomFull("home")))
        #expect(state.handle(.join(id(bob), "bob", password: nil, spectator: true), at: 0, wall: 0).first.isReply(nil))
    }
}

extension Optional where Wrapped == RoomState.Action {
    func isReply(_ error: ServerError?) -> Bool {
        if case .reply(let given)? = self { return given == error }
        return false
    }
}

/// A seat that never played and is away at the game's end is not in its result (it used to get a
/// 0-point row in the high scores and history: quick play seats a dropped player's ghost).
@Suite(.ownThread) struct AbsentPlayerResultTests {
    final class Client {}
    let ann = Client()
    let bob = Client()
    func id(_ client: Client) -> ObjectIdentifier { ObjectIdentifier(client) }

    func table() -> RoomState {
        var settings = Settings()
        settings.turnSeconds = nil
        settings.rounds = 1
        var state = RoomState(
            name: "home", password: nil, isQuick: false, settings: settings, words: WordList(words: ["ab"]),
            rng: SeededRandom(seed: 1), limits: RoomLimits(graceSeconds: 60, turnWarningSeconds: 5))
        _ = state.handle(.join(id(ann), "Ann", password: nil, spectator: false), at: 0, wall: 0)
        _ = state.handle(.join(id(bob), "bob", password: nil, spectator: false), at: 0, wall: 0)
        _ = state.handle(.start(by: id(ann), "ann"), at: 0, wall: 0)
        return state
    }

    static func saved(_ actions: [RoomState.Action]) -> (record: GameRecord, views: [PlayerView])? {
        actions.compactMap { if case .saveGame(let record, let views) = $0 { (record: record, views: views) } else { nil } }.first
    }

    @Test func aDroppedSeatThatNeverPlayedIsLeftOut() {
        var state = table()
        _ = state.handle(.dropped("bob", id(bob)), at: 0, wall: 0)
        let end = state.handle(.guess(by: id(ann), "Ann", letter: nil, word: "ab"), at: 0, wall: 0)
        let saved = Self.saved(end)
        #expect(saved?.record.results.map(\.name) == ["Ann"])
        #expect(saved?.views.map(\.name) == ["Ann"])
    }

    @Test func aDroppedSeatThatPlayedKeepsItsResult() {
        var state = table()
        _ = state.handle(.guess(by: id(ann), "Ann", letter: "z", word: nil), at: 0, wall: 0)  // a miss: bob's turn
        _ = state.handle(.guess(by: id(bob), "bob", letter: "y", word: nil), at: 0, wall: 0)
        _ = state.handle(.dropped("bob", id(bob)), at: 0, wall: 0)
        let end = state.handle(.guess(by: id(ann), "Ann", letter: nil, word: "ab"), at: 0, wall: 0)
        #expect(Self.saved(end)?.record.results.map(\.name) == ["Ann", "bob"])
    }

    @Test func aSeatThereThatNeverPlayedKeepsItsResult() {
        var state = table()
        let end = state.handle(.guess(by: id(ann), "Ann", letter: nil, word: "ab"), at: 0, wall: 0)
        #expect(Self.saved(end)?.record.results.map(\.name) == ["Ann", "bob"])
    }
}
