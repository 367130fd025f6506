import Foundation
import HangmanCore
import Testing

@testable import HangmanServer

/// Spectators coming and going (issue 36, item 1): the room hears of them in one notice a
/// `spectator-notice-seconds`, the board counts them instead of naming them, and `watch` is limited
/// per connection. The rules on the manual clock: timers are fired by hand, nothing sleeps.
@Suite(.ownThread) struct SpectatorChurnTests {
    final class Client {}
    let ann = Client()

    func id(_ client: AnyObject) -> ObjectIdentifier { ObjectIdentifier(client) }

    /// ann seated alone in `home`, waiting.
    func room(noticeSeconds: Int = 1) -> RoomState {
        var limits = RoomLimits(graceSeconds: 60, turnWarningSeconds: 5)
        limits.spectatorNoticeSeconds = noticeSeconds
        var state = RoomState(
            name: "home", password: nil, isQuick: false, settings: Settings(), words: WordList(words: ["ab"]),
            rng: SeededRandom(seed: 1), limits: limits)
        _ = state.handle(.join(id(ann), "ann", password: nil, spectator: false), at: 0, wall: 0)
        return state
    }

    /// What the room broadcast, and what was sent to `client` alone, per action list.
    static func events(_ actions: [RoomState.Action], for client: ObjectIdentifier) -> [Outbound] {
        actions.compactMap {
            switch $0 {
            case .broadcast(let event): event
            case .send(client, let event), .sendAfter(client, let event): event
            default: nil
            }
        }
    }

    /// Feeds `inputs` (at their nanosecond times) and fires every timer the room arms when it is due;
    /// returns each event a seated member (ann) got, with its time.
    static func run(_ state: inout RoomState, _ inputs: [(UInt64, RoomState.Input)], until end: UInt64, member: ObjectIdentifier)
        -> [(UInt64, Outbound)]
    {
        var pending: [(due: UInt64, timer: RoomState.Timer)] = []
        var got: [(UInt64, Outbound)] = []
        var queue = inputs
        func take(_ actions: [RoomState.Action], at now: UInt64) {
            for action in actions {
                if case .arm(let timer, let seconds) = action { pending.append((now + UInt64(seconds) * 1_000_000_000, timer)) }
            }
            got += events(actions, for: member).map { (now, $0) }
        }
        var now: UInt64 = 0
        while now <= end {
            while let first = queue.first, first.0 <= now {
                queue.removeFirst()
                take(state.handle(first.1, at: first.0, wall: 0), at: first.0)
            }
            let due = pending.filter { $0.due <= now }
            pending.removeAll { $0.due <= now }
            for timer in due { take(state.handle(.timerFired(timer.timer), at: now, wall: 0), at: now) }
            now += 10_000_000
        }
        return got
    }

    /// The lines a text member sees from the crowd: `joined`, `left`, boards, and the notices.
    static func crowdLines(_ got: [(UInt64, Outbound)]) -> [(UInt64, Outbound)] {
        got.filter {
            switch $0.1 {
            case .joined, .left, .state, .spectators: true
            default: false
            }
        }
    }

