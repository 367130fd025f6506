import HangmanCore
import HangmanStore

/// The end-of-game summary's last lines: after a saved game, each of its players still seated is told
/// where they stand on the month's board ("This month (2026-05): 3rd of 41, 120 points in 4 games"),
/// then, after a rated game, how their skill rating moved (issue 32).
extension RoomState {
    mutating func monthStandings(_ month: String, _ standings: [MonthlyStanding]) {
        for standing in standings {
            let key = PlayerID.fold(standing.name)
            guard let client = seats.first(where: { $0.id.key == key })?.client else { continue }
            // After the batch's broadcasts (game over, high scores), before the rating change.
            emit(.sendAfter(client, .monthStanding(room: name, month: month, standing)))
        }
    }

    /// Each rated player still seated gets their `rating_change` (the store's key is the folded name).
    mutating func ratingChanges(_ updates: [RatingUpdate]) {
        for update in updates {
            guard let client = seats.first(where: { $0.id.key == update.key })?.client else { continue }
            emit(
                .sendAfter(
                    client, .ratingChange(room: name, RatingChangeView(update, provisionalGames: limits.ratingProvisionalGames))))
        }
    }
}
