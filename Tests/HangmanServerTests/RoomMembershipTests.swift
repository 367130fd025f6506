import HangmanCore
import Testing

@testable import HangmanServer

/// The room's comings and goings (`RoomMembership`) through its seam (`MembershipRoom`), with a fake
/// room and no game: what the rules send, what they ask of the game's side, and in what order.
struct RoomMembershipTests {
    final class Client {}
    let ann = Client()
    let bob = Client()
    let cy = Client()

    /// A room with no game: it logs what the rules send and what they ask of the game's side.
    struct FakeRoom: MembershipRoom {
        var membership = RoomMembership(voteKick: RoomLimits().voteKick)
        var name = "den"
        var password: String?
        var limits = RoomLimits()
        var capacity = 4
        var now: UInt64 = 0
        var wallNow: Int64 = 1_000
        var bots: Set<PlayerID> = []
        var timesOutOfRound = false
        /// The game changes a seat's connection (the turn moves).
        var connectionChangesGame = false
        var log: [String] = []
        var actions: [RoomAction] = []

        mutating func emit(_ action: RoomAction) {
            actions.append(action)
            switch action {
            case .releaseName(let id, let client): log.append("release \(id.name)\(client == nil ? "" : " on its client")")
            case .markAway(let id, _): log.append("drop \(id.name)")
            case .removed(_, let by): log.append("removed by \(by)")
            case .arm(let timer, let seconds): log.append("arm \(timer) \(seconds)s")
            case .close: log.append("close")
            case .audit(let entry): log.append("audit \(entry.action) \(entry.target)")
            case .send(_, let event), .sendAfter(_, let event): log.append("send \(Self.line(event))")
            case .markedAway: log.append("marked away")
            default: log.append("other")
            }
        }
        mutating func broadcast(_ event: Outbound) { log.append("all \(Self.line(event))") }
        mutating func reply(_ error: ServerError?) { log.append(error.map { "refused \($0.message)" } ?? "ok") }
        func snapshot() -> RoomSnapshot {
            RoomSnapshot(
                room: name, status: .waiting, mode: "classic", difficulty: "easy", round: 0, rounds: 1, pattern: "",
                misses: 0, maxMisses: 7, guessed: [], available: [], turn: nil, turnSecondsLeft: nil, players: [],
                spectators: 0, host: nil, isPrivate: password != nil)
        }
        mutating func broadcastStateUpdate() { log.append("board update") }
        mutating func broadcastState() { log.append("board") }
        mutating func resetTimeouts(of player: PlayerID) { log.append("reset \(player.name)") }
        mutating func seatTaken(by id: PlayerID) -> Bool { false }
        mutating func seatConnected(_ id: PlayerID, _ connected: Bool) -> Bool {
            log.append("game: \(id.name) \(connected ? "connected" : "disconnected")")
            return connectionChangesGame
        }
        mutating func joinerSeated(_ client: ClientID, gameChanged: Bool) { log.append("joiner's board") }
        mutating func seatTakenBack(by client: ClientID, gameChanged: Bool) { log.append("returner's board") }
        mutating func awayPlayerBack(_ id: PlayerID, client: ClientID) { log.append("game: \(id.name) back") }
        mutating func gameLoses(_ id: PlayerID) -> [GameEvent] {
            log.append("game: \(id.name) leaves")
            return [.turn(player: "x")]
        }
        mutating func seatLeft(_ events: [GameEvent]) { log.append("game after leave: \(events.count) events") }
        mutating func roomClosed() { log.append("room closed") }

        static func line(_ event: Outbound) -> String {
            switch event {
            case .joined(_, let player, let spectator, let resumed):
                "joined \(player)\(spectator ? " watching" : "")\(resumed ? " back" : "")"
            case .left(_, let player, let reason): "left \(player) (\(reason ?? "-"))"
            case .host(_, let player): "host \(player)"
            case .info(let text): text
            case .votekick(_, let target, let by, let yes, let needed, let passed):
                "vote \(by)→\(target) \(yes)/\(needed)\(passed ? " passed" : "")"
            case .spectators(_, let started, let stopped, let watching): "spectators +\(started) -\(stopped) =\(watching)"
            case .away(_, let player, let away, let missed, _): "away \(player) \(away) \(missed)"
            case .state: "state"
            default: "other"
            }
        }

        mutating func join(_ client: AnyObject, _ id: PlayerID, spectator: Bool = false) {
            RoomMembership.join(&self, ObjectIdentifier(client), id, password: nil, spectator: spectator)
        }
    }

    func seated() -> FakeRoom {
        var room = FakeRoom()
        room.join(ann, "Ann")
        room.join(bob, "bob")
        room.log = []
        return room
    }

