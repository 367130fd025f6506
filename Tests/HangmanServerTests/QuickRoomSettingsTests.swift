import HangmanCore
import HangmanTesting
import Testing

@testable import HangmanServer

/// Quick play starts a game at once, at a public table (docs/PROTOCOL.md). A quick room opened by a
/// player who remembers `mode setter` or `seats 1` did not: it took every remembered key
/// (session 9's "noticed, not done"). `QuickRoomSettings` keeps the words and scoring the player
/// chose and takes the table's shape from the server.
@Suite(.ownThread) struct QuickRoomSettingsTests {
    static var remembered: Settings {
        var settings = Settings()
        settings.mode = .setter
        settings.seats = 1
        settings.turnSeconds = nil
        settings.difficulty = .hard
        settings.length = 5
        settings.misses = 4
        settings.rounds = 2
        settings.category = "animals"
        settings.language = "de"
        return settings
    }

    @Test func theWordsAndScoringAreKeptTheTablesShapeIsTheServers() {
        let defaults = Settings()
        let quick = QuickRoomSettings.settings(remembered: Self.remembered, defaults: defaults)
        #expect(quick.mode == .classic && quick.seats == defaults.seats && quick.turnSeconds == defaults.turnSeconds)
        #expect(quick.difficulty == .hard && quick.length == 5 && quick.misses == 4 && quick.rounds == 2)
        #expect(quick.category == "animals" && quick.language == "de")
        for mode in [Mode.classic, .evil, .race] {
            var remembered = Self.remembered
            remembered.mode = mode
            #expect(QuickRoomSettings.settings(remembered: remembered, defaults: defaults).mode == mode, "\(mode) starts alone")
        }
        var evilServer = Settings()
        evilServer.mode = .evil
        #expect(QuickRoomSettings.settings(remembered: Self.remembered, defaults: evilServer).mode == .evil)
        var setterServer = Settings()
        setterServer.mode = .setter
        #expect(QuickRoomSettings.settings(remembered: Self.remembered, defaults: setterServer).mode == .classic)
    }

    /// The room's state machine: a quick room starts its game when the first player sits down, which
    /// the remembered settings themselves do not allow.
    @Test func aQuickRoomWithTheseSettingsStartsOnTheFirstJoin() {
        final class Client {}
        let ann = Client()
        func firstJoin(_ settings: Settings) -> Bool {
            var state = RoomState(
                name: "quick-1", password: nil, isQuick: true, settings: settings, words: WordList(words: ["horse"]),
                rng: SeededRandom(seed: 1), limits: RoomLimits(graceSeconds: 60, turnWarningSeconds: 5))
            _ = state.handle(.join(ObjectIdentifier(ann), "Ann", password: nil, spectator: false), at: 0, wall: 0)
            return state.isPlaying
        }
        var remembered = Self.remembered
        remembered.category = nil
        remembered.language = nil
        remembered.difficulty = .custom
        #expect(!firstJoin(remembered), "setter mode waits for a second player")
        #expect(firstJoin(QuickRoomSettings.settings(remembered: remembered, defaults: Settings())))
    }

    /// Whole sessions: Ann remembers `mode setter` and `seats 1`; at her next login quick play starts
    /// a game at once and bob is put at her table. A room she creates still gets both.
    @Test func aPlayerWhoRemembersSetterAndOneSeatGetsAGameAtOnce() {
        let table = TestTable(words: ["horse", "mouse"])
        let ann = table.player("Ann")
        table.seat(ann, in: "den")
        table.type("set mode setter", on: ann)
        table.type("set seats 1", on: ann)
        table.type("set turn off", on: ann)
        table.type("set misses 4", on: ann)
        table.type("quit", on: ann)

        let again = table.connect()
        table.type("json", on: again)
        table.type("name Ann", on: again)
        let board = again.events().last { $0.type == "state" }
        #expect(board?["status"] as? String == "playing", "\(board ?? [:])")
        #expect(board?["mode"] as? String == "classic")
        #expect(board?["max_misses"] as? Int == 4, "the remembered misses are kept")
        #expect(board?["turn_seconds_left"] as? Int != nil, "the server's turn time, not off")
        let bob = table.player("bob")
        table.type("state", on: bob)
        let bobs = bob.events().last { $0.type == "state" }
        #expect(bobs?["room"] as? String == board?["room"] as? String, "bob sits at Ann's quick table")

        table.type("create attic", on: again)
        table.type("settings", on: again)
        let created = again.events().last { $0.type == "settings" }?["settings"] as? [String: Any]
        #expect(created?["mode"] as? String == "setter" && created?["seats"] as? Int == 1, "\(created ?? [:])")
    }
}
