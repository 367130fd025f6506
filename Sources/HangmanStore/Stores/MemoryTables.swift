import Foundation

/// The store's tables as Swift arrays: the same rules and orderings as the SQL engines, written out in
/// Swift. Held under `MemoryBackend`'s lock. Tests of every engine run the same cases to keep them twins.
struct MemoryTables {
    private struct Player {
        var id: Int64
        var name: String
        var key: String
        var passwordHash: String?
        var settings: String?
    }

    private struct Game {
        var id: Int64
        var record: GameRecord  // results are unused here: they live in `results`
    }

    private struct Result {
        var gameID: Int64
        var playerID: Int64
        var position: Int
        var score: Int
        var rank: Int
        var solved: Int
        var failed: Int
        /// The result's own flag (`PlayerResult.ranked`).
        var ranked: Bool
        /// `PlayerResult.team`.
        var team: Int?
        /// It and its game are ranked: it reaches the totals, high scores and boards.
        var counts: Bool
        /// The first round the player sat in (`PlayerResult.firstRound`).
        var firstRound: Int
    }

    private struct Totals {
        var player: Player
        var score = 0, games = 0, wins = 0, best = 0, solved = 0, failed = 0
    }

    private var players: [Int64: Player] = [:]
    private var playerIDs: [String: Int64] = [:]
    private var games: [Int64: Game] = [:]
    private var results: [Result] = []
    private var nextPlayerID: Int64 = 1
    private var nextGameID: Int64 = 1
    /// When set, every write fails with `.io(message)`: lets tests (here and in other modules) exercise
    /// the failure and retry paths.
    var failWrites: String?
    /// The moderation tables (`MemoryTables+Moderation.swift`).
    var moderation = MemoryModeration()

    /// Also for `MemoryTables+Moderation.swift`.
    func checkWritable() throws {
        if let failWrites { throw StoreError.io(failWrites) }
    }

    // MARK: - Merge

    private var gameIDsByUID: [UUID: Int64] = [:]
    /// Players' ratings by key (issue 32), as the SQL engines keep them on `players`.
    private(set) var ratings: [String: PlayerRating] = [:]
    /// The rating log (the SQL engines' `rating_changes`), in the order applied.
    private(set) var ratingLog: [RatingLogRow] = []

    mutating func mergeGames(_ records: [GameRecord]) throws -> [MergedGame] {
        try checkWritable()
        var ids: [MergedGame] = []
        for record in records {
            if let existing = gameIDsByUID[record.id] {
                ids.append(MergedGame(id: existing, isNew: false))
                continue
            }
            let id = nextGameID
            gameIDsByUID[record.id] = id
            nextGameID += 1
            games[id] = Game(id: id, record: record.racersOfItsPlayers)
            let (updates, rated, final) = MergeRatings.rate([MergeRecord(record)], current: ratings)
            ratings.merge(final) { $1 }
            ratingLog += MergeRatings.logRows(gameID: id, rated.first ?? nil, updates.first ?? [])
            for (position, result) in record.uniqueResults.enumerated() {
                let playerID = upsertPlayer(name: result.name)
                results.append(
                    Result(
                        gameID: id, playerID: playerID, position: position, score: result.score, rank: result.rank,
                        solved: result.solved, failed: result.failed, ranked: result.ranked, team: result.team,
                        counts: result.counts(in: record), firstRound: result.firstRound))
            }
            ids.append(MergedGame(id: id, isNew: true, ratings: updates.first ?? []))
        }
        return ids
    }

    /// Each stored result's team, by game and key (`checkRatings`), for the results that have one.
    func storedTeams() -> [Int64: [String: Int]] {
        var teams: [Int64: [String: Int]] = [:]
        for result in results {
            guard let team = result.team, let key = players[result.playerID]?.key else { continue }
            teams[result.gameID, default: [:]][key] = team
        }
        return teams
    }

    @discardableResult
    private mutating func upsertPlayer(name: String) -> Int64 {
        let key = HangmanStoreKey.key(for: name)
        if let id = playerIDs[key] {
            players[id]?.name = name
            return id
        }
        let id = nextPlayerID
        nextPlayerID += 1
        players[id] = Player(id: id, name: name, key: key)
        playerIDs[key] = id
        return id
    }

    // MARK: - Queries

