import HangmanStore

/// The rows several events share: a typed setting, a leaderboard row (points or rating), the players list.
extension JSONRenderer {
    /// One typed setting: an integer, a string, or null (`any`/`off`).
    static func settingValue(_ w: inout JSONWriter, _ key: JSONKey, _ value: SettingValue) {
        switch value {
        case .int(let number): w.field(key, number)
        case .text(let text): w.field(key, text)
        case .none: w.field(key, Optional<Int>.none)
        }
    }

    /// A leaderboard row, as an array element or (with `key`) a keyed object.
    static func leaderboardEntry(_ w: inout JSONWriter, _ entry: LeaderboardEntry, key: JSONKey? = nil) {
        w.beginNestedObject(key)
        w.field("rank", entry.rank)
        w.field("name", entry.name)
        w.field("score", entry.score)
        w.field("games", entry.games)
        w.field("wins", entry.wins)
        w.endObject()
    }

    /// A `top rating` row: `rating` is the ordinal (mu − 3·sigma), all at full precision.
    static func ratingBoardEntry(_ w: inout JSONWriter, _ entry: RatingBoardEntry, key: JSONKey? = nil) {
        w.beginNestedObject(key)
        w.field("rank", entry.rank)
        w.field("name", entry.name)
        w.field("rating", entry.rating.rating.ordinal)
        w.field("mu", entry.rating.rating.mu)
        w.field("sigma", entry.rating.rating.sigma)
        w.field("games", entry.rating.games)
        w.endObject()
    }

    /// `players`: a list of `{name, score, connected}`, and `bot: true` for a house bot (in `state` and `who`).
    static func playerList(_ w: inout JSONWriter, _ players: [PlayerView]) {
        objectList(&w, "players", players) { w, player in
            w.field("name", player.name)
            w.field("score", player.score)
            w.field("connected", player.connected)
            if player.bot { w.field("bot", true) }
            if let team = player.team { w.field("team", team) }
        }
    }

    /// `key`: an array with one object per item, its fields written by `fields`.
    static func objectList<Item>(
        _ w: inout JSONWriter, _ key: JSONKey, _ items: [Item], _ fields: (inout JSONWriter, Item) -> Void
    ) {
        w.beginArray(key)
        for item in items {
            w.beginNestedObject()
            fields(&w, item)
            w.endObject()
        }
        w.endArray()
    }
}
