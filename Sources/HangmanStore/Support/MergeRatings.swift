import HangmanCore

/// A player's stored rating: the model's belief and how many rated games made it.
public struct PlayerRating: Sendable, Equatable {
    public var rating: Rating
    /// Rated games played.
    public var games: Int

    public init(rating: Rating, games: Int) {
        self.rating = rating
        self.games = games
    }
}

/// One player's rating before and after a merged game (`MergedGame.ratings`).
public struct RatingUpdate: Sendable, Equatable {
    /// The store key (`HangmanStoreKey.key(for:)`).
    public var key: String
    public var before: Rating
    public var after: Rating
    /// Rated games played, this one included.
    public var games: Int

    public init(key: String, before: Rating, after: Rating, games: Int) {
        self.key = key
        self.before = before
        self.after = after
        self.games = games
    }
}

/// The ratings a batch of new games makes, one game after the other in the batch's order (the order
/// of the merge's transaction): the same code for every engine and the in-memory twin, and for
/// `checkRatings`, which replays the stored games through it.
enum MergeRatings {
    /// openskill.py 6.2.0's `PlackettLuce()` defaults (issue 32).
    static let model = PlackettLuce()

    /// What the rating sees of a game: one side per team (`PlayerResult.team`) with all of its members,
    /// its points the sum of its members' points, in the order the teams first appear in the results;
    /// a result without a team is a side of its own. Bots' seats (unranked results) are left out of the
    /// sides' members but their points count for their team. Nil when the game is not rated.
    static func ratedGame(_ merging: MergeRecord) -> RatedGame? {
        RatedGame(ranked: merging.record.ranked, sides: sides(merging.results.map { ($0.key, $0.result) }))
    }

    /// The rating's sides of a game's results (see `ratedGame`).
    static func sides(_ results: [(key: String, result: PlayerResult)]) -> [RatingSide] {
        var teams: [Int: (members: [RatingSide.Member], score: Int)] = [:]
        var sides: [RatingSide] = []
        var slot: [Int: Int] = [:]  // a team's index in `sides`
        for (key, result) in results {
            let member = RatingSide.Member(key: key, isBot: !result.ranked)
            guard let team = result.team else {
                sides.append(RatingSide(members: [member], score: result.score))
                continue
            }
            if slot[team] == nil {
                slot[team] = sides.count
                sides.append(RatingSide(members: [], score: 0))
            }
            teams[team, default: ([], 0)].members.append(member)
            teams[team, default: ([], 0)].score += result.score
        }
        for (team, index) in slot {
            guard let built = teams[team] else { continue }
            sides[index] = RatingSide(members: built.members, score: built.score)
        }
        return sides
    }

    /// Rates `records` in order from `current` (the players' stored ratings by key; absent: a newcomer's).
    /// Answers each record's updates (empty when it is not rated), each record's rated game (nil when not
    /// rated; for `logRows`, so the sides are built once a game, not twice) and every changed player's
    /// final rating.
    static func rate(_ records: [MergeRecord], current: [String: PlayerRating]) -> (
        updates: [[RatingUpdate]], games: [RatedGame?], final: [String: PlayerRating]
    ) {
        var changed: [String: PlayerRating] = [:]
        var games: [RatedGame?] = []
        games.reserveCapacity(records.count)
        let updates = records.map { merging -> [RatingUpdate] in
            let rated = ratedGame(merging)
            games.append(rated)
            guard let game = rated else { return [] }
            let changes = game.rate(model) { key in (changed[key] ?? current[key])?.rating }
            return changes.map { change in
                let games = (changed[change.key] ?? current[change.key])?.games ?? 0
                changed[change.key] = PlayerRating(rating: change.after, games: games + 1)
                return RatingUpdate(key: change.key, before: change.before, after: change.after, games: games + 1)
            }
        }
        return (updates, games, changed)
    }

    /// The log rows of one game's `updates` (each player with their side and its points), `rated` the
    /// game as `rate` rated it. `rate` answers the updates in the sides' order, member after member, so
    /// each is matched to its side by walking the sides; updates in another order are matched by key.
    static func logRows(gameID: Int64, _ rated: RatedGame?, _ updates: [RatingUpdate]) -> [RatingLogRow] {
        guard let rated else { return [] }
        var rows: [RatingLogRow] = []
        rows.reserveCapacity(updates.count)
        var next = updates.startIndex
        for (side, team) in rated.teams.enumerated() {
            for key in team.keys {
                guard next < updates.endIndex, updates[next].key == key else { return logRowsByKey(gameID, rated, updates) }
                let update = updates[next]
                rows.append(
                    RatingLogRow(
                        gameID: gameID, key: key, side: side, score: team.score, before: update.before, after: update.after))
                next += 1
            }
        }
        return next == updates.endIndex ? rows : logRowsByKey(gameID, rated, updates)
    }

