/// One round a player played: the `history` command shows one line per entry.
public struct HistoryEntry: Sendable, Equatable {
    public var gameID: Int64
    /// When the game ended (unix seconds).
    public var ended: Int64
    public var room: String
    public var word: String
    /// The player's misses in that round: the room's, or in a race their own board's.
    public var mistakes: Int
    /// True when the word was solved.
    public var won: Bool

    public init(gameID: Int64, ended: Int64, room: String, word: String, mistakes: Int, won: Bool) {
        self.gameID = gameID
        self.ended = ended
        self.room = room
        self.word = word
        self.mistakes = mistakes
        self.won = won
    }
}
