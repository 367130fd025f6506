/// One side of a finished game as the rating sees it: a solo player, or a team with all of its
/// members, and the side's final points. Bots are kept here and left out by `RatedGame`, so the rule
/// of what is rated lives in one place.
public struct RatingSide: Sendable {
    /// A player's store key (`PlayerID.key`).
    public typealias Key = String

    public struct Member: Sendable {
        public let key: Key
        public let isBot: Bool

        public init(key: Key, isBot: Bool) {
            self.key = key
            self.isBot = isBot
        }
    }

    public let members: [Member]
    public let score: Int

    public init(members: [Member], score: Int) {
        self.members = members
        self.score = score
    }

    /// A player alone on their side.
    public static func solo(_ key: Key, score: Int, isBot: Bool = false) -> RatingSide {
        RatingSide(members: [Member(key: key, isBot: isBot)], score: score)
    }
}

/// A game that counts for the ratings, built only when it should: a ranked game with at least two
/// human players on at least two sides, bots left out. Teams games rate each team as one team, with
/// all of its (human) members; ranks come from the sides' points, equal points tying.
public struct RatedGame: Sendable {
    public typealias Key = String

    /// The sides that are rated, each with its human members only, in the order given.
    public let teams: [(keys: [Key], score: Int)]

    /// The least human players a rated game has.
    public static var minimumHumans: Int { 2 }

    /// nil when the game is not rated: unranked, fewer than two humans, fewer than two sides with a
    /// human, or a player on two sides.
    public init?(ranked: Bool, sides: [RatingSide]) {
        guard ranked else { return nil }
        let teams = sides.compactMap { side -> (keys: [Key], score: Int)? in
            let humans = side.members.filter { !$0.isBot }.map(\.key)
            return humans.isEmpty ? nil : (humans, side.score)
        }
        let keys = teams.flatMap(\.keys)
        guard teams.count >= 2, keys.count >= Self.minimumHumans, Set(keys).count == keys.count else { return nil }
        self.teams = teams
    }

    /// Every player in the game.
    public var players: [Key] { teams.flatMap(\.keys) }

    /// Each player's rating before and after this game, in `players` order; a player `current` does
    /// not know starts at `model.initial`.
    public func rate(_ model: PlackettLuce, current: (Key) -> Rating?) -> [RatingChange] {
        let before = teams.map { team in team.keys.map { current($0) ?? model.initial } }
        let after = model.rate(before, scores: teams.map { Double($0.score) })
        var changes: [RatingChange] = []
        changes.reserveCapacity(players.count)
        for (side, team) in teams.enumerated() {
            for (index, key) in team.keys.enumerated() {
                changes.append(RatingChange(key: key, before: before[side][index], after: after[side][index]))
            }
        }
        return changes
    }
}

/// One player's rating before and after a rated game.
public struct RatingChange: Sendable, Equatable {
    public let key: String
    public let before: Rating
    public let after: Rating

    public init(key: String, before: Rating, after: Rating) {
        self.key = key
        self.before = before
        self.after = after
    }
}
