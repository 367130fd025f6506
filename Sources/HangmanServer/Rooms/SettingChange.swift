import HangmanCore

/// `set <key> <value>` in a room, as a value: who may (the host, seated), the value checked against
/// its key (`Settings.set`) and the room (its own words block some keys; the seats taken bound
/// `seats`), and what the change does to a game under way (it takes the change from its next round,
/// drawing from the list the new settings name). RoomState performs it.
struct SettingChange: Equatable {
    let key: SettingKey
    /// The room's settings with the change.
    let settings: Settings

    private init(key: SettingKey, settings: Settings) {
        self.key = key
        self.settings = settings
    }

    /// `name` set to `value` in `room`, whose settings are `current`, asked by its host (`byHost`:
    /// they host and are seated) with `seated` players at the table; or why not.
    static func make(
        _ name: String, _ value: String, byHost: Bool, current: Settings, words: RoomWords, room: String, seated: Int
    ) -> Result<SettingChange, ServerError> {
        guard byHost else { return .failure(.notHost) }
        guard let key = SettingKey(name: name) else { return .failure(ServerError(SettingsError.unknownKey(name))) }
        if let blocked = words.block(key, room: room) { return .failure(blocked) }
        var updated = current
        do throws(SettingsError) {
            try updated.set(key, value, words: words.list, library: words.library)
        } catch {
            return .failure(ServerError(error))
        }
        if key == .seats, updated.seats < seated {
            return .failure(.outOfRange("\(seated) players are seated; seats must be at least that"))
        }
        return .success(SettingChange(key: key, settings: updated))
    }

    /// The game under way takes the change from its next round (the round under way keeps its word
    /// and rules), drawing from the list the new settings name (`words`, the room's lists; `current`,
    /// the settings before the change).
    func apply(to game: inout Game, current: Settings, words: RoomWords, rng: inout SeededRandom) throws(SettingsError) {
        try game.updateSettings(settings, words: words.list(for: settings, current: current), rng: &rng)
    }

    /// The room hears of the change, made by `by`; `playing`: a game is under way (the wire says
    /// `next_round` for a key that applies from the next round or game).
    func announcement(room: String, by: PlayerID, playing: Bool) -> Outbound {
        .settingChanged(
            room: room, key: key.name, value: settings.typed(key), shown: settings.announced(key),
            nextRound: playing && key.applies != .now, by: by.name)
    }
}
