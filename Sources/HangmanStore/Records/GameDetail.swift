/// A stored game with its id, rebuilt from the database.
public struct GameDetail: Sendable, Equatable {
    public var id: Int64
    /// Results keep their original order; a result removed by `deleteHistory` is gone.
    public var record: GameRecord

    public init(id: Int64, record: GameRecord) {
        self.id = id
        self.record = record
    }
}
