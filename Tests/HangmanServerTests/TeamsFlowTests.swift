import HangmanCore
import HangmanStore
import Testing

@testable import HangmanServer

/// Teams mode in the room as values (`RoomState.handle`, no socket, no clock): `team <n>`, the
/// teams at start, the board's team fields, the record's teams and places, a drop and a return.
@Suite(.ownThread) struct TeamsFlowTests {
    final class Client {}
    let ann = Client()
    let bob = Client()
    let cy = Client()
    let dee = Client()
    let eve = Client()

    func id(_ client: Client) -> ObjectIdentifier { ObjectIdentifier(client) }

    /// ann (host), bob, cy and dee seated in `home`, teams mode with `teams` teams, one round of "ab".
    func room(teams: Int = 2) -> RoomState {
        var settings = Settings()
        settings.rounds = 1
        settings.turnSeconds = nil
        var state = RoomState(
            name: "home", password: nil, isQuick: false, settings: settings, words: WordList(words: ["ab"]),
            rng: SeededRandom(seed: 3), limits: RoomLimits(graceSeconds: 60, turnWarningSeconds: 5))
        for (client, name) in [(ann, "Ann"), (bob, "bob"), (cy, "cy"), (dee, "dee")] {
            _ = state.handle(.join(id(client), PlayerID(name), password: nil, spectator: false), at: 0, wall: 0)
        }
        _ = state.handle(.set(by: id(ann), "ann", key: "mode", value: "teams"), at: 0, wall: 0)
        _ = state.handle(.set(by: id(ann), "ann", key: "teams", value: "\(teams)"), at: 0, wall: 0)
        return state
    }

    static func reply(_ actions: [RoomState.Action]) -> ServerError?? {
        actions.compactMap { if case .reply(let error) = $0 { error } else { nil } }.first
    }

    static func lastState(_ actions: [RoomState.Action]) -> RoomSnapshot? {
        RoomStateTests.lastState(actions)
    }

    static func team(_ name: String, _ snapshot: RoomSnapshot?) -> Int? {
        snapshot?.players.first { $0.name == name }?.team
    }

