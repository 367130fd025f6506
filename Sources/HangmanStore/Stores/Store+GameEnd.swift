import Dispatch
import HangmanSync

/// A game's end in one call: the merge, then, on the writer right after the commit that saved it, its
/// players' month standings (read with the merge, once per group commit) and the high scores (from
/// `highScoreCache`, which the merge updated, or read there and kept): no reader hop, no second call.
extension Store {
    public func finishGame(
        _ game: GameRecord, highScores limit: Int, completion: @escaping @Sendable (GameEnd) -> Void
    ) {
        let month = LeaderboardMonth(containing: game.ended)
        let asked = game.results.map { (name: $0.name, key: HangmanStoreKey.key(for: $0.name)) }
        // The whole answer comes within the time limit from the call: a save that lands in time but whose
        // standings or high scores do not is answered saved, without them.
        let token = deadlines.reserve()
        let end = GameEndAnswer(month: month, answer: answer(token, completion))
        let request = StandingsRequest(month: month, keys: asked.map(\.key)) { [weak self] game, found in
            let standings = Self.standings(asked, found: found)
            end.read(standings, ratings: game.ratings)  // the time limit, passing during the high scores' read, answers with them
            let highScores = self?.highScoresOnWriter(limit: limit)
            end.complete(
                GameEnd(
                    outcome: .saved(game.id), highScores: highScores, month: month, standings: standings,
                    ratings: game.ratings))
        }
        record(game, standings: request) { outcome in
            if case .saved(let id) = outcome { return end.saved(id) }  // the request answers, just after
            end.complete(GameEnd(outcome: outcome, month: month))
        }
        guard !end.isDone else { return }
        let timeout = max(0.001, options.timeout)
        deadlines.arm(token, after: timeout) { [weak self] in
            if end.timeUp() { self?.log("a game's standings and high scores did not come within \(timeout) s") }
        }
    }

    /// The high scores right after a merge, on the writer's queue: the cache's table when it holds,
    /// else read on the writer connection and kept. Nil when they cannot be read.
    func highScoresOnWriter(limit: Int) -> [HighScore]? {
        let cache = highScoreCache
        if let table = cache.table(limit: limit, now: DispatchTime.now().uptimeNanoseconds) { return table }
        let generation = cache.generation()
        do {
            let (table, lastEnded) = try writer.with { try $0.highScoresAndLastEnd(limit: limit) }
            cache.fill(
                table, lastEnded: lastEnded, limit: limit, generation: generation, now: DispatchTime.now().uptimeNanoseconds)
            return table
        } catch {
            log("the high scores could not be read after a merge: \(publicError(error))")
            return nil
        }
    }
}

/// The one answer of `Store.finishGame`, given once: by the save that failed or was queued, by the
/// standings and high scores read after a save, or at the time limit (saved, without them).
final class GameEndAnswer: Sendable {
    private let month: LeaderboardMonth
    private let answer: CompletionOnce<GameEnd>
    /// The saved game's number once the merge said so, and the standings and rating changes once read
    /// (the time limit then answers with them).
    private let savedID = Locked<Int64?>(nil)
    private let standings = Locked<(standings: [MonthlyStanding], ratings: [RatingUpdate])>(([], []))

    init(month: LeaderboardMonth, answer: CompletionOnce<GameEnd>) {
        self.month = month
        self.answer = answer
    }

    var isDone: Bool { answer.isDone }

    func saved(_ id: Int64) { savedID.withLock { $0 = id } }

    func read(_ standings: [MonthlyStanding], ratings: [RatingUpdate]) {
        self.standings.withLock { $0 = (standings, ratings) }
    }

    func complete(_ end: GameEnd) { answer.complete(end) }

    /// The time limit passed: a saved game is answered without what did not come; true if so. A game
    /// not saved yet is left to the save's own time limit (it answers `.queued` or `.failed`).
    func timeUp() -> Bool {
        guard let id = savedID.withLock({ $0 }) else { return false }
        let (standings, ratings) = standings.withLock { $0 }
        return answer.complete(GameEnd(outcome: .saved(id), month: month, standings: standings, ratings: ratings))
    }
}
