import Foundation

/// Plays whole games through real clients: follows the room through one observer and makes
/// whoever holds the turn guess the most frequent letter still available.
enum Bots {
    static let frequency = Array("etaoinshrdlucmfwypvbgkjqxz")

    struct Outcome {
        var gameOver: [String: Any]
        var guesses: Int
        var turns: [String]
        var misses: [(player: String, next: String?)]
        var roundOvers: [[String: Any]]
    }

    /// Drives the game in the observer's room until `game_over`. `clients` are keyed by lowercased name.
    static func playToGameOver(observer: TestClient, clients: [String: TestClient], timeout: Double = 30) throws -> Outcome {
        let deadline = Date().addingTimeInterval(timeout)
        var awaiting = false
        var outcome = Outcome(gameOver: [:], guesses: 0, turns: [], misses: [], roundOvers: [])
        var lastMiss: String?
        observer.line("state")  // the caller may have read the current state already
        while true {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { throw TestClient.ClientError.timeout("game_over") }
            let event: [String: Any]
            do {
                event = try observer.readJSON(timeout: left)
            } catch {
                throw TestClient.ClientError.timeout("game_over (\(error)); last lines: \(observer.transcript.suffix(6))")
            }
            switch event["type"] as? String {
            case "guess":
                awaiting = false
                if (event["hit"] as? Bool) == false { lastMiss = event["player"] as? String }
            case "round_over":
                outcome.roundOvers.append(event)
                lastMiss = nil
            case "state":
                guard event["status"] as? String == "playing", let turn = event["turn"] as? String else { continue }
                if let missed = lastMiss {
                    outcome.misses.append((missed, turn))
                    lastMiss = nil
                }
                guard !awaiting, let client = clients[turn.lowercased()] else { continue }
                let available = (event["available"] as? [String] ?? []).compactMap(\.first)
                guard let letter = frequency.first(where: available.contains) else { continue }
                outcome.turns.append(turn)
                client.line(String(letter))
                awaiting = true
                outcome.guesses += 1
            case "error" where event["code"] as? String == "rate_limited":
                // The guess was dropped: let the next state (or a `state` request) trigger it again.
                awaiting = false
                Thread.sleep(forTimeInterval: 0.2)
                observer.line("state")
            case "game_over":
                outcome.gameOver = event
                return outcome
            default:
                continue
            }
        }
    }
}
