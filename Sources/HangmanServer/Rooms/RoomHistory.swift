/// The last guesses and chat lines a room keeps (`room-history-lines`) for a web page that opens on
/// it (issue 31): the room's own broadcasts of those kinds (and the ends of rounds and games between
/// them), oldest first. Only what every member was sent, so never a word before its round ended.
/// Kept as small lines, not as events (an `Outbound` is as large as its largest case, a board:
/// 20 of them per room were 9 KB a room at the rated load).
struct RoomHistory {
    private enum Line {
        case guess(player: String, letter: Character?, word: String?, hit: Bool, count: Int, points: Int)
        case chat(from: String, text: String)
        case roundOver(round: Int, word: String, won: Bool, solver: String?, mistakes: Int)
        case gameOver(ranking: [PlayerView], gameID: Int64?, sync: GameSync, ranked: Bool)
        case gameStarted(by: String, rounds: Int)
    }

    let capacity: Int
    /// A ring: once full, `next` is the oldest.
    private var ring: [Line] = []
    private var next = 0

    init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    /// Keeps what of a batch of broadcasts a page's log shows.
    mutating func record(_ batch: [Outbound]) {
        guard capacity > 0 else { return }
        for event in batch {
            guard let line = Self.line(event) else { continue }
            if ring.count < capacity {
                ring.append(line)
            } else {
                ring[next] = line
                next = (next + 1) % capacity
            }
        }
    }

    /// What it keeps, oldest first, as the events they were (in room `room`).
    func events(room: String) -> [Outbound] {
        (ring[next...] + ring[..<next]).map { line in
            switch line {
            case .guess(let player, let letter, let word, let hit, let count, let points):
                .guess(room: room, player: player, letter: letter, word: word, hit: hit, count: count, points: points, board: nil)
            case .chat(let from, let text): .chat(room: room, from: from, text: text)
            case .roundOver(let round, let word, let won, let solver, let mistakes):
                .roundOver(room: room, round: round, word: word, won: won, solver: solver, mistakes: mistakes)
            case .gameOver(let ranking, let gameID, let sync, let ranked):
                .gameOver(room: room, ranking: ranking, gameID: gameID, sync: sync, note: nil, ranked: ranked)
            case .gameStarted(let by, let rounds): .gameStarted(room: room, by: by, rounds: rounds)
            }
        }
    }

    private static func line(_ event: Outbound) -> Line? {
        switch event {
        case .guess(_, let player, let letter, let word, let hit, let count, let points, _):
            .guess(player: player, letter: letter, word: word, hit: hit, count: count, points: points)
        case .chat(_, let from, let text): .chat(from: from, text: text)
        case .roundOver(_, let round, let word, let won, let solver, let mistakes):
            .roundOver(round: round, word: word, won: won, solver: solver, mistakes: mistakes)
        case .gameOver(_, let ranking, let gameID, let sync, _, let ranked):
            .gameOver(ranking: ranking, gameID: gameID, sync: sync, ranked: ranked)
        case .gameStarted(_, let by, let rounds): .gameStarted(by: by, rounds: rounds)
        default: nil
        }
    }
}
