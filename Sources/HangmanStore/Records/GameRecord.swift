import Foundation

/// A finished game handed to the store to merge into the leaderboard.
///
/// `mode` and `difficulty` are stored as strings (the raw values of HangmanCore's enums): the store
/// does not depend on the rules module.
public struct GameRecord: Sendable, Equatable, Codable {
    /// Unique per finished game, made by the room when the game ends. The merge is idempotent by it: a
    /// record applied twice (a replay from the outbox after a crash) is counted once.
    public var id: UUID
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
    /// False for a game that must never reach the global leaderboard (word-setter games, easy to farm
    /// between friends). History and `game` keep it.
    public var ranked: Bool

    public init(
        room: String, mode: String, difficulty: String, rounds: [RoundRecord], results: [PlayerResult],
        started: Int64, ended: Int64, id: UUID = GameRecord.newID(), ranked: Bool = true
    ) {
        self.ranked = ranked
        self.id = id
        self.room = room
        self.mode = mode
        self.difficulty = difficulty
        self.rounds = rounds
        self.results = results
        self.started = started
        self.ended = ended
    }
}

extension GameRecord {
    private enum CodingKeys: String, CodingKey {
        case id, room, mode, difficulty, rounds, results, started, ended, ranked
    }

    /// Outbox files written before `ranked` existed decode as ranked.
    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            room: try values.decode(String.self, forKey: .room),
            mode: try values.decode(String.self, forKey: .mode),
            difficulty: try values.decode(String.self, forKey: .difficulty),
            rounds: try values.decode([RoundRecord].self, forKey: .rounds),
            results: try values.decode([PlayerResult].self, forKey: .results),
            started: try values.decode(Int64.self, forKey: .started),
            ended: try values.decode(Int64.self, forKey: .ended),
            id: try values.decode(UUID.self, forKey: .id),
            ranked: try values.decodeIfPresent(Bool.self, forKey: .ranked) ?? true)
    }

    /// The id stored for games merged before ids existed (schema 2 and older): derived from the game's
    /// number, so reading such a game back is stable.
    static func legacyID(gameNumber: Int64) -> UUID {
        let digits = String(UInt64(bitPattern: gameNumber), radix: 16)
        let padded = String(repeating: "0", count: max(0, 12 - digits.count)) + digits
        return UUID(uuidString: "00000000-0000-4000-8000-\(padded.suffix(12))") ?? UUID()
    }

    /// The stored form of an id column, nil meaning a legacy game.
    static func id(stored: String?, gameNumber: Int64) -> UUID {
        stored.flatMap(UUID.init(uuidString:)) ?? legacyID(gameNumber: gameNumber)
    }
}
