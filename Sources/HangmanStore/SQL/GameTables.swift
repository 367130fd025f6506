import Foundation

/// The finished games (`games`, `rounds`, `game_results`, `round_mistakes`), the same statements for
/// SQLite and PostgreSQL: the merge's inserts of new games, a player's history, one game rebuilt as its
/// record, and the deletes of results. See docs/STORE.md, "Queries and their tie-breaks".
struct GameTables {
    private let runner: any SQLRunner

    init(runner: any SQLRunner) { self.runner = runner }

    /// A game the merge stored: its record and its number.
    typealias Fresh = (record: MergeRecord, id: Int64)

    /// The merge's first step: inserts `batch`'s games, skipping ids already stored (a replay), one
    /// statement per chunk. Answers one result per record (in order) and the new games.
    func insertGames(_ batch: [MergeRecord]) throws -> (merged: [MergedGame], fresh: [Fresh]) {
        var gameRows: [SQLiteValue] = []
        gameRows.reserveCapacity(batch.count * MergeStatement.games.columns)
        for merging in batch {
            let record = merging.record
            gameRows += [
                .text(merging.uid), .text(record.room), .text(record.mode), .text(record.difficulty),
                .int(record.rounds.count), .int(record.totalMistakes), .int(record.wordsSolved), .integer(record.started),
                .integer(record.ended), .bool(record.ranked),
            ]
        }
        let inserted = try runner.insertRows(gameRows, MergeStatement.games) { row in
            (try row.int64(0), try row.text(1))
        }
        var newIDs: [String: Int64] = [:]
        for (id, uid) in inserted { newIDs[uid] = id }
        var merged: [MergedGame] = []
        var fresh: [Fresh] = []
        var seen: Set<String> = []
        for merging in batch {
            let uid = merging.uid
            if let id = newIDs[uid], seen.insert(uid).inserted {
                merged.append(MergedGame(id: id, isNew: true))
                fresh.append((merging, id))
            } else {
                let existing =
                    try newIDs[uid] ?? runner.first("SELECT id FROM games WHERE uid = $1", [.text(uid)]) { try $0.int64(0) }
                guard let existing else { throw StoreError.io("a game id conflicts but the game is missing") }
                merged.append(MergedGame(id: existing, isNew: false))
            }
        }
        return (merged, fresh)
    }

    /// The new games' rounds.
    func insertRounds(_ fresh: [Fresh]) throws {
        var roundRows: [SQLiteValue] = []
        roundRows.reserveCapacity(fresh.reduce(0) { $0 + $1.record.record.rounds.count } * MergeStatement.rounds.columns)
        for (merging, gameID) in fresh {
            for (index, round) in merging.record.rounds.enumerated() {
                roundRows += [
                    .integer(gameID), .int(index + 1), .text(round.word), .bool(round.won), .int(round.mistakes),
                    .optionalText(round.solver),
                ]
            }
        }
        try runner.insertRows(roundRows, MergeStatement.rounds)
    }

    /// The new games' results, and each racer's own misses in the race rounds (the game's players only),
    /// `playerIDs` holding every player of `fresh`. Answers the results that count, as candidates for
    /// the high-score table.
    func insertResults(_ fresh: [Fresh], playerIDs: [String: Int64]) throws -> [HighScoreTable.Row] {
        var resultRows: [SQLiteValue] = []
        resultRows.reserveCapacity(fresh.reduce(0) { $0 + $1.record.results.count } * MergeStatement.results.columns)
        var racerRows: [SQLiteValue] = []
        var highScores: [HighScoreTable.Row] = []
        for (merging, gameID) in fresh {
            let record = merging.record
            for (position, (result, key)) in merging.results.enumerated() {
                guard let playerID = playerIDs[key] else { throw StoreError.io("a player upsert returned no id") }
                let mistakes = record.mistakes(ofKey: key, from: result.firstRound)
                resultRows += [
                    .integer(gameID), .integer(playerID), .int(position), .int(result.score), .int(result.rank),
                    .int(result.solved), .int(result.failed), .bool(result.ranked), .int(mistakes), .int(result.firstRound),
                    result.team.map { .int($0) } ?? .null,
                ]
                if result.counts(in: record) {
                    highScores.append(
                        HighScoreTable.Row(
                            gameID: gameID, playerID: playerID, position: position, score: result.score, mistakes: mistakes,
                            ended: record.ended))
                }
            }
            for (index, round) in record.rounds.enumerated() where round.racers != nil {
                for (_, key) in merging.results {
                    guard let playerID = playerIDs[key] else { continue }
                    racerRows += [.integer(gameID), .int(index + 1), .integer(playerID), .int(round.mistakes(ofKey: key))]
                }
            }
        }
        try runner.insertRows(resultRows, MergeStatement.results)
        try runner.insertRows(racerRows, MergeStatement.racers)
        return highScores
    }