    @Test func fiftyWatchLeaveTogglesGiveAMemberAtMostOneLineASecond() {
        var state = room()
        let crowd = (0..<50).map { _ in Client() }
        var inputs: [(UInt64, RoomState.Input)] = []
        for (index, client) in crowd.enumerated() {
            let at = UInt64(index) * 40_000_000  // 50 toggles within 2 s
            let name = PlayerID("watcher\(index)")
            inputs.append((at, .join(id(client), name, password: nil, spectator: true)))
            inputs.append((at + 20_000_000, .leave(name, id(client), reason: nil)))
        }
        let got = Self.crowdLines(Self.run(&state, inputs, until: 5_000_000_000, member: id(ann)))
        // Before: a `joined`, a board and a `left` each toggle (150 lines in 2 s).
        let perSecond = Dictionary(grouping: got, by: { $0.0 / 1_000_000_000 }).mapValues(\.count)
        #expect(perSecond.values.allSatisfy { $0 <= 1 }, "\(perSecond)")
        let notices = got.compactMap {
            if case .spectators(_, let started, let stopped, _) = $0.1 { (started, stopped) } else { nil }
        }
        #expect(notices.reduce(0) { $0 + $1.0 } == 50 && notices.reduce(0) { $0 + $1.1 } == 50)
        #expect(notices.count >= 2)
        // The last notice says how many watch now: nobody.
        if case .spectators(_, _, _, let watching) = got.last?.1 { #expect(watching == 0) } else { Issue.record("no notice") }
    }

    @Test func theNewcomerGetsTheirOwnJoinedAndTheBoardAndTheRoomANoticeASecondLater() {
        var state = room()
        let bob = Client()
        let joined = state.handle(.join(id(bob), "bob", password: nil, spectator: true), at: 0, wall: 0)
        let toBob = Self.events(joined, for: id(bob))
        #expect(toBob.contains { if case .joined("home", "bob", true, _) = $0 { true } else { false } })
        #expect(toBob.contains { if case .state(let board) = $0 { board.spectators == 1 } else { false } })
        #expect(!joined.contains { if case .broadcast = $0 { true } else { false } })
        let armed = joined.compactMap { if case .arm(let timer, let seconds) = $0 { (timer, seconds) } else { nil } }
        guard armed.count == 1, let (timer, seconds) = armed.first else { return #expect(armed.count == 1) }
        #expect(seconds == 1)
        let told = state.handle(.timerFired(timer), at: 1_000_000_000, wall: 0)
        #expect(RoomStateTests.broadcasts(told).contains { if case .spectators("home", 1, 0, 1) = $0 { true } else { false } })
        // The same timer again is stale: nothing.
        #expect(state.handle(.timerFired(timer), at: 2_000_000_000, wall: 0).isEmpty)
    }

    @Test func theNoticePeriodIsTheSetting() {
        var state = room(noticeSeconds: 7)
        let joined = state.handle(.join(id(Client()), "bob", password: nil, spectator: true), at: 0, wall: 0)
        #expect(joined.contains { if case .arm(.spectatorChurn, 7) = $0 { true } else { false } })
    }

    @Test func aKickedSpectatorIsStillNamedToTheRoom() {
        var state = room()
        let bob = Client()
        _ = state.handle(.join(id(bob), "bob", password: nil, spectator: true), at: 0, wall: 0)
        let kicked = state.handle(.kick(by: id(ann), "ann", target: "bob"), at: 0, wall: 0)
        #expect(
            RoomStateTests.broadcasts(kicked).contains {
                if case .left("home", "bob", "kicked by ann") = $0 { true } else { false }
            })
    }

    @Test func aDroppedSpectatorIsCountedNotNamed() {
        var state = room()
        let bob = Client()
        _ = state.handle(.join(id(bob), "bob", password: nil, spectator: true), at: 0, wall: 0)
        let dropped = state.handle(.dropped("bob", id(bob)), at: 10, wall: 0)
        #expect(RoomStateTests.broadcasts(dropped).isEmpty)
        #expect(dropped.contains { if case .releaseName("bob", _) = $0 { true } else { false } })
        #expect(state.spectators.isEmpty)
    }

    @Test func theStateSizeDoesNotGrowWithTheCrowd() {
        func stateBytes(watchers: Int) -> Int {
            var state = room()
            for index in 0..<watchers {
                _ = state.handle(
                    .join(id(Client()), PlayerID("a-rather-long-watcher-name-\(index)"), password: nil, spectator: true), at: 0,
                    wall: 0)
            }
            return Renderer.render(.state(state.snapshot()), style: .json).count
        }
        let alone = stateBytes(watchers: 1)
        let crowd = stateBytes(watchers: 200)
        // Before: every name listed, ~30 bytes a watcher (6 KB more).
        #expect(crowd - alone <= 2, "\(alone) → \(crowd)")
        let json = String(decoding: Renderer.render(.state(room().snapshot()), style: .json), as: UTF8.self)
        #expect(json.contains("\"spectators\":0"))
    }

    @Test func theNoticeInText() {
        #expect(
            TextRenderer.spectatorChurn(room: "arena", started: 3, stopped: 1, watching: 2)
                == "3 people started watching arena, 1 stopped (2 watching)")
        #expect(
            TextRenderer.spectatorChurn(room: "arena", started: 1, stopped: 0, watching: 1)
                == "1 person started watching arena (1 watching)")
        #expect(
            TextRenderer.spectatorChurn(room: "arena", started: 0, stopped: 2, watching: 0)
                == "2 people stopped watching arena (0 watching)")
    }

    @Test func watchIsLimitedPerConnectionAtItsEdge() {
        let config = ServerConfig()
        var bucket = TokenBucket(rate: config.watchPerMinute, burst: config.watchBurst, periodSeconds: 60)
        let burst = (0..<config.watchBurst).map { _ in bucket.take(now: 1) }
        #expect(burst.allSatisfy { $0 })
        let over = bucket.take(now: 1)
        #expect(!over)
        let oneToken = UInt64(60_000_000_000 / config.watchPerMinute)
        let early = bucket.take(now: 1 + oneToken - 1_000_000)
        let onTime = bucket.take(now: 1 + oneToken + 1_000_000)
        let again = bucket.take(now: 1 + oneToken + 1_000_000)
        #expect(!early && onTime && !again)
    }
}
