import HangmanCore
import HangmanStore
import Testing

@testable import HangmanServer

/// What a finished game's record says of its mode and difficulty when the host changed them during
/// the game (a change applies from the next round): the rounds as they were played, never the
/// settings the room holds at the end. `RoomState.handle` alone, no clock, no socket.
@Suite(.ownThread) struct MixedGameRecordTests {
    final class Client {}
    let ann = Client()

    func id(_ client: Client) -> ObjectIdentifier { ObjectIdentifier(client) }

    /// Ann alone in `home`, a game of `rounds` rounds on the word `ab` started.
    func started(rounds: Int) -> RoomState {
        var settings = Settings()
        settings.turnSeconds = nil
        settings.rounds = rounds
        var state = RoomState(
            name: "home", password: nil, isQuick: false, settings: settings, words: WordList(words: ["ab"]),
            rng: SeededRandom(seed: 1), limits: RoomLimits(graceSeconds: 60, turnWarningSeconds: 5))
        _ = state.handle(.join(id(ann), "Ann", password: nil, spectator: false), at: 0, wall: 0)
        _ = state.handle(.start(by: id(ann), "Ann"), at: 0, wall: 0)
        return state
    }

    func set(_ state: inout RoomState, _ key: String, _ value: String) {
        let actions = state.handle(.set(by: id(ann), "Ann", key: key, value: value), at: 0, wall: 0)
        #expect(actions.contains { if case .settingsSaved = $0 { true } else { false } }, "set \(key) \(value) was taken")
    }

    /// Ann solves the round; the record, when this round ended the game.
    func solve(_ state: inout RoomState) -> GameRecord? {
        let actions = state.handle(.guess(by: id(ann), "Ann", letter: nil, word: "ab"), at: 0, wall: 0)
        return actions.compactMap { if case .saveGame(let record, _) = $0 { record } else { nil } }.first
    }

    @Test func aGameOfClassicThenEvilRoundsIsSavedAsBoth() {
        var state = started(rounds: 3)
        #expect(solve(&state) == nil)  // round 1: classic
        set(&state, "mode", "evil")  // from round 3 on
        #expect(solve(&state) == nil)  // round 2: classic
        let record = solve(&state)  // round 3: evil
        #expect(state.status == .over)
        #expect(record?.rounds.count == 3)
        #expect(record?.mode == "classic+evil", "the rounds were classic, classic, evil: \(record?.mode ?? "no record")")
    }

    @Test func aChangeMadeInTheLastRoundIsNotTheGamesMode() {
        var state = started(rounds: 2)
        #expect(solve(&state) == nil)
        set(&state, "mode", "evil")  // for a next round that never comes
        set(&state, "difficulty", "noob")
        let record = solve(&state)
        #expect(record?.mode == "classic", "no round was evil: \(record?.mode ?? "no record")")
        #expect(record?.difficulty == "custom", "no round was noob: \(record?.difficulty ?? "no record")")
    }

    @Test func aGameOfOneModeIsSavedAsThatMode() {
        var state = started(rounds: 2)
        set(&state, "difficulty", "noob")  // from round 2 on
        #expect(solve(&state) == nil)
        let record = solve(&state)
        #expect(record?.mode == "classic")
        #expect(record?.difficulty == "custom+noob")
    }
}
