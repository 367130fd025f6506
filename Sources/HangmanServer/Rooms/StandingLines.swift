import HangmanCore
import HangmanStore

/// The end-of-game summary's last lines: after a saved game, each of its players still seated is told
/// where they stand on the month's board ("This month (2026-05): 3rd of 41, 120 points in 4 games"),
/// then, after a rated game, how their skill rating moved (issue 32). A pure function of the store's
/// answer and the seats.
enum StandingLines {
    /// Each seated player's month line, then each rated one's `rating_change` (the store's key is the
    /// folded name), in that order, for `room`'s `seats`.
    static func lines(_ end: GameEnd, room: String, seats: [Seating.Member], provisionalGames: Int)
        -> [(RoomState.ClientID, Outbound)]
    {
        func client(_ key: String) -> RoomState.ClientID? { seats.first { $0.id.key == key }?.client }
        var lines: [(RoomState.ClientID, Outbound)] = []
        let month = end.month.description
        for standing in end.standings {
            guard let client = client(PlayerID.fold(standing.name)) else { continue }
            lines.append((client, .monthStanding(room: room, month: month, standing)))
        }
        for update in end.ratings {
            guard let client = client(update.key) else { continue }
            lines.append((client, .ratingChange(room: room, RatingChangeView(update, provisionalGames: provisionalGames))))
        }
        return lines
    }
}
