/// A finished game handed to the store to merge into the leaderboard.
///
/// `mode` and `difficulty` are stored as strings (the raw values of HangmanCore's enums): the store
/// does not depend on the rules module.
public struct GameRecord: Sendable, Equatable, Codable {
    public var room: String
    public var mode: String
    public var difficulty: String
    /// In round order.
    public var rounds: [RoundRecord]
    /// Best first (the game's ranking). A name repeated (ignoring case) keeps only its first result.
    public var results: [PlayerResult]
    /// Unix seconds.
    public var started: Int64
    /// Unix seconds.
    public var ended: Int64

    public init(
        room: String, mode: String, difficulty: String, rounds: [RoundRecord], results: [PlayerResult],
        started: Int64, ended: Int64
    ) {
        self.room = room
        self.mode = mode
        self.difficulty = difficulty
        self.rounds = rounds
        self.results = results
        self.started = started
        self.ended = ended
    }
}
