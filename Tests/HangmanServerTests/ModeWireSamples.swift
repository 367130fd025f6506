import HangmanCore
import HangmanStore

@testable import HangmanServer

/// The setter and race boards and events as the renderers get them.
enum ModeWireSamples {
    static var board: RoomSnapshot {
        let players = [PlayerView(name: "ann", score: 12, connected: true), PlayerView(name: "bob", score: 0, connected: true)]
        return RoomSnapshot(
            room: "home", status: .playing, mode: "classic", difficulty: "hard", round: 2, rounds: 3, pattern: "_a_",
            misses: 2, maxMisses: 7, guessed: ["a", "e"], available: ["b", "c"], turn: "ann", turnSecondsLeft: 42,
            players: players, spectators: 1, host: "ann", isPrivate: false)
    }

    static var events: [(String, Outbound)] {
        var awaiting = board
        awaiting.mode = "setter"
        awaiting.setter = "bob"
        awaiting.awaitingWord = true
        awaiting.turn = nil
        awaiting.pattern = ""
        awaiting.guessed = []
        var setWord = board
        setWord.mode = "setter"
        setWord.setter = "bob"
        var setEnded = setWord
        setEnded.status = .won
        let racers = [
            RaceView(name: "ann", found: 2, length: 5, misses: 1, maxMisses: 7, status: .racing),
            RaceView(name: "bob", found: 5, length: 5, misses: 0, maxMisses: 7, status: .solved),
            RaceView(name: "cy", found: 1, length: 5, misses: 3, maxMisses: 7, status: .out),
            RaceView(name: "dee", found: 0, length: 5, misses: 7, maxMisses: 7, status: .out),
        ]
        var racing = board
        racing.mode = "race"
        racing.race = racers
        var racingUntimed = racing
        racingUntimed.turnSecondsLeft = nil
        var raceOut = racing
        raceOut.turn = nil
        var raceEnded = racing
        raceEnded.status = .lost
        var emptyRace = racing
        emptyRace.race = []
        var events: [(String, Outbound)] = [
            ("awaiting", .state(awaiting)), ("set", .state(setWord)), ("setEnded", .state(setEnded)),
            ("racing", .state(racing)), ("racingUntimed", .state(racingUntimed)), ("raceOut", .state(raceOut)),
            ("raceEnded", .state(raceEnded)), ("emptyRace", .state(emptyRace)), ("classic", .state(board)),
            ("prompt", .wordPrompt(room: "home", round: 2, seconds: 60, minLength: 2, maxLength: 64, hintChars: 80)),
            ("awayTurns", .away(room: "home", player: "bob", away: true, missedTurns: 2)),
            ("back", .away(room: "home", player: "bob", away: false, missedTurns: 0)),
            ("timeout", .turnTimeout(room: "home", player: "bob", outOfRound: true)),
        ]
        for (index, racer) in racers.enumerated() {
            events.append(("progress\(index)", .progress(room: "home", mode: .race, racer)))
        }
        events.append(("awayRace", .away(room: "home", player: "bob", away: true, missedTurns: 3, ownClock: true)))
        return events
    }
}
