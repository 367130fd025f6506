/// What a game's end asks with its merge: its players' standings on a month's board, read on the writer
/// after the commit that saves it (`Store.finishGame`), and where to deliver them (by key) with what the
/// merge made of the game (`MergedGame`: its number and its players' rating changes).
struct StandingsRequest: Sendable {
    var month: LeaderboardMonth
    /// Case-folded.
    var keys: [String]
    /// The saved game (its number and the rating changes its merge made) and the standings found, by key.
    var deliver: @Sendable (MergedGame, [String: MonthlyStanding]) -> Void
}
