import HangmanCore

extension Lobby {
    /// The lobby's players by identity, with the number online kept as entries change, so the welcome's
    /// "players online" is O(1): counting the dictionary at every connection made a login storm of N
    /// connections cost O(N²). Online means connected (not away in the grace period) and not a house bot.
    struct Registry {
        private(set) var entries: [PlayerID: Entry] = [:]
        private(set) var online = 0

        subscript(id: PlayerID) -> Entry? {
            get { entries[id] }
            set {
                if let old = entries[id], Self.isOnline(old) { online -= 1 }
                if let new = newValue, Self.isOnline(new) { online += 1 }
                entries[id] = newValue
            }
        }

        private static func isOnline(_ entry: Entry) -> Bool {
            entry.member != nil && !entry.id.key.hasPrefix(CommandParser.houseBotPrefix)
        }
    }
}
