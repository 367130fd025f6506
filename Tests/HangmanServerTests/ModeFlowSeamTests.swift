import HangmanCore
import HangmanStore
import Testing

@testable import HangmanServer

/// The seams the room and the renderers ask instead of naming a mode (`ModeFlows`, `ModeView`,
/// `OwnBoardsFlow`), with a fake mode's flow beside the registry's: a mode is added without
/// touching the room, its timer, its commands or the renderers.
@Suite(.ownThread) struct ModeFlowSeamTests {
    final class Client {}
    let ann = Client()
    let bob = Client()

    func id(_ client: Client) -> ObjectIdentifier { ObjectIdentifier(client) }

    /// A mode's flow that takes the `word` command, arms its own timer, hears the game's events and
    /// adds a line and a field to the board, each when told to, and says so in a line to the room.
    struct FakeFlow: ModeFlow {
        var tag = "fake"
        var takesWord = false
        var armsTimer = false
        var changesBoard = false

        func word(
            _ room: inout some ModeRoom, by client: RoomState.ClientID, _ id: PlayerID, word: String, hint: String?, bare: Bool
        )
            -> Bool
        {
            guard takesWord else { return false }
            room.reply(nil)
            room.broadcast(.info("\(tag) took \(word)"))
            return true
        }

        func armTimer(_ room: inout some ModeRoom) -> Bool {
            guard armsTimer else { return false }
            room.emit(.arm(.modeTimeout(token: room.turnToken, mode: .classic, player: nil), afterSeconds: 7))
            return true
        }

        func handle(_ event: GameEvent, _ room: inout some ModeRoom) -> Bool {
            room.broadcast(.info("\(tag) heard"))
            return changesBoard
        }

        func textLines(_ s: RoomSnapshot, _ p: Paint) -> [String] { ["", "Fake:    round \(s.round)"] }
        func spokenLines(_ s: RoomSnapshot) -> [String] { ["Fake: round \(s.round)."] }
        func jsonFields(_ w: inout JSONWriter, _ s: RoomSnapshot) { w.field("fake", s.round) }
    }

    /// ann (host) and bob seated in `home`, a classic game of one round of "ab" under way.
    func playing() -> RoomState {
        var settings = Settings()
        settings.rounds = 1
        settings.turnSeconds = nil
        var state = RoomState(
            name: "home", password: nil, isQuick: false, settings: settings, words: WordList(words: ["ab"]),
            rng: SeededRandom(seed: 3), limits: RoomLimits(graceSeconds: 60, turnWarningSeconds: 5))
        for (client, name) in [(ann, "Ann"), (bob, "bob")] {
            _ = state.handle(.join(id(client), PlayerID(name), password: nil, spectator: false), at: 0, wall: 0)
        }
        _ = state.handle(.start(by: id(ann), "ann"), at: 0, wall: 0)
        return state
    }

    static func infos(_ state: RoomState) -> [String] {
        RoomStateTests.broadcasts(state.actions).compactMap { if case .info(let line) = $0 { line } else { nil } }
    }

    @Test func aWordNoFlowTakesIsAnUnknownCommand() {
        var state = playing()
        ModeFlows.word(&state, by: id(bob), "bob", word: "elephant", hint: nil, bare: true, flows: [ClassicFlow(), FakeFlow()])
        #expect(TeamsFlowTests.reply(state.actions) == .some(.unknownCommand("elephant")))
    }

    @Test func theFirstFlowThatTakesTheWordAnswersItAlone() {
        var state = playing()
        let flows: [any ModeFlow] = [ClassicFlow(), FakeFlow(tag: "one", takesWord: true), FakeFlow(tag: "two", takesWord: true)]
        ModeFlows.word(&state, by: id(bob), "bob", word: "elephant", hint: nil, bare: false, flows: flows)
        #expect(TeamsFlowTests.reply(state.actions) == .some(nil))
        #expect(Self.infos(state) == ["one took elephant"])
    }