    @Test func theFirstSeatedHostsAndTheRoomHearsEachJoiner() {
        var room = FakeRoom()
        room.join(ann, "Ann")
        room.join(cy, "cy", spectator: true)
        #expect(room.membership.host == "Ann" && room.membership.seats.map(\.id) == ["Ann"])
        #expect(room.membership.spectators.map(\.id) == ["cy"])
        #expect(
            room.log == [
                "ok", "all joined Ann", "joiner's board",
                // A spectator hears their own `joined` and board; the room, one notice a period.
                "ok", "send joined cy watching", "send state", "arm spectatorChurn(token: 1) 1s",
            ])
        room.log = []
        RoomMembership.tellSpectatorChurn(&room, token: 1)
        #expect(room.log == ["all spectators +1 -0 =1"])
    }

    @Test func aHostWhoLeavesHandsTheTableOnBeforeTheGameHearsOfIt() {
        var room = seated()
        RoomMembership.remove(&room, "Ann", client: ObjectIdentifier(ann), reason: nil)
        #expect(
            room.log == [
                "game: Ann leaves", "all left Ann (-)", "send left Ann (-)", "all host bob", "game after leave: 1 events",
            ])
        #expect(room.membership.host == "bob" && !room.membership.closed)
    }

    @Test func theLastMemberGoneClosesTheRoomOnceAndItTurnsEveryoneAway() {
        var room = seated()
        RoomMembership.remove(&room, "Ann", client: nil, reason: nil)
        RoomMembership.remove(&room, "bob", client: nil, reason: nil)
        #expect(room.membership.closed && room.log.filter { $0 == "room closed" }.count == 1)
        #expect(RoomMembership.refusal(room, "cy", password: nil, spectator: true, at: 0) == .noSuchRoom("den"))
        room.log = []
        RoomMembership.resume(&room, ObjectIdentifier(bob), "bob")
        #expect(room.log == ["refused \(ServerError.noSuchRoom("den").message)"])
    }

    @Test func aDropKeepsTheSeatForItsGraceAndAReturnBeatsTheTimer() throws {
        var room = seated()
        room.connectionChangesGame = true
        RoomMembership.dropped(&room, "bob", ObjectIdentifier(bob))
        #expect(
            room.log == [
                "drop bob", "all bob lost their connection; their seat is kept for 60 s.", "game: bob disconnected", "board",
                "arm \(RoomTimer.grace(player: "bob", token: 1)) 60s",
            ])
        #expect(room.membership.seats.map(\.client) == [ObjectIdentifier(ann), nil])
        room.log = []
        RoomMembership.resume(&room, ObjectIdentifier(cy), "bob")
        #expect(room.log == ["reset bob", "game: bob connected", "ok", "all joined bob back", "returner's board"])
        room.log = []
        RoomMembership.graceEnded(&room, "bob", token: 1)
        #expect(room.log.isEmpty, "the seat was taken back: its grace is stale")
        #expect(room.membership.seats.map(\.id) == ["Ann", "bob"])
    }

    @Test func withNoGraceADropFreesTheSeatAndItsName() {
        var room = seated()
        room.limits.graceSeconds = 0
        RoomMembership.dropped(&room, "bob", ObjectIdentifier(bob))
        #expect(
            room.log == [
                "game: bob leaves", "all left bob (disconnected)", "send left bob (disconnected)",
                "game after leave: 1 events", "release bob",
            ])
        #expect(room.membership.seats.map(\.id) == ["Ann"])
    }

    @Test func aHostDroppingPassesHostingToAPersonNotABot() {
        var room = FakeRoom()
        room.bots = ["robo"]
        room.join(ann, "Ann")
        room.join(bob, "robo")
        room.join(cy, "cy")
        room.log = []
        RoomMembership.dropped(&room, "Ann", ObjectIdentifier(ann))
        #expect(room.membership.host == "cy" && room.log.contains("all host cy"))
    }

    @Test func onlyTheHostKicksAndTheKickedHearItAfterTheRoom() {
        var room = seated()
        RoomMembership.kick(&room, by: ObjectIdentifier(bob), "bob", target: "Ann")
        #expect(room.log == ["refused \(ServerError.notHost.message)"])
        room.log = []
        RoomMembership.kick(&room, by: ObjectIdentifier(ann), "Ann", target: "bob")
        #expect(
            room.log == [
                "ok", "game: bob leaves", "all left bob (kicked by Ann)", "send left bob (kicked by Ann)",
                "game after leave: 1 events", "removed by Ann",
            ])
    }

    @Test func aPassedVoteIsAuditedAndExpelsAsAKickDoes() {
        var room = seated()
        room.join(cy, "cy")
        room.log = []
        RoomMembership.votekick(&room, by: ObjectIdentifier(ann), "Ann", target: "cy")
        #expect(room.log == ["ok", "all vote Ann→cy 1/2"])
        room.log = []
        RoomMembership.votekick(&room, by: ObjectIdentifier(bob), "bob", target: "cy")
        #expect(
            room.log == [
                "ok", "all vote bob→cy 2/2 passed", "audit votekick cy", "game: cy leaves", "all left cy (voted out)",
                "send left cy (voted out)", "game after leave: 1 events", "removed by a vote",
            ])
        #expect(
            RoomMembership.refusal(room, "cy", password: nil, spectator: false, at: 0) == .votedOut("den", minutes: 10),
            "barred from a seat")
    }

    @Test func markingAwayTellsTheRoomOnceAndTypingBringsThemBack() {
        var room = seated()
        #expect(RoomMembership.markAway(&room, "bob", missedTurns: 2))
        #expect(!RoomMembership.markAway(&room, "bob", missedTurns: 3), "already away")
        #expect(room.log == ["all away bob true 2", "marked away"])
        room.log = []
        RoomMembership.back(&room, "bob", ObjectIdentifier(ann))
        #expect(room.log.isEmpty, "another client's input does not bring bob back")
        RoomMembership.back(&room, "bob", ObjectIdentifier(bob))
        #expect(room.log == ["reset bob", "all away bob false 0", "game: bob back"])
    }
}
