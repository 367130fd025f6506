import HangmanCore
import Testing

@testable import HangmanServer

/// The room's small parts as pure values (no socket, no clock): its word lists (`RoomWords`), which
/// seats are bots (`HouseBots`), the server's settings it reads (`RoomLimits`) and its views
/// (`RoomBoard`).
struct RoomPartsTests {
    static let library = WordLibrary(
        main: WordList(words: ["ab", "abc"]), categories: ["animals": WordList(words: ["cat", "dog"])])

    static func lists(max: Int = 3) -> RoomWords {
        RoomWords(list: library.main, library: library, ownMax: max)
    }

    @Test func ownWordsBecomeTheListAndClearingGoesBackToTheLibrary() throws {
        var words = Self.lists()
        #expect(!words.hasOwn && words.list.count(length: nil, distinctLetters: nil) == 2)
        let added = try words.add(["Gnocchi", "x1", "gnocchi", "risotto"], settings: Settings()).get()
        #expect(added.added == 2 && added.refused == ["x1"], "a repeat is no new word; x1 is no word")
        #expect(words.own == ["gnocchi", "risotto"] && words.list.count(length: 7, distinctLetters: nil) == 2)
        let cleared = words.clearOwn(settings: Settings())
        #expect(cleared)
        #expect(!words.hasOwn && words.list.count(length: nil, distinctLetters: nil) == 2)
        let again = words.clearOwn(settings: Settings())
        #expect(!again, "nothing to clear")
    }

    @Test func ownWordsStopAtTheirMaximumExactly() {
        var words = Self.lists(max: 3)
        let atEdge = words.add(["one", "two", "six"], settings: Settings())
        #expect((try? atEdge.get())?.added == 3, "at the edge: accepted")
        guard case .failure(let refusal) = words.add(["ten"], settings: Settings()) else {
            return #expect(Bool(false), "one past the edge is refused")
        }
        #expect(refusal.message.contains("at most 3") && words.own.count == 3)
        var empty = Self.lists()
        guard case .failure(let none) = empty.add(["x1", "!"], settings: Settings()) else {
            return #expect(Bool(false), "no valid word")
        }
        #expect(none.message.hasPrefix("no word added"))
    }

    @Test func theListFollowsTheCategoryUnlessTheRoomPlaysItsOwn() throws {
        var words = Self.lists()
        var animals = Settings()
        animals.category = "animals"
        #expect(words.list(for: Settings(), current: Settings()).count(length: 2, distinctLetters: nil) == 1)
        words.follow(animals, from: Settings())
        #expect(words.list.count(length: 3, distinctLetters: nil) == 2, "cat and dog")
        #expect(words.block(.category, room: "den") == nil, "no own words: nothing blocked")
        _ = try words.add(["gnocchi"], settings: animals).get()
        #expect(words.block(.category, room: "den")?.message.contains("words clear") == true)
        #expect(words.block(.rounds, room: "den") == nil)
        words.follow(animals, from: animals)
        #expect(words.own == ["gnocchi"] && words.list.count(length: 7, distinctLetters: nil) == 1, "own words stay")
    }

    @Test func tooFewOwnWordsForTheRoundsIsAShortfall() throws {
        var words = Self.lists()
        var settings = Settings()
        settings.rounds = 2
        #expect(words.shortfall(settings, room: "den") == nil, "the library's list: never")
        _ = try words.add(["gnocchi"], settings: settings).get()
        #expect(words.shortfall(settings, room: "den")?.message.hasPrefix("den has 1 word of its own for 2 rounds") == true)
        settings.rounds = 1
        #expect(words.shortfall(settings, room: "den") == nil, "as many as rounds: enough")
    }

    @Test func botsAreForgottenOnceGoneAndSentAwayWhenNoPersonIsSeated() {
        var bots = HouseBots()
        bots.admit("robo")
        bots.admit("ghost")
        let stay = bots.settle(seated: ["Ann", "robo"])
        #expect(stay.isEmpty, "a person is seated: bots stay")
        #expect(bots.ids == ["robo"], "ghost never sat down")
        #expect(bots.chosen(nil, seated: ["Ann", "robo"]) == "robo")
        #expect(bots.chosen("Ann", seated: ["Ann", "robo"]) == nil, "a person is no bot")
        let gone = bots.settle(seated: ["robo"])
        #expect(gone == ["robo"], "nobody left but bots: they go")
        #expect(bots.ids.isEmpty)
        bots.admit("x")
        bots.forget("x")
        #expect(bots.ids.isEmpty)
    }

    @Test func limitsComeFromTheConfigAndTheStoreWaitRoundsUp() {
        var config = ServerConfig()
        config.storeTimeoutMilliseconds = 1001
        config.roomWordsMax = 7
        config.votekickBanMinutes = 3
        let limits = RoomLimits(config, blocklist: Blocklist())
        #expect(limits.storeWaitSeconds == 2 && limits.ownWordsMax == 7 && limits.voteKick.barFor == 180_000_000_000)
        config.storeTimeoutMilliseconds = 1000
        #expect(RoomLimits(config, blocklist: Blocklist()).storeWaitSeconds == 1, "at the edge: whole seconds")
    }

    @Test func theBoardBetweenGamesShowsTheSeatsAndTheRoomsSettings() {
        final class Client {}
        let ann = Client()
        var room = RoomState(
            name: "home", password: "pw", isQuick: false, settings: Settings(), words: Self.library.main,
            rng: SeededRandom(seed: 1))
        _ = room.handle(.join(ObjectIdentifier(ann), "Ann", password: "pw", spectator: false), at: 0, wall: 0)
        let board = RoomBoard.snapshot(room, at: 5)
        #expect(board.status == .waiting && board.host == "Ann" && board.isPrivate && board.turnSecondsLeft == nil)
        #expect(board.players.map(\.name) == ["Ann"] && board.hint == nil)
        #expect(RoomBoard.summary(room).players == 1 && RoomBoard.status(.over) == .over)
    }
}
