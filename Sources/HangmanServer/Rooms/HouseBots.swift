import HangmanCore

/// Which seats are house bots, a pure value. A bot is seated like anyone else (its own session plays
/// through the same commands as a client); the room only needs to know which seats are bots: the
/// host adds and removes them, a bot never becomes host, its result is kept off the global
/// leaderboard, and bots leave once no person is seated.
struct HouseBots {
    private(set) var ids: Set<PlayerID> = []

    /// `id` is let in as a bot (before it sits down).
    mutating func admit(_ id: PlayerID) { ids.insert(id) }

    /// The bot `id` did not sit down after all.
    mutating func forget(_ id: PlayerID) { ids.remove(id) }

    /// The bot `bot remove [target]` means among `seated`: the one named, else the last seated bot.
    func chosen(_ target: String?, seated: [PlayerID]) -> PlayerID? {
        let bots = seated.filter { ids.contains($0) }
        guard let target else { return bots.last }
        return bots.first { $0 == PlayerID(target) }
    }

    /// After every input: bots no longer in `seated` are forgotten; once no person is seated, every
    /// bot is, and the seated ones are returned (to be sent away, in seat order).
    mutating func settle(seated: [PlayerID]) -> [PlayerID] {
        guard !ids.isEmpty else { return [] }
        ids = ids.filter { seated.contains($0) }
        guard !ids.isEmpty, !seated.contains(where: { !ids.contains($0) }) else { return [] }
        defer { ids.removeAll() }
        return seated.filter { ids.contains($0) }
    }
}
