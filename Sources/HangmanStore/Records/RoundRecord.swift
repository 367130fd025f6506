/// One round of a finished game, as the store keeps it.
public struct RoundRecord: Sendable, Equatable, Codable {
    /// The word of the round (evil mode: the word it ended on).
    public var word: String
    /// True when the word was solved.
    public var won: Bool
    /// The room's misses in this round (a race: the misses on the board that ended it).
    public var mistakes: Int
    /// Who completed the word, nil when nobody did.
    public var solver: String?
    /// A race round: each player's own misses, by display name (a player of the game with no board in
    /// that round made none). Nil in the other modes, where every player shares `mistakes`, and in
    /// records written before races kept them (outbox files decode as nil).
    public var racers: [String: Int]?

    public init(word: String, won: Bool, mistakes: Int, solver: String? = nil, racers: [String: Int]? = nil) {
        self.word = word
        self.won = won
        self.mistakes = mistakes
        self.solver = solver
        self.racers = racers
    }

    /// The misses of the player whose store key (`HangmanStoreKey.key(for:)`) is `key` in this round:
    /// their own in a race, the room's otherwise.
    public func mistakes(ofKey key: String) -> Int {
        guard let racers else { return mistakes }
        return racers.first { HangmanStoreKey.key(for: $0.key) == key }?.value ?? 0
    }
}

extension GameRecord {
    /// The misses of the player whose store key is `key` over the whole game (high scores).
    public func mistakes(ofKey key: String) -> Int {
        rounds.reduce(0) { $0 + $1.mistakes(ofKey: key) }
    }

    /// The rounds a player who sat down in round `firstRound` played: from it to the end.
    public func rounds(from firstRound: Int) -> ArraySlice<RoundRecord> {
        rounds.dropFirst(max(0, firstRound - 1))
    }

    /// The misses of the player whose store key is `key` over the rounds they played, from
    /// `firstRound` (high scores).
    public func mistakes(ofKey key: String, from firstRound: Int) -> Int {
        rounds(from: firstRound).reduce(0) { $0 + $1.mistakes(ofKey: key) }
    }
}

extension GameRecord {
    /// The record with each race round's `racers` holding exactly the game's players (a missing one
    /// made no misses; a name that is not a result's is dropped): what the SQL engines store and read
    /// back, so every engine returns the same `game`.
    var racersOfItsPlayers: GameRecord {
        var copy = self
        let names = uniqueResults.map(\.name)
        for index in copy.rounds.indices where copy.rounds[index].racers != nil {
            let round = copy.rounds[index]
            copy.rounds[index].racers = Dictionary(
                names.map { ($0, round.mistakes(ofKey: HangmanStoreKey.key(for: $0))) }, uniquingKeysWith: { first, _ in first })
        }
        return copy
    }
}