    /// Players with ranked results, in leaderboard order (score desc, wins desc, games asc, key asc);
    /// `include` picks the results that count (by default every ranked one).
    private func ranked(_ include: (Result) -> Bool = { _ in true }) -> [Totals] {
        var totals: [Int64: Totals] = [:]
        for result in results where result.counts && include(result) {
            guard let player = players[result.playerID] else { continue }
            var entry = totals[result.playerID] ?? Totals(player: player)
            entry.score += result.score
            entry.games += 1
            if result.rank == 1 && result.score > 0 { entry.wins += 1 }
            entry.best = entry.games == 1 ? result.score : max(entry.best, result.score)
            entry.solved += result.solved
            entry.failed += result.failed
            totals[result.playerID] = entry
        }
        return totals.values.sorted { a, b in
            if a.score != b.score { return a.score > b.score }
            if a.wins != b.wins { return a.wins > b.wins }
            if a.games != b.games { return a.games < b.games }
            return HangmanStoreKey.precedes(a.player.key, b.player.key)  // SQLite's BINARY collation
        }
    }

    func leaderboard(limit: Int, key: String?) throws -> LeaderboardPage {
        let limit = max(0, limit)
        let all = ranked().enumerated().map { index, totals in
            (
                entry: LeaderboardEntry(
                    rank: index + 1, name: totals.player.name, score: totals.score, games: totals.games, wins: totals.wins),
                key: totals.player.key
            )
        }
        let mine = key.flatMap { key in all.dropFirst(limit).first { $0.key == key }?.entry }
        return LeaderboardPage(entries: all.prefix(limit).map(\.entry), mine: mine)
    }

    /// The board of the games ended in `from..<to`, from the same ranking with only those results.
    private func monthBoard(from: Int64, to: Int64) -> [(entry: LeaderboardEntry, key: String)] {
        let board = ranked { result in games[result.gameID].map { (from..<to).contains($0.record.ended) } ?? false }
        return board.enumerated().map { index, totals in
            (
                LeaderboardEntry(
                    rank: index + 1, name: totals.player.name, score: totals.score, games: totals.games, wins: totals.wins),
                totals.player.key
            )
        }
    }

    func monthlyLeaderboard(from: Int64, to: Int64, limit: Int, key: String?) throws -> LeaderboardPage {
        let limit = max(0, limit)
        let all = monthBoard(from: from, to: to)
        let mine = key.flatMap { key in all.dropFirst(limit).first { $0.key == key }?.entry }
        return LeaderboardPage(entries: all.prefix(limit).map(\.entry), mine: mine)
    }

    func monthlyStandings(from: Int64, to: Int64, keys: [String]) throws -> [String: MonthlyStanding] {
        let all = monthBoard(from: from, to: to)
        let wanted = Set(keys)
        var found: [String: MonthlyStanding] = [:]
        for (entry, key) in all where wanted.contains(key) {
            found[key] = MonthlyStanding(
                name: entry.name, rank: entry.rank, players: all.count, score: entry.score, games: entry.games, wins: entry.wins)
        }
        return found
    }

    func highScores(limit: Int) throws -> [HighScore] {
        let rows = results.compactMap { result -> (Result, Game, Player)? in
            guard result.counts, HighScore.earnsAPlace(result.score), let game = games[result.gameID],
                let player = players[result.playerID]
            else { return nil }
            return (result, game, player)
        }
        // Each player's own misses (a racer's, not the solver's), over the rounds they sat in.
        let mistakes = rows.map { $0.1.record.mistakes(ofKey: $0.2.key, from: $0.0.firstRound) }
        let sorted = zip(rows, mistakes).sorted { a, b in
            let (a, aMistakes) = a
            let (b, bMistakes) = b
            if a.0.score != b.0.score { return a.0.score > b.0.score }
            if aMistakes != bMistakes { return aMistakes < bMistakes }
            if a.1.record.ended != b.1.record.ended { return a.1.record.ended < b.1.record.ended }
            if a.1.id != b.1.id { return a.1.id < b.1.id }
            return a.0.position < b.0.position
        }
        return sorted.prefix(max(0, limit)).enumerated().map { index, row in
            let ((result, game, player), mistakes) = row
            // A player who joined a game under way: their rounds only (the SQL engines do the same).
            let played = game.record.rounds(from: result.firstRound)
            let solved = result.firstRound > 1 ? played.filter(\.won).count : game.record.wordsSolved
            return HighScore(
                rank: index + 1, name: player.name, score: result.score, gameID: game.id, words: played.map(\.word),
                mistakes: mistakes, solved: solved, difficulty: game.record.difficulty, failed: solved == 0)
        }
    }

    func history(key: String, limit: Int) throws -> [HistoryEntry] {
        guard let playerID = playerIDs[key] else { return [] }
        let played = results.filter { $0.playerID == playerID }.compactMap { result in
            games[result.gameID].map { (game: $0, result: result) }
        }
        let newestFirst = played.sorted { a, b in
            a.game.record.ended != b.game.record.ended ? a.game.record.ended > b.game.record.ended : a.game.id > b.game.id
        }
        let entries = newestFirst.lazy.flatMap { (game, result) in
            // Only the rounds the player sat in (a game joined under way: from their first round).
            game.record.rounds(from: result.firstRound).map { round in
                HistoryEntry(
                    gameID: game.id, ended: game.record.ended, room: game.record.room, word: round.word,
                    mistakes: round.mistakes(ofKey: key),
                    // A race round is won by its solver alone.
                    won: round.won && (round.racers == nil || round.solver.map(HangmanStoreKey.key(for:)) == key))
            }
        }
        return Array(entries.prefix(max(0, limit)))
    }

