/// Race mode: one player's own board of the round's word (see `RaceRules.swift`).
public struct RaceBoard: Sendable {
    public let id: PlayerID
    public var round: Round
    /// Not connected (dropped, or marked away) when the round started while others raced: out of
    /// the round from its start, no miss spent and no clock; back, they race on a fresh board.
    public internal(set) var sittingOut = false

    /// Positions revealed so far.
    public var found: Int { round.length - round.hidden }
    /// Still guessing: neither solved nor hanged.
    public var racing: Bool { round.status == .playing }
    /// Hanged: out of this round.
    public var isOut: Bool { round.status == .lost }
}