    /// `logRows` for updates not in the sides' order: each found by its key (an update of a player on no
    /// side is left out).
    private static func logRowsByKey(_ gameID: Int64, _ rated: RatedGame, _ updates: [RatingUpdate]) -> [RatingLogRow] {
        var sideOf: [String: (side: Int, score: Int)] = [:]
        for (side, team) in rated.teams.enumerated() {
            for key in team.keys { sideOf[key] = (side, team.score) }
        }
        return updates.compactMap { update in
            sideOf[update.key].map {
                RatingLogRow(
                    gameID: gameID, key: update.key, side: $0.side, score: $0.score, before: update.before, after: update.after)
            }
        }
    }
}

/// One row of the rating log: one player's change in one rated game, in the order applied.
struct RatingLogRow: Equatable {
    var gameID: Int64
    var key: String
    /// The player's side in the game (0-based) and that side's points, as rated.
    var side: Int
    var score: Int
    var before: Rating
    var after: Rating
}

/// What `checkRatings` found: how much it replayed, and every difference (empty: all agree).
public struct RatingCheck: Sendable, Equatable {
    public var games: Int
    public var players: Int
    public var differences: [String]
}

extension MergeRatings {
    /// Replays the rating log from scratch, game by game in the order the games were first logged, and
    /// compares every logged change and every player's stored rating with the replay. A game applied
    /// twice (its player twice in it), a changed value or a rating the log does not explain are reported,
    /// and so is a game whose logged sides disagree with its stored teams (`teams`: by game, each
    /// result's team by key, for the results still stored that have one).
    static func check(
        log: [RatingLogRow], stored: [String: PlayerRating], teams: [Int64: [String: Int]] = [:]
    ) -> RatingCheck {
        var order: [Int64] = []
        var rowsOf: [Int64: [RatingLogRow]] = [:]
        for row in log {
            if rowsOf[row.gameID] == nil { order.append(row.gameID) }
            rowsOf[row.gameID, default: []].append(row)
        }
        var differences: [String] = []
        var replayed: [String: PlayerRating] = [:]
        for gameID in order {
            let rows = rowsOf[gameID] ?? []
            guard Set(rows.map(\.key)).count == rows.count else {
                differences.append("game \(gameID): a player is rated twice (applied more than once?)")
                continue
            }
            let sides = Dictionary(grouping: rows, by: \.side).sorted { $0.key < $1.key }.map { side, members in
                RatingSide(members: members.map { .init(key: $0.key, isBot: false) }, score: members[0].score)
            }
            guard let game = RatedGame(ranked: true, sides: sides) else {
                differences.append("game \(gameID): its logged sides are not a rated game")
                continue
            }
            if let stored = teams[gameID], !sidesMatch(rows, teams: stored) {
                differences.append("game \(gameID): its logged sides do not match its players' stored teams")
            }
            let changes = game.rate(model) { replayed[$0]?.rating }
            for change in changes {
                replayed[change.key] = PlayerRating(rating: change.after, games: (replayed[change.key]?.games ?? 0) + 1)
                guard let row = rows.first(where: { $0.key == change.key }) else { continue }
                if row.before != change.before || row.after != change.after {
                    differences.append(
                        "game \(gameID), \(change.key): logged \(describe(row.before)) -> \(describe(row.after)), "
                            + "replayed \(describe(change.before)) -> \(describe(change.after))")
                }
            }
        }
        for key in Set(replayed.keys).union(stored.keys).sorted() where replayed[key] != stored[key] {
            differences.append("\(key): stored \(describe(stored[key])), replayed \(describe(replayed[key]))")
        }
        return RatingCheck(games: order.count, players: replayed.count, differences: differences)
    }

    /// Whether the logged players who still have a stored team share a side exactly when they share a team.
    private static func sidesMatch(_ rows: [RatingLogRow], teams: [String: Int]) -> Bool {
        let teamed = rows.compactMap { row in teams[row.key].map { (side: row.side, team: $0) } }
        for a in teamed {
            for b in teamed where (a.side == b.side) != (a.team == b.team) { return false }
        }
        return true
    }

    private static func describe(_ rating: Rating) -> String { "mu \(rating.mu) sigma \(rating.sigma)" }

    private static func describe(_ rating: PlayerRating?) -> String {
        rating.map { "\(describe($0.rating)) after \($0.games) games" } ?? "none"
    }
}

/// A row of the rating board (`top rating`): best ordinal first, ties by key.
public struct RatingBoardEntry: Sendable, Equatable {
    public var rank: Int
    public var name: String
    public var rating: PlayerRating

    public init(rank: Int, name: String, rating: PlayerRating) {
        self.rank = rank
        self.name = name
        self.rating = rating
    }
}

/// The best `limit` rated players, and the asker's own row when outside them (and on the board at all).
public struct RatingBoardPage: Sendable, Equatable {
    public var entries: [RatingBoardEntry]
    public var mine: RatingBoardEntry?

    public init(entries: [RatingBoardEntry], mine: RatingBoardEntry? = nil) {
        self.entries = entries
        self.mine = mine
    }
}
