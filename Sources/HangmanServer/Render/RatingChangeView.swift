import HangmanStore

/// One player's skill rating after a rated game (issue 32), as `rating_change` carries it: the ordinals
/// (mu − 3·sigma, what the rating board sorts by) before and after, the rated games played with this
/// one, and whether the rating is still provisional (fewer than `rating-provisional-games`).
public struct RatingChangeView: Sendable, Equatable {
    public let before: Double
    public let after: Double
    /// Rated games played, this one included.
    public let games: Int
    /// The `rating-provisional-games` setting the games are counted against.
    public let provisionalGames: Int

    public init(before: Double, after: Double, games: Int, provisionalGames: Int) {
        self.before = before
        self.after = after
        self.games = games
        self.provisionalGames = provisionalGames
    }

    /// The change the store's merge made (`RatingUpdate`), shown against `provisionalGames`.
    init(_ update: RatingUpdate, provisionalGames: Int) {
        self.init(
            before: update.before.ordinal, after: update.after.ordinal, games: update.games, provisionalGames: provisionalGames)
    }

    public var isProvisional: Bool { games < provisionalGames }

    /// The end-of-game line: "Your rating went from 18.2 to 20.5 (+2.3), provisional: 2 of 5 games." or,
    /// settled, "Your rating went from 18.2 to 20.5 (+2.3) after 12 games."; in a window narrower than
    /// that, the short form "Rating 18.2 to 20.5 (+2.3), 2/5 games" (at most 39 columns for ratings
    /// above -100 and 5 provisional games). No "->": text clients take "> " for the prompt.
    func line(columns: Int) -> String {
        let change = RatingDisplay.oneDecimal(before) + " to " + RatingDisplay.oneDecimal(after) + " (" + delta + ")"
        let long =
            isProvisional
            ? "Your rating went from \(change), provisional: \(games) of \(provisionalGames) games."
            : "Your rating went from \(change) after \(games == 1 ? "1 game" : "\(games) games")."
        guard long.count > columns else { return long }
        return isProvisional ? "Rating \(change), \(games)/\(provisionalGames) games" : "Rating \(change)"
    }

    /// The change between the two ratings as shown, signed, to one decimal ("+2.3", "-0.4", "+0.0"), so
    /// that the line adds up ("-2.8 to -2.8 (+0.0)", not "(-0.1)" for -2.75 to -2.84).
    private var delta: String {
        let tenths = Self.tenths(after) - Self.tenths(before)
        return (tenths < 0 ? "-" : "+") + "\(abs(tenths) / 10).\(abs(tenths) % 10)"
    }

    /// `value` in tenths, rounded as `RatingDisplay.oneDecimal` shows it.
    private static func tenths(_ value: Double) -> Int {
        guard value.isFinite else { return 0 }
        return Int((value * 10).rounded(.toNearestOrAwayFromZero))
    }
}
