/// What a game's end needs from the store, from one call (`HangmanStore.finishGame`): where the game
/// went, and, once it is saved, the high scores and its players' standings on the board of the month it
/// ended in, and the rating changes the merge made (issue 32).
public struct GameEnd: Sendable, Equatable {
    /// Where the game went (`.saved(id)`, `.queued`, `.failed`).
    public var outcome: RecordOutcome
    /// The best single-game results right after the save; nil when the game is not saved or the store
    /// could not say in time.
    public var highScores: [HighScore]?
    /// The month the game ended in (its standings' board).
    public var month: LeaderboardMonth
    /// Where the game's players stand on `month`'s board, in the order of its results (a player with no
    /// ranked result that month left out); empty when the game is not saved or the store could not say.
    public var standings: [MonthlyStanding]
    /// Each rated player's rating before and after the game (`MergedGame.ratings`, by store key), made
    /// in the merge's transaction; empty when the game is not rated, not saved, or its store does not
    /// rate (a store without a merge).
    public var ratings: [RatingUpdate]

    public init(
        outcome: RecordOutcome, highScores: [HighScore]? = nil, month: LeaderboardMonth, standings: [MonthlyStanding] = [],
        ratings: [RatingUpdate] = []
    ) {
        self.outcome = outcome
        self.highScores = highScores
        self.month = month
        self.standings = standings
        self.ratings = ratings
    }

    /// The saved game's number, if it is saved.
    public var gameID: Int64? {
        if case .saved(let id) = outcome { id } else { nil }
    }
}
