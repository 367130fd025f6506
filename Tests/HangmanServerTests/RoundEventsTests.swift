import HangmanCore
import Testing

@testable import HangmanServer

/// The step from a game's events to the room's broadcasts (`RoundEvents`), on a fake room that
/// writes down what it was asked, in order.
struct RoundEventsTests {
    struct FakeRoom: RoundEventsRoom {
        var name = "den"
        var guessBoard: GuessBoard? = GuessBoard(pattern: "a_", misses: 1, maxMisses: 6, turn: "bob")
        var log: [String] = []
        /// What `modeEvent` answers.
        var modeChangesBoard = false

        mutating func broadcast(_ event: Outbound) {
            switch event {
            case .guess(let room, let player, let letter, _, let hit, _, _, let board):
                log.append("guess \(room) \(player) \(letter.map(String.init) ?? "-") \(hit) board:\(board?.pattern ?? "none")")
            case .roundOver(_, let round, let word, let won, let solver, let mistakes):
                log.append("roundOver \(round) \(word) \(won) \(solver ?? "-") \(mistakes)")
            default: log.append("other")
            }
        }

        mutating func roundClosed(_ end: RoundEvents.Ended, guessed: [Character]?, played: PlayedRound?) {
            log.append("closed \(end.round) \(end.word) \(end.won) \(end.solver?.name ?? "-") \(String(guessed ?? []))")
        }

        mutating func roundOpened() { log.append("opened") }

        mutating func modeEvent(_ event: GameEvent) -> Bool {
            log.append("mode")
            return modeChangesBoard
        }
    }

    static let hit = GameEvent.guessed(player: "Ann", letter: "a", word: nil, hit: true, count: 1, points: 1)

    @Test func aGuessTheRoundSurvivesCarriesTheBoardAndSumsItUp() {
        var room = FakeRoom()
        let outcome = RoundEvents.apply([Self.hit, .turn(player: "bob")], to: &room, guessed: nil, played: nil)
        #expect(room.log == ["guess den Ann a true board:a_"])
        #expect(outcome == RoundEvents.Outcome(gameOver: nil, needsState: true, newRound: false, summedUp: true))
    }

    @Test func aGuessThatEndsTheRoundGoesBareBeforeTheRoundsEnd() {
        var room = FakeRoom()
        let events: [GameEvent] = [
            Self.hit, .roundOver(round: 1, word: "ab", result: .won, solver: "Ann", mistakes: 1), .roundStarted(round: 2),
            .turn(player: "bob"),
        ]
        let outcome = RoundEvents.apply(events, to: &room, guessed: ["b", "a"], played: nil)
        #expect(
            room.log == [
                "guess den Ann a true board:none", "closed 1 ab true Ann ba", "roundOver 1 ab true Ann 1", "opened",
            ])
        #expect(outcome == RoundEvents.Outcome(gameOver: nil, needsState: true, newRound: true, summedUp: false))
    }

    @Test func theLastRoundsEndLeavesTheGameToFinish() {
        var room = FakeRoom()
        let ranking = [GamePlayer(id: "Ann", score: 3)]
        let events: [GameEvent] = [
            .roundOver(round: 3, word: "abc", result: .lost, solver: nil, mistakes: 6), .gameOver(ranking: ranking),
        ]
        let outcome = RoundEvents.apply(events, to: &room, guessed: nil, played: nil)
        #expect(room.log == ["closed 3 abc false - ", "roundOver 3 abc false - 6"])
        #expect(outcome == RoundEvents.Outcome(gameOver: ranking, needsState: false, newRound: false, summedUp: false))
    }

    @Test func aModesEventAsksForABoardOnlyWhenItChangedIt() {
        var room = FakeRoom()
        let quiet = RoundEvents.apply([.setterScored(player: "Ann", points: 2)], to: &room, guessed: nil, played: nil)
        #expect(room.log == ["mode"] && !quiet.needsState)
        room.modeChangesBoard = true
        let changed = RoundEvents.apply([.awaitingWord(setter: "bob")], to: &room, guessed: nil, played: nil)
        #expect(room.log == ["mode", "mode"] && changed.needsState && !changed.summedUp)
    }

    @Test func withNoBoardAGuessGoesBare() {
        var room = FakeRoom()
        room.guessBoard = nil
        let outcome = RoundEvents.apply([Self.hit], to: &room, guessed: nil, played: nil)
        #expect(room.log == ["guess den Ann a true board:none"])
        #expect(outcome.needsState && !outcome.summedUp)
    }
}