    /// Deletes `key`'s result in game `gameID`; answers the rows removed (0 or 1).
    func deleteResult(key: String, gameID: Int64) throws -> Int {
        try runner.execute(
            "DELETE FROM game_results WHERE game_id = $1 AND player_id = (SELECT id FROM players WHERE key = $2)",
            [.integer(gameID), .text(key)])
    }

    /// Deletes every result of `key`; answers how many.
    func deleteResults(key: String) throws -> Int {
        try runner.execute(
            "DELETE FROM game_results WHERE player_id = (SELECT id FROM players WHERE key = $1)", [.text(key)])
    }

    /// A game's words and whether each was solved, in order.
    func rounds(gameID: Int64) throws -> [(word: String, won: Bool)] {
        try runner.query("SELECT word, won FROM rounds WHERE game_id = $1 ORDER BY number", [.integer(gameID)]) {
            (word: try $0.text(0), won: try $0.bool(1))
        }
    }

    /// A race round (its racers' own misses in `round_mistakes`) is won by its solver alone: names are
    /// ASCII, so `LOWER` is the store's key on both engines.
    func history(key: String, limit: Int) throws -> [HistoryEntry] {
        try runner.query(
            """
            SELECT g.id, g.ended, g.room, rd.word, COALESCE(rm.mistakes, rd.mistakes),
                CASE WHEN rm.mistakes IS NULL THEN rd.won WHEN rd.won = 1 AND LOWER(rd.solver) = p.key THEN 1 ELSE 0 END
            FROM players p
            JOIN game_results r ON r.player_id = p.id
            JOIN games g ON g.id = r.game_id
            JOIN rounds rd ON rd.game_id = g.id
            LEFT JOIN round_mistakes rm ON rm.game_id = g.id AND rm.number = rd.number AND rm.player_id = p.id
            WHERE p.key = $1 AND rd.number >= r.first_round
            ORDER BY g.ended DESC, g.id DESC, rd.number ASC
            LIMIT $2
            """,
            [.text(key), .int(max(0, limit))]
        ) { row in
            HistoryEntry(
                gameID: try row.int64(0), ended: try row.int64(1), room: try row.text(2), word: try row.text(3),
                mistakes: try row.int(4), won: try row.bool(5))
        }
    }

    func game(id: Int64) throws -> GameDetail? {
        let header = try runner.first(
            "SELECT room, mode, difficulty, started, ended, uid, ranked FROM games WHERE id = $1", [.integer(id)]
        ) { row in
            (
                room: try row.text(0), mode: try row.text(1), difficulty: try row.text(2), started: try row.int64(3),
                ended: try row.int64(4), uid: row.optionalText(5), ranked: try row.bool(6)
            )
        }
        guard let header else { return nil }
        var rounds = try runner.query(
            "SELECT word, won, mistakes, solver FROM rounds WHERE game_id = $1 ORDER BY number", [.integer(id)]
        ) { row in
            RoundRecord(word: try row.text(0), won: try row.bool(1), mistakes: try row.int(2), solver: row.optionalText(3))
        }
        let racers = try runner.query(
            """
            SELECT rm.number, p.name, rm.mistakes FROM round_mistakes rm JOIN players p ON p.id = rm.player_id
            WHERE rm.game_id = $1
            """, [.integer(id)]
        ) { row in
            (number: try row.int(0), name: try row.text(1), mistakes: try row.int(2))
        }
        for racer in racers where rounds.indices.contains(racer.number - 1) {
            rounds[racer.number - 1].racers = (rounds[racer.number - 1].racers ?? [:]).merging([racer.name: racer.mistakes]) {
                $1
            }
        }
        let results = try runner.query(
            """
            SELECT p.name, r.score, r.rank, r.solved, r.failed, r.ranked, r.first_round, r.team
            FROM game_results r JOIN players p ON p.id = r.player_id
            WHERE r.game_id = $1 ORDER BY r.position
            """,
            [.integer(id)]
        ) { row in
            PlayerResult(
                name: try row.text(0), score: try row.int(1), rank: try row.int(2), solved: try row.int(3),
                failed: try row.int(4), ranked: try row.bool(5), firstRound: try row.int(6), team: try row.optionalInt(7))
        }
        let record = GameRecord(
            room: header.room, mode: header.mode, difficulty: header.difficulty, rounds: rounds, results: results,
            started: header.started, ended: header.ended, id: GameRecord.id(stored: header.uid, gameNumber: id),
            ranked: header.ranked)
        return GameDetail(id: id, record: record)
    }
}
