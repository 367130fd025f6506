import Testing

@testable import HangmanStore

/// The histograms' block of a score is computed twice: in Swift (`ScoreBlocks.block(of:)`, by the merge
/// and the standings) and in SQL (`ScoreBlocks.sql`, by the migrations that rebuild `month_counts` and
/// the standings statements). Both must floor, also for negative scores, where SQL's `/` truncates.
@Suite(.ownThread) struct ScoreBlocksTests {
    static let scores = [-2049, -1025, -1024, -1023, -1, 0, 1, 1023, 1024, 1025, 2047, 2048, 5000]

    @Test func blocksFloorOnBothSidesOfZero() {
        #expect(ScoreBlocks.block(of: 0) == 0 && ScoreBlocks.block(of: ScoreBlocks.size - 1) == 0)
        #expect(ScoreBlocks.block(of: ScoreBlocks.size) == 1)
        #expect(ScoreBlocks.block(of: -1) == -1 && ScoreBlocks.block(of: -ScoreBlocks.size) == -1)
        #expect(ScoreBlocks.block(of: -ScoreBlocks.size - 1) == -2)
    }

    @Test(arguments: StoreKind.shared)
    func theSQLBlockIsTheSwiftBlock(kind: StoreKind) throws {
        let harness = try Harness(kind)
        let values = Self.scores.map { "(\($0))" }.joined(separator: ", ")
        let sql = "SELECT v, \(ScoreBlocks.sql("v")) FROM (VALUES \(values)) AS t(v) ORDER BY v"
        let rows: [[String?]]
        switch kind {
        case .postgres:
            let runner = try PostgresRunner(conninfo: harness.location, connectTimeout: 5, statementTimeoutMs: 0, queue: nil)
            defer { runner.close() }
            rows = try runner.rows(sql, [])
        default:
            // SQLite names a VALUES table's columns column1…: the same query through a CTE.
            let connection = try SQLiteConnection(path: harness.location, busyTimeout: 5, queue: nil)
            defer { connection.close() }
            let cte = "WITH t(v) AS (VALUES \(values)) SELECT v, \(ScoreBlocks.sql("v")) FROM t ORDER BY v"
            rows = try connection.query(cte, []) { [$0.text(0), $0.text(1)] }
        }
        let found = rows.compactMap { row -> (Int, Int)? in
            guard row.count == 2, let score = row[0].flatMap({ Int($0) }), let block = row[1].flatMap({ Int($0) }) else {
                return nil
            }
            return (score, block)
        }
        #expect(found.map(\.0) == Self.scores.sorted())
        for (score, block) in found {
            #expect(block == ScoreBlocks.block(of: score), "score \(score)")
        }
    }
}
