import HangmanCore

/// Starting a game in a room, as pure functions: who may (`start`: the host, seated; a watcher is
/// told how to play), whether a game can start (none under way, enough seated for the mode's rules,
/// enough of the room's own words for the rounds), and the game made from the seats (those dropped
/// or away out of the turn order, the modes' preparation). RoomState performs the start.
enum GameStart {
    /// Why `start` from `id` is refused (nil: the game starts). `seated`: `id` sits at the table on
    /// the asking client; `byHost`: `id` hosts.
    static func refusal(
        seated: Bool, byHost: Bool, playing: Bool, settings: Settings, seats: Int, words: RoomWords, room: String
    ) -> ServerError? {
        // A watcher is not the host either (`not_host`, as the contract's table says), told how to play.
        guard seated else { return .watcherCannotStart(room) }
        guard byHost else { return .notHost }
        guard !playing else { return .invalid("a game is already running in \(room)") }
        return modeRefusal(settings, seats: seats) ?? words.shortfall(settings, room: room)
    }

    /// Why a game of `settings`' mode cannot start with `seats` players, if it cannot: too few for its
    /// rules (`ModeRules.minimumPlayers`: a mode where one player sets the word needs two).
    static func modeRefusal(_ settings: Settings, seats: Int) -> ServerError? {
        let rules = settings.mode.rules
        guard seats < rules.minimumPlayers else { return nil }
        return .invalid(
            "a \(rules.mode.rawValue) game needs at least \(rules.minimumPlayers) seated players (\(rules.minimumPlayersReason)); "
                + "wait for someone to join, or set mode classic")
    }

    /// The game for the players in `seats` (those without a client, or `away`, out of the turn order
    /// until they are back), drawn from `words` with `rng`, with the teams players chose, prepared
    /// by the modes' flows.
    static func game(
        _ settings: Settings, seats: [Seating.Member], away: Set<PlayerID>, words: WordList, teams: TeamChoices,
        rng: inout SeededRandom
    ) throws(SettingsError) -> Game {
        let players = seats.map(\.id)
        var game = try Game(settings: settings, players: players, words: words, teams: teams.choices(of: players), rng: &rng)
        for member in seats where member.client == nil || away.contains(member.id) {
            _ = game.setConnected(member.id, false)
        }
        ModeFlows.prepare(&game)
        return game
    }
}
