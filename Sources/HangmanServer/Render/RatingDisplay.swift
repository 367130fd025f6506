import HangmanStore

/// How a skill rating is shown in text (issue 32): mu ± sigma to one decimal, provisional until the
/// player has `rating-provisional-games` rated games, then with the ordinal the rating board sorts by.
enum RatingDisplay {
    static func isProvisional(_ rating: PlayerRating, provisionalGames: Int) -> Bool { rating.games < provisionalGames }

    /// "Rating 27.9 ± 8.2 (provisional: 1 of 5 games)", "Rating 31.2 ± 2.4 (24.0 on the board, 12 games)",
    /// or "Rating: none yet (no rated games)".
    static func line(_ rating: PlayerRating?, provisionalGames: Int) -> String {
        guard let rating else { return "Rating: none yet (no rated games)" }
        let shown = "Rating \(oneDecimal(rating.rating.mu)) ± \(oneDecimal(rating.rating.sigma))"
        if isProvisional(rating, provisionalGames: provisionalGames) {
            return shown + " (provisional: \(rating.games) of \(provisionalGames) games)"
        }
        let games = rating.games == 1 ? "1 game" : "\(rating.games) games"
        return shown + " (\(oneDecimal(rating.rating.ordinal)) on the board, \(games))"
    }

    /// A `top rating` row under "Rank  Player            Rating    Mu  Sigma  Games" (fits 80 columns).
    static func row(_ entry: RatingBoardEntry) -> String {
        func right(_ text: String, _ width: Int) -> String { String(repeating: " ", count: max(0, width - text.count)) + text }
        let name = entry.name.count > 16 ? String(entry.name.prefix(16)) : entry.name
        let padded = name + String(repeating: " ", count: 16 - name.count)
        return right(String(entry.rank), 4) + "  " + padded + right(oneDecimal(entry.rating.rating.ordinal), 8)
            + right(oneDecimal(entry.rating.rating.mu), 6) + right(oneDecimal(entry.rating.rating.sigma), 7)
            + right(String(entry.rating.games), 7)
    }

    /// `value` rounded half away from zero to one decimal, without Foundation: "27.9", "-3.0", "0.0".
    static func oneDecimal(_ value: Double) -> String {
        guard value.isFinite else { return "?" }
        let tenths = Int((value * 10).rounded(.toNearestOrAwayFromZero))
        let sign = tenths < 0 ? "-" : ""
        return "\(sign)\(abs(tenths) / 10).\(abs(tenths) % 10)"
    }
}
