import HangmanCore
import HangmanStore

/// The end of a saved game, shown in one batch in a fixed order: `game_over` (and the closing
/// board), then the high scores, then each player's monthly line. They come from three store calls
/// (the save, `highScores`, `monthlyStandings`); the room keeps what has arrived and shows it all
/// once both answers are in, or when `endOfGameWaitSeconds` (the store's own time limit) have passed
/// since the save: a slow or failed call never holds the rest back, and its answer, if it comes
/// later, is dropped (shown alone it would break the order and bring a prompt of its own). One batch
/// means one prompt after it in text mode.
struct EndOfGame {
    let gameID: Int64
    let views: [PlayerView]
    let ranked: Bool
    /// The high scores; nil until the store answered, or when it could not say.
    var highScores: [HighScore]?
    var highScoresAnswered = false
    /// Where the players stand this month (`YYYY-MM`); empty until the store answered.
    var month: String?
    var standings: [MonthlyStanding] = []
    var standingsAnswered = false

    var isComplete: Bool { highScoresAnswered && standingsAnswered }
}

/// A new game asked for (`start`, or a player joining an idle quick room) while the last game's save
/// was still with the store: started once that game's end is shown, so its `game_over` never lands
/// in the middle of the next game, or when the store's time limit has passed.
struct DeferredStart {
    /// Who asked (nil: the room itself, quick play).
    var starter: String?
}

extension RoomState {
    /// The game is saved as `gameID`: ask for the high scores (the driver asks for the monthly
    /// standings itself, after the save) and wait for both, at most `endOfGameWaitSeconds` from the
    /// game's end (the save's own wait counts: a slow disk holds the table one time limit, not two;
    /// whole seconds, at least one).
    mutating func awaitEndOfGame(gameID: Int64, views: [PlayerView], ranked: Bool) {
        showEndOfGame()  // an earlier game's end still waiting goes first
        endOfGame = EndOfGame(gameID: gameID, views: views, ranked: ranked)
        emit(.fetchHighScores(gameID: gameID))
        let waited = now > gameEndedAt ? Int((now - gameEndedAt) / 1_000_000_000) : 0
        emit(.arm(.endOfGame(gameID: gameID), afterSeconds: max(1, endOfGameWaitSeconds - waited)))
    }

    mutating func highScoresArrived(_ entries: [HighScore]?, gameID: Int64) {
        guard var end = endOfGame, end.gameID == gameID else { return }
        end.highScores = entries
        end.highScoresAnswered = true
        endOfGame = end
        if end.isComplete { showEndOfGame() }
    }

    mutating func monthStandingsArrived(_ month: String, _ standings: [MonthlyStanding], gameID: Int64) {
        guard var end = endOfGame, end.gameID == gameID else { return }
        end.month = month
        end.standings = standings
        end.standingsAnswered = true
        endOfGame = end
        if end.isComplete { showEndOfGame() }
    }

    /// The time limit: whatever has arrived is shown now.
    mutating func endOfGameTimedOut(gameID: Int64) {
        guard endOfGame?.gameID == gameID else { return }
        showEndOfGame()
    }

    /// Shows the waiting end of game, if any: game over, the closing board, the high scores (and the
    /// celebrations of places earned in this game), then each seated player's monthly line.
    mutating func showEndOfGame() {
        guard let end = endOfGame else { return }
        endOfGame = nil
        broadcast(.gameOver(room: name, ranking: end.views, gameID: end.gameID, sync: .saved, note: nil, ranked: end.ranked))
        broadcastOverState()
        if let entries = end.highScores {
            broadcast(.highscores(entries: entries, highlight: end.gameID))
            // A place earned with no points is no feat: only scores above zero are celebrated.
            for entry in entries where entry.gameID == end.gameID && entry.score > 0 {
                broadcast(.celebration(player: entry.name, rank: entry.rank, score: entry.score))
            }
        }
        if let month = end.month { monthStandings(month, end.standings) }
        queueDeferredStart()
    }

    /// The last game's end went out in this turn: a deferred game starts in the next one, so its
    /// events come after the monthly lines, which go to each player after this turn's broadcasts.
    mutating func queueDeferredStart() {
        if deferredStart != nil { emit(.next(.startDeferred)) }
    }

    /// Whether a new game must wait for the last one's save; if so it is deferred (the room is told
    /// once) and armed for the store's time limit.
    mutating func deferStartWhileSaving(by starter: String?) -> Bool {
        guard savePending else { return false }
        if deferredStart == nil {
            deferredStartToken &+= 1
            emit(.arm(.deferredStart(token: deferredStartToken), afterSeconds: endOfGameWaitSeconds))
            broadcast(.info("The next game starts once the last game is saved."))
        }
        deferredStart = DeferredStart(starter: starter)
        return true
    }

    /// Starts the deferred game, if any (after the last game's end was shown).
    mutating func startDeferredGame() {
        guard let deferred = deferredStart, !savePending else { return }
        deferredStart = nil
        startGame(by: deferred.starter)
    }

    /// The deferred start waited its longest: the game starts without the last one's end.
    mutating func deferredStartTimedOut(token: UInt64) {
        guard token == deferredStartToken, deferredStart != nil else { return }
        savePending = false
        startDeferredGame()
    }
}
