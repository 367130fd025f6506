import HangmanCore
import HangmanStore

/// The end-of-game summary's monthly line: after a saved game, each of its players still seated is told
/// where they stand on the month's board ("This month (2026-05): 3rd of 41, 120 points in 4 games").
extension RoomState {
    mutating func monthStandings(_ month: String, _ standings: [MonthlyStanding]) {
        for standing in standings {
            let key = PlayerID.fold(standing.name)
            guard let client = seats.first(where: { $0.id.key == key })?.client else { continue }
            // After the batch's broadcasts (game over, high scores): the end of game's last line.
            emit(.sendAfter(client, .monthStanding(room: name, month: month, standing)))
        }
    }
}
