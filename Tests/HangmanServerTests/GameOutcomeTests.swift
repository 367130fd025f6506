import Foundation
import HangmanCore
import HangmanStore
import Testing

@testable import HangmanServer

/// A game's end through the store's outcome (issue 14 item 4, room side): `game_over` says truthfully
/// where the scores went, and never carries the store's error text.
@Suite(.ownThread) struct GameOutcomeTests {
    final class Client {}
    let ann = Client()

    /// ann plays a one-round game on "ab" to its end; returns the state and the record it saves.
    func finished() -> (RoomState, GameRecord?) {
        var settings = Settings()
        settings.rounds = 1
        settings.turnSeconds = nil
        var state = RoomState(
            name: "home", password: nil, isQuick: false, settings: settings, words: WordList(words: ["ab"]),
            rng: SeededRandom(seed: 1), limits: RoomLimits(graceSeconds: 60, turnWarningSeconds: 5))
        let client = ObjectIdentifier(ann)
        _ = state.handle(.join(client, "Ann", password: nil, spectator: false), at: 0, wall: 0)
        _ = state.handle(.start(by: client, "ann"), at: 0, wall: 0)
        let last = state.handle(.guess(by: client, "Ann", letter: nil, word: "ab"), at: 0, wall: 0)
        let record = last.compactMap { if case .saveGame(let record, _) = $0 { record } else { nil } }.first
        return (state, record)
    }

    func gameOver(after outcome: RecordOutcome, ranked: Bool = true) -> (json: [String: Any], text: String) {
        var (state, _) = finished()
        let views = [PlayerView(name: "Ann", score: 5, connected: true)]
        // One answer: where the game went, and for a saved game the high scores and month standings.
        let end = GameEnd(outcome: outcome, month: LeaderboardMonth(containing: 0))
        let actions = state.handle(.gameSaved(views: views, ranked: ranked, end), at: 0, wall: 0)
        let event = actions.compactMap { action -> Outbound? in
            if case .broadcast(let event) = action, case .gameOver = event { event } else { nil }
        }.first
        guard let event else { return ([:], "") }
        let line = Renderer.render(event, style: .json)
        let json = (try? JSONSerialization.jsonObject(with: Data(line))) as? [String: Any] ?? [:]
        #expect(TestClient.schema?.problems(line: String(decoding: line, as: UTF8.self)).isEmpty == true)
        return (json, String(decoding: Renderer.render(event, style: .text), as: UTF8.self))
    }

    /// A setter game (or one on a room's own words) is saved, but not to the leaderboard: `game_over`
    /// must not say it is (it did: "Saved to the leaderboard as game 1" after a setter game).
    @Test func anUnrankedGameIsNotSaidToBeOnTheLeaderboard() {
        let unranked = gameOver(after: .saved(7), ranked: false)
        #expect(unranked.json["ranked"] as? Bool == false && unranked.json["saved"] as? Bool == true)
        #expect(!unranked.text.contains("leaderboard as game"))
        #expect(unranked.text.contains("Saved as game 7, in history only"))
        let ranked = gameOver(after: .saved(7))
        #expect(ranked.json["ranked"] as? Bool == true)
    }

    @Test func savedQueuedAndRetryingAreToldApart() {
        let saved = gameOver(after: .saved(42))
        #expect(saved.json["saved"] as? Bool == true && saved.json["sync"] as? String == "saved")
        #expect(saved.json["game"] as? Int == 42)
        #expect(saved.text.contains("Saved to the leaderboard as game 42"))

        let queued = gameOver(after: .queued)
        #expect(queued.json["saved"] as? Bool == false && queued.json["sync"] as? String == "queued")
        #expect(queued.text.contains("will be synced when the leaderboard is back"))

        let failed = gameOver(after: .failed(.io("disk I/O error in INSERT INTO games at /var/lib/hangman.sqlite")))
        #expect(failed.json["saved"] as? Bool == false && failed.json["sync"] as? String == "retrying")
        #expect(failed.text.contains("kept in memory and retried"))
        let note = failed.json["note"] as? String ?? ""
        #expect(!note.contains("INSERT") && !note.contains("/var/"), "no SQL or paths in notes: \(note)")
    }

    @Test func eachRecordCarriesAnIDMadeByTheRoom() {
        let (_, first) = finished()
        let (_, again) = finished()
        #expect(first != nil)
        #expect(first?.id != again?.id, "rooms seeded alike still make distinct ids (the store merges by id)")
    }
}
