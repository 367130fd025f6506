import HangmanCore
import HangmanStore

/// The game part of a room: the room's phase and the phase's game, and what a game keeps for its
/// record (its rounds, when it started, whether it drew the room's own words) and for the board
/// between games (the last round's). Changed only by `RoomState+Game.swift`, through the methods
/// below.
struct RoomGame {
    /// Where the room is in its life. A round ends straight into the next one, so there is no
    /// phase between rounds: `playing` covers the whole game.
    /// The game itself is `current`, apart from the phase: an enum's payload is read by copying it
    /// out whole (a retain of everything a game holds; four such copies a guess were ~4 % of the
    /// server's instructions), while a stored property is read and changed in place.
    enum Phase {
        /// No game yet (or the last one was abandoned): players gather, the host sends `start`.
        case waiting
        /// A game is under way (`current`).
        case playing
        /// The last game finished (`current`); its final board and scores are shown until the next
        /// `start`.
        case over
    }

    private(set) var phase: Phase = .waiting
    /// The game of the phase: under way (`playing`) or just ended (`over`); nil while `waiting`.
    /// Read in place (`match.current?.turn`).
    private(set) var current: Game?
    /// The last finished round's board, shown until the next game starts.
    private(set) var finishedSnapshot: RoomSnapshot?
    /// The rounds of the game so far, for its record.
    private(set) var roundRecords: [RoundRecord] = []
    /// The wall clock (seconds) when the game started.
    private(set) var startedAt: Int64 = 0
    /// The game drew from the room's own words: kept off the global leaderboard.
    private(set) var playingOwnWords = false

    var isPlaying: Bool { phase == .playing }

    /// `game` starts at `wall`: the last game's rounds and board are behind it.
    mutating func start(_ game: Game, at wall: Int64, ownWords: Bool) {
        play(game)
        playingOwnWords = ownWords
        finishedSnapshot = nil
        roundRecords = []
        startedAt = wall
    }

    /// `game` is under way (a changed copy of it, or a new one).
    mutating func play(_ game: Game) {
        current = game
        phase = .playing
    }

    /// The game under way ended: kept (`over`) for its final board and scores.
    mutating func end() {
        if isPlaying { phase = .over }
    }

    /// The game under way is dropped unrecorded (nobody left to play it).
    mutating func abandon() {
        current = nil
        phase = .waiting
    }

    /// Changes the game under way in place; nil (and `body` not run) when none is under way.
    mutating func change<R, E: Error>(_ body: (inout Game) throws(E) -> R) throws(E) -> R? {
        guard isPlaying else { return nil }
        return try current?.changed(body)
    }

    /// A round ended: its record kept for the game's, its last board shown until the next game.
    mutating func roundEnded(_ record: RoundRecord, _ board: RoomSnapshot) {
        roundRecords.append(record)
        finishedSnapshot = board
    }

    /// Later rounds of the game under way draw from the room's own words.
    mutating func drawOwnWords() { playingOwnWords = true }

    /// Ends the game under way at `wall` with `everyone` at its end: its record for the store and the
    /// ranking shown. A seat that never played in it (no guess, no word set) and is away at the end
    /// (dropped, within the grace period) is left out of both: no 0-point row in the high scores,
    /// history and leaderboard for a player who was never there. `bots` are kept off the leaderboard.
    mutating func finish(_ everyone: [GamePlayer], room: String, bots: Set<PlayerID>, settings: Settings, at wall: Int64)
        -> (record: GameRecord, views: [PlayerView])
    {
        let played = everyone.filter { $0.connected || $0.moves > 0 }
        let ranking = played.isEmpty ? everyone : played
        let modes = current.map(PlayedModes.init) ?? PlayedModes(settings)
        // Each player's place by the mode's rules: their position, or their team's place.
        let places = current?.places(of: ranking) ?? ranking.indices.map { $0 + 1 }
        // Teams mode: each result and line of the ranking says its team (0-based in the record),
        // when the places are the teams' (the game's rules at its end are teams).
        let teams = current?.settings.mode == .teams ? current?.teams : nil
        end()
        var record = GameRecord(
            room: room, mode: modes.mode, difficulty: modes.difficulty, rounds: roundRecords,
            results: ranking.enumerated().map { index, player in
                PlayerResult(
                    name: player.name, score: player.score, rank: places[index], solved: player.solved, failed: player.failed,
                    ranked: !bots.contains(player.id), firstRound: player.firstRound,
                    team: teams?.team(of: player.id).map { $0 - 1 })
            },
            // A fresh random id, never from the room's seeded source: rooms seeded alike must not
            // make the same id, or the store's exactly-once merge would take one game for another.
            started: startedAt, ended: wall, id: GameRecord.newID(),
            // The modes' rules say (a word set by a player is easy to farm between friends).
            ranked: current?.isRanked ?? true)
        // Words the host chose are no feat for the global leaderboard (history and scores keep them).
        if playingOwnWords { record.ranked = false }
        let views = ranking.map {
            PlayerView(
                name: $0.name, score: $0.score, connected: $0.connected, bot: bots.contains($0.id), team: teams?.team(of: $0.id))
        }
        return (record, views)
    }
}

extension Game {
    /// `body` run on this game in place (`RoomGame.change`, through optional chaining).
    fileprivate mutating func changed<R, E: Error>(_ body: (inout Game) throws(E) -> R) throws(E) -> R {
        try body(&self)
    }
}
