import HangmanCore
import HangmanStore

/// The end of a game (`ending`, an `EndOfGamePhase`): the save goes to the store in one call, which
/// answers once with where the game went, the high scores and the players' month standings
/// (`HangmanStore.finishGame`). A saved game's end is shown in one batch in a fixed order: `game_over`
/// (and the closing board), then the high scores, then each player's monthly line and rating change
/// (a rated game); one batch means
/// one prompt after it in text mode. The store bounds the wait by its own time limit.
extension RoomState {
    /// The finished game goes to the store.
    mutating func saveFinishedGame(_ record: GameRecord, views: [PlayerView]) {
        ending.beginSaving()
        emit(.saveGame(record, views: views))
    }

    /// The store said where the finished game went; `game_over` says so truthfully (the note never
    /// carries the store's error text: no SQL, no paths).
    mutating func gameSaved(views: [PlayerView], ranked: Bool = true, _ end: GameEnd) {
        ending.saved()
        if isPlaying {
            // The store answered past its own time limit and the next game has started: its
            // `game_over` would be taken for that game's end. A saved game gets the `saved` line; a
            // queued or failed one gets it when it lands (`deferredSaved`).
            if let id = end.gameID { broadcast(.saved(room: name, game: id)) }
            return
        }
        // Saved, queued in the outbox or failed: one `game_over` and closing board, told truthfully.
        var gameID: Int64?
        let sync: GameSync
        var note: String?
        switch end.outcome {
        case .saved(let id):
            (gameID, sync) = (id, .saved)
        case .queued:
            emit(.log("room \(name): the leaderboard is unreachable; the game waits in the outbox"))
            (sync, note) = (.queued, "The scores are safe and will be synced when the leaderboard is back.")
        case .failed(let error):
            emit(.log("room \(name): could not save a game yet: \(error)"))
            (sync, note) = (.retrying, "The scores could not be saved yet; they are kept in memory and retried.")
        }
        broadcast(.gameOver(room: name, ranking: views, gameID: gameID, sync: sync, note: note, ranked: ranked))
        broadcastOverState()
        if let gameID { showStandings(end, gameID: gameID) }
        queueDeferredStart()
    }

    /// After a saved game's end: the high scores (and the celebrations of places earned in this
    /// game), then each seated player's monthly line and rating change.
    private mutating func showStandings(_ end: GameEnd, gameID: Int64) {
        if let entries = end.highScores {
            broadcast(.highscores(entries: entries, highlight: gameID))
            // A place earned with no points is no feat: only scores above zero are celebrated.
            for entry in entries where entry.gameID == gameID && entry.score > 0 {
                broadcast(.celebration(player: entry.name, rank: entry.rank, score: entry.score))
            }
        }
        // After the batch's broadcasts (game over, high scores): each player's own lines.
        for (client, line) in StandingLines.lines(
            end, room: name, seats: seats, provisionalGames: limits.ratingProvisionalGames)
        {
            emit(.sendAfter(client, line))
        }
    }

    /// The last game's end went out in this turn: a deferred game starts in the next one, so its
    /// events come after the monthly lines, which go to each player after this turn's broadcasts.
    private mutating func queueDeferredStart() {
        if ending.hasDeferredStart { emit(.next(.startDeferred)) }
    }

    /// Whether a new game must wait for the last one's save; if so it is deferred (the room is told
    /// once) and armed for the store's time limit; if not, the last game's end is behind it.
    mutating func deferStartWhileSaving(by starter: String?) -> Bool {
        guard ending.isSaving else {
            ending.gameStarted()
            return false
        }
        if let token = ending.deferStart(by: starter) {
            emit(.arm(.deferredStart(token: token), afterSeconds: ending.waitSeconds))
            broadcast(.info("The next game starts once the last game is saved."))
        }
        return true
    }

    /// Starts the deferred game, if any (after the last game's end was shown).
    mutating func startDeferredGame() {
        guard let deferred = ending.takeDeferredStart() else { return }
        startGame(by: deferred.starter)
    }

    /// The deferred start waited its longest: the game starts without the last one's end.
    mutating func deferredStartTimedOut(token: UInt64) {
        guard ending.deferralTimedOut(token: token) else { return }
        startDeferredGame()
    }
}