    @Test func aChosenTeamIsShownWhileWaitingAndKeptAtTheStart() throws {
        var state = room()
        let chose = state.handle(.team(by: id(bob), "bob", "2"), at: 0, wall: 0)
        #expect(Self.reply(chose) == .some(nil))
        #expect(
            RoomStateTests.broadcasts(chose).contains { if case .info("bob joins team 2.") = $0 { true } else { false } })
        #expect(Self.team("bob", Self.lastState(chose)) == 2 && Self.team("Ann", Self.lastState(chose)) == nil)
        let started = state.handle(.start(by: id(ann), "ann"), at: 0, wall: 0)
        let board = try #require(Self.lastState(started))
        #expect(Self.team("bob", board) == 2)
        // The others are balanced: two teams of two.
        let sizes = [1, 2].map { team in board.players.filter { $0.team == team }.count }
        #expect(sizes == [2, 2])
        #expect(board.teams?.map(\.team).sorted() == [1, 2] && board.teams?.allSatisfy { $0.score == 0 } == true)
        // Turns alternate between the teams.
        let first = try #require(board.turn)
        let after = state.handle(.guess(by: id(client(first)), PlayerID(first), letter: "z", word: nil), at: 0, wall: 0)
        let second = try #require(Self.lastState(after)?.turn)
        #expect(Self.team(first, board) != Self.team(second, board))
    }

    func client(_ name: String) -> Client {
        switch name.lowercased() {
        case "ann": ann
        case "bob": bob
        case "cy": cy
        default: dee
        }
    }

    @Test(arguments: [("0", 2), ("3", 2), ("5", 4), ("two", 2)])
    func aTeamOutsideOneToTheCountIsOutOfRange(text: String, teams: Int) {
        var state = room(teams: teams)
        let refused = state.handle(.team(by: id(bob), "bob", text), at: 0, wall: 0)
        #expect(Self.reply(refused) == .some(.outOfRange("a team is a number from 1 to \(teams)")))
    }

    @Test(arguments: [2, 4])
    func theCountsEdgesAreTakenAsTeams(teams: Int) {
        var state = room(teams: teams)
        #expect(Self.reply(state.handle(.team(by: id(bob), "bob", "\(teams)"), at: 0, wall: 0)) == .some(nil))
        #expect(Self.reply(state.handle(.team(by: id(cy), "cy", "1"), at: 0, wall: 0)) == .some(nil))
    }

    @Test func aTeamIsRefusedOutsideTeamsModeDuringAGameAndToAWatcher() {
        var state = room()
        _ = state.handle(.join(id(eve), "eve", password: nil, spectator: true), at: 0, wall: 0)
        let watcher = state.handle(.team(by: id(eve), "eve", "1"), at: 0, wall: 0)
        #expect(Self.reply(watcher) == .some(.invalid("you are watching home; join home to play in a team")))
        _ = state.handle(.start(by: id(ann), "ann"), at: 0, wall: 0)
        let playing = state.handle(.team(by: id(bob), "bob", "1"), at: 0, wall: 0)
        #expect(
            Self.reply(playing) == .some(.invalid("the teams are fixed for this game; choose again once it is over")))
        var classic = room()
        _ = classic.handle(.set(by: id(ann), "ann", key: "mode", value: "classic"), at: 0, wall: 0)
        let notTeams = classic.handle(.team(by: id(bob), "bob", "1"), at: 0, wall: 0)
        #expect(Self.reply(notTeams) == .some(.invalid("teams are for teams mode; the host types set mode teams")))
    }

    /// Every member of a team gets the team's place in the record, and each result says its team
    /// (0-based); the ranking shown says it too (1-based, as `team <n>`).
    @Test func theRecordRanksEachMemberAtTheirTeamsPlace() throws {
        var state = room()
        _ = state.handle(.team(by: id(ann), "ann", "1"), at: 0, wall: 0)
        _ = state.handle(.team(by: id(cy), "cy", "1"), at: 0, wall: 0)
        _ = state.handle(.team(by: id(bob), "bob", "2"), at: 0, wall: 0)
        _ = state.handle(.team(by: id(dee), "dee", "2"), at: 0, wall: 0)
        let started = state.handle(.start(by: id(ann), "ann"), at: 0, wall: 0)
        let first = try #require(Self.lastState(started)?.turn)
        #expect(first == "Ann")
        // ann misses, bob misses, cy solves: team 1 is first, ann (no points of her own) with it.
        _ = state.handle(.guess(by: id(ann), "ann", letter: "z", word: nil), at: 0, wall: 0)
        _ = state.handle(.guess(by: id(bob), "bob", letter: "y", word: nil), at: 0, wall: 0)
        let over = state.handle(.guess(by: id(cy), "cy", letter: nil, word: "ab"), at: 0, wall: 10)
        let (record, views) = try #require(
            over.compactMap { if case .saveGame(let record, let views) = $0 { (record, views) } else { nil } }.first)
        let results = Dictionary(uniqueKeysWithValues: record.results.map { ($0.name, $0) })
        #expect(results["Ann"]?.team == 0 && results["cy"]?.team == 0 && results["bob"]?.team == 1 && results["dee"]?.team == 1)
        #expect(results["Ann"]?.rank == 1 && results["cy"]?.rank == 1 && results["bob"]?.rank == 2 && results["dee"]?.rank == 2)
        #expect(views.prefix(2).allSatisfy { $0.team == 1 } && views.suffix(2).allSatisfy { $0.team == 2 })
    }

    @Test func aClassicGameRecordsNoTeams() throws {
        var state = room()
        _ = state.handle(.set(by: id(ann), "ann", key: "mode", value: "classic"), at: 0, wall: 0)
        _ = state.handle(.start(by: id(ann), "ann"), at: 0, wall: 0)
        let over = state.handle(.guess(by: id(ann), "ann", letter: nil, word: "ab"), at: 0, wall: 10)
        let record = try #require(over.compactMap { if case .saveGame(let record, _) = $0 { record } else { nil } }.first)
        #expect(record.results.allSatisfy { $0.team == nil })
        #expect(Self.lastState(over)?.teams == nil)
    }

    /// A player who drops keeps their team; their turn passes to their teammate, and back, they
    /// play on in it.
    @Test func aDropAndAReturnKeepTheTeam() throws {
        var state = room()
        _ = state.handle(.team(by: id(ann), "ann", "1"), at: 0, wall: 0)
        _ = state.handle(.team(by: id(cy), "cy", "1"), at: 0, wall: 0)
        _ = state.handle(.team(by: id(bob), "bob", "2"), at: 0, wall: 0)
        _ = state.handle(.team(by: id(dee), "dee", "2"), at: 0, wall: 0)
        _ = state.handle(.start(by: id(ann), "ann"), at: 0, wall: 0)
        // ann misses; bob's turn; ann drops: team 1's next turn is cy's.
        _ = state.handle(.guess(by: id(ann), "ann", letter: "z", word: nil), at: 0, wall: 0)
        let dropped = state.handle(.dropped("ann", id(ann)), at: 0, wall: 0)
        #expect(Self.lastState(dropped)?.players.first { $0.name == "Ann" }?.connected == false)
        let bobs = state.handle(.guess(by: id(bob), "bob", letter: "y", word: nil), at: 0, wall: 0)
        #expect(Self.lastState(bobs)?.turn == "cy")
        let back = Client()
        let resumed = state.handle(.resume(id(back), "ann"), at: 0, wall: 0)
        _ = resumed
        let board = state.snapshot()
        #expect(Self.team("Ann", board) == 1 && board.players.first { $0.name == "Ann" }?.connected == true)
        _ = state.handle(.guess(by: id(cy), "cy", letter: "x", word: nil), at: 0, wall: 0)
        let dees = state.handle(.guess(by: id(dee), "dee", letter: "w", word: nil), at: 0, wall: 0)
        #expect(Self.lastState(dees)?.turn == "Ann", "team 1's turn comes back to ann, after cy")
    }
}