    @Test func aModesOwnTimerIsArmedInsteadOfTheTurnsAndOnlyWhenItSaysSo() {
        var state = playing()
        #expect(!ModeFlows.armTimer(&state, flows: [ClassicFlow(), FakeFlow()]))
        #expect(state.actions.isEmpty)
        #expect(ModeFlows.armTimer(&state, flows: [FakeFlow(armsTimer: true), FakeFlow(armsTimer: true)]))
        let armed = state.actions.compactMap { if case .arm(let timer, let after) = $0 { (timer, after) } else { nil } }
        #expect(armed.count == 1 && armed.first?.1 == 7)
        #expect(armed.first?.0 == .modeTimeout(token: state.turnToken, mode: .classic, player: nil))
        #expect(armed.first?.0.turnAlarm == 1, "a mode's timer is the turn's end alarm, re-armed in place")
    }

    @Test func aStaleModeTimerDoesNothing() {
        var state = playing()
        let stale = state.turnToken &+ 1
        let fired = state.handle(.timerFired(.modeTimeout(token: stale, mode: .race, player: nil)), at: 0, wall: 0)
        #expect(RoomStateTests.broadcasts(fired).isEmpty)
    }

    @Test func everyFlowHearsAModesEventAndAnyChangeDrawsTheBoard() {
        var state = playing()
        let event = GameEvent.setterScored(player: "bob", points: 3)
        #expect(!ModeFlows.handle(event, &state, flows: [FakeFlow(tag: "one"), FakeFlow(tag: "two")]))
        #expect(Self.infos(state) == ["one heard", "two heard"])
        #expect(ModeFlows.handle(event, &state, flows: [FakeFlow(tag: "one", changesBoard: true), FakeFlow(tag: "two")]))
    }

    @Test func aFakeModesBoardGoesThroughTheRenderSeamInEveryStyle() {
        var s = ModeWireSamples.board
        s.round = 2
        let flows: [any ModeFlow] = [ClassicFlow(), FakeFlow()]
        #expect(ModeFlows.textLines(s, Paint(enabled: false), flows: flows) == ["", "Fake:    round 2"])
        #expect(ModeFlows.spokenLines(s, flows: flows) == ["Fake: round 2."])
        var w = JSONWriter(type: "state")
        ModeFlows.jsonFields(&w, s, flows: flows)
        #expect(String(decoding: w.finish(), as: UTF8.self).contains("\"fake\":2"))
        // The registry's flows add nothing to a classic board.
        #expect(ModeFlows.textLines(s, Paint(enabled: false)).isEmpty && ModeFlows.spokenLines(s).isEmpty)
    }

    @Test func onlyARaceRoundPlaysOwnBoardsAndOnlyRaceGuessesAnyTime() throws {
        #expect(Mode.allCases.filter { $0.flow is any OwnBoardsFlow } == [.race])
        #expect(Mode.allCases.filter { $0.flow.guessesAnyTime } == [.race])
        var settings = Settings()
        settings.mode = .race
        settings.turnSeconds = nil
        var rng = SeededRandom(seed: 1)
        let race = try Game(settings: settings, players: ["ann", "bob"], words: WordList(words: ["ab"]), rng: &rng)
        #expect(ModeFlows.ownBoards(race) is RaceFlow)
        #expect(ModeFlows.ownBoards(race, flows: [ClassicFlow(), FakeFlow()]) == nil)
        #expect(ModeFlows.ownBoards(nil) == nil)
        settings.mode = .classic
        let classic = try Game(settings: settings, players: ["ann", "bob"], words: WordList(words: ["ab"]), rng: &rng)
        #expect(ModeFlows.ownBoards(classic) == nil)
    }

    @Test func aRaceBoardWithoutATurnHasTheTurnsLineNotTheRaces() {
        var s = ModeWireSamples.board
        s.mode = "race"
        #expect(ModeFlows.anyTimeFlow(s) is RaceFlow)
        s.turn = nil
        #expect(ModeFlows.anyTimeFlow(s) == nil)
        s.turn = "ann"
        s.status = .won
        #expect(ModeFlows.anyTimeFlow(s) == nil)
        s.status = .playing
        s.mode = "classic+race"
        #expect(ModeFlows.anyTimeFlow(s) == nil, "a board's mode is one mode's name")
    }
}
