/// What a game's end asks with its merge: its players' standings on a month's board, read on the writer
/// after the commit that saves it (`Store.finishGame`), and where to deliver them (by key).
struct StandingsRequest: Sendable {
    var month: LeaderboardMonth
    /// Case-folded.
    var keys: [String]
    /// The saved game's number and the standings found, by key.
    var deliver: @Sendable (Int64, [String: MonthlyStanding]) -> Void
}
