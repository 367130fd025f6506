import HangmanCore
import Testing

@testable import HangmanServer

/// Starting a game (`GameStart`) and a guess on the shared board (`SharedGuess`), as pure values.
struct RoomStartTests {
    final class Client {}
    let ann = Client()
    let bob = Client()
    let cy = Client()

    static let words = RoomWords(list: WordList(words: ["ab"]), library: nil, ownMax: 3)

    static func refusal(
        seated: Bool = true, byHost: Bool = true, playing: Bool = false, mode: Mode = .classic, seats: Int = 1,
        words: RoomWords = words
    ) -> ServerError? {
        var settings = Settings()
        settings.mode = mode
        return GameStart.refusal(
            seated: seated, byHost: byHost, playing: playing, settings: settings, seats: seats, words: words, room: "den")
    }

    @Test func onlyTheSeatedHostStartsAndOnlyOneGame() {
        #expect(Self.refusal(seated: false, byHost: true) == .watcherCannotStart("den"), "a watcher is told how to play")
        #expect(Self.refusal(byHost: false) == .notHost)
        #expect(Self.refusal(playing: true) == .invalid("a game is already running in den"))
        #expect(Self.refusal() == nil)
    }

    @Test func aModeNeedsItsPlayersSeated() throws {
        let one = try #require(Self.refusal(mode: .setter, seats: 1))
        #expect(one.message.hasPrefix("a setter game needs at least 2 seated players ("))
        #expect(one.message.hasSuffix("wait for someone to join, or set mode classic"))
        #expect(Self.refusal(mode: .setter, seats: 2) == nil, "at the minimum")
        var setter = Settings()
        setter.mode = .setter
        #expect(GameStart.modeRefusal(setter, seats: 1) == one)
    }

    @Test func tooFewOwnWordsForTheRoundsIsRefused() throws {
        var own = Self.words
        _ = try own.add(["gnocchi"], settings: Settings()).get()
        #expect(Self.refusal(words: own)?.message.hasPrefix("den has 1 word of its own for 3 rounds") == true)
    }

    @Test func theGameLeavesDroppedAndAwaySeatsOutOfTheTurnOrder() throws {
        var seating = Seating()
        seating.seat("Ann", client: ObjectIdentifier(ann))
        seating.seat("bob", client: ObjectIdentifier(bob))
        seating.seat("cy", client: ObjectIdentifier(cy))
        _ = seating.drop(seat: 1)
        var rng = SeededRandom(seed: 1)
        let game = try GameStart.game(
            Settings(), seats: seating.seats, away: ["cy"], words: Self.words.list, teams: TeamChoices(), rng: &rng)
        #expect(game.players.map(\.id) == ["Ann", "bob", "cy"])
        #expect(game.players.map(\.connected) == [true, false, false])
        #expect(game.turn == "Ann")
    }

    @Test func aGuessThatEndsTheRoundKeepsItsLettersAndTheRoundBefore() throws {
        var rng = SeededRandom(seed: 1)
        var game = try Game(settings: Settings(), players: ["Ann"], words: Self.words.list, rng: &rng)
        let first = try SharedGuess.take(&game, by: "Ann", letter: "a", word: nil)
        #expect(first.guessed == nil, "the round goes on")
        #expect(first.events.first == .guessed(player: "Ann", letter: "a", word: nil, hit: true, count: 1, points: first.points))
        let last = try SharedGuess.take(&game, by: "Ann", letter: "b", word: nil)
        #expect(last.guessed == ["a", "b"])
        #expect(last.played.mode == "classic" && last.played.maxMisses == 7 && last.played.rounds == 3)
        #expect(last.events.contains(.roundOver(round: 1, word: "ab", result: .won, solver: "Ann", mistakes: 0)))
    }

    @Test func aWrongGuessIsTheGamesError() throws {
        var rng = SeededRandom(seed: 1)
        var game = try Game(settings: Settings(), players: ["Ann", "bob"], words: Self.words.list, rng: &rng)
        #expect(throws: GameError.self) { try SharedGuess.take(&game, by: "bob", letter: "a", word: nil) }
        let word = try SharedGuess.take(&game, by: "Ann", letter: nil, word: "ab")
        #expect(word.guessed == [], "a whole word ends the round with the letters guessed before it")
    }
}

extension SharedGuess {
    /// The points the first event says the guess earned.
    fileprivate var points: Int {
        if case .guessed(_, _, _, _, _, let points)? = events.first { points } else { -1 }
    }
}