    func game(id: Int64) throws -> GameDetail? {
        guard let game = games[id] else { return nil }
        var record = game.record
        record.results = results.filter { $0.gameID == id }.sorted { $0.position < $1.position }.compactMap { result in
            players[result.playerID].map { player in
                PlayerResult(
                    name: player.name, score: result.score, rank: result.rank, solved: result.solved, failed: result.failed,
                    ranked: result.ranked, firstRound: result.firstRound, team: result.team)
            }
        }
        return GameDetail(id: id, record: record)
    }

    func stats(key: String) throws -> PlayerStats? {
        guard let id = playerIDs[key], let player = players[id] else { return nil }
        let ranked = ranked()
        guard let index = ranked.firstIndex(where: { $0.player.id == id }) else {
            return PlayerStats(
                name: player.name, games: 0, wins: 0, score: 0, best: 0, solved: 0, failed: 0, rank: nil, rating: ratings[key])
        }
        let totals = ranked[index]
        return PlayerStats(
            name: player.name, games: totals.games, wins: totals.wins, score: totals.score, best: totals.best,
            solved: totals.solved, failed: totals.failed, rank: index + 1, rating: ratings[key])
    }

    func ratingLeaderboard(limit: Int, minGames: Int, key: String?) -> RatingBoardPage {
        let board = ratings.filter { $0.value.games >= minGames }.sorted { a, b in
            a.value.rating.ordinal > b.value.rating.ordinal
                || (a.value.rating.ordinal == b.value.rating.ordinal && HangmanStoreKey.precedes(a.key, b.key))
        }
        let name = { (key: String) in playerIDs[key].flatMap { players[$0]?.name } ?? key }
        let entries = board.prefix(max(0, limit)).enumerated().map {
            RatingBoardEntry(rank: $0.offset + 1, name: name($0.element.key), rating: $0.element.value)
        }
        guard let key, board.prefix(max(0, limit)).allSatisfy({ $0.key != key }),
            let index = board.firstIndex(where: { $0.key == key })
        else { return RatingBoardPage(entries: entries) }
        return RatingBoardPage(
            entries: entries, mine: RatingBoardEntry(rank: index + 1, name: name(key), rating: board[index].value))
    }

    mutating func deleteResult(key: String, gameID: Int64) throws -> Bool {
        try checkWritable()
        guard let playerID = playerIDs[key] else { return false }
        let before = results.count
        results.removeAll { $0.playerID == playerID && $0.gameID == gameID }
        return results.count < before
    }

    mutating func deleteResults(key: String) throws -> Int {
        try checkWritable()
        guard let playerID = playerIDs[key] else { return 0 }
        let before = results.count
        results.removeAll { $0.playerID == playerID }
        return before - results.count
    }

    // MARK: - Accounts

    func passwordHash(key: String) throws -> (known: Bool, hash: String?) {
        guard let id = playerIDs[key], let player = players[id] else { return (false, nil) }
        return (true, player.passwordHash)
    }

    func accountName(key: String) throws -> String? {
        guard let id = playerIDs[key], let player = players[id], player.passwordHash != nil else { return nil }
        return player.name
    }

    func passwordHashes(keys: [String]) throws -> [String: String] {
        var found: [String: String] = [:]
        for key in keys {
            if let id = playerIDs[key], let hash = players[id]?.passwordHash { found[key] = hash }
        }
        return found
    }

    mutating func setPasswordHash(name: String, key: String, hash: String) throws -> Bool {
        try checkWritable()
        let id = playerIDs[key] ?? upsertPlayer(name: name)
        guard players[id]?.passwordHash == nil else { return false }
        players[id]?.passwordHash = hash
        players[id]?.name = name
        return true
    }

    mutating func replacePasswordHash(key: String, old: String, new: String) throws -> Bool {
        try checkWritable()
        guard let id = playerIDs[key], players[id]?.passwordHash == old else { return false }
        players[id]?.passwordHash = new
        return true
    }

    mutating func saveSettings(name: String, key: String, json: String) throws {
        try checkWritable()
        let id = upsertPlayer(name: name)
        players[id]?.settings = json
    }

    func loadSettings(key: String) throws -> String? {
        guard let id = playerIDs[key] else { return nil }
        return players[id]?.settings
    }
}
