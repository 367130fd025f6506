import Foundation
import Testing

@testable import HangmanStore

/// The runners' statement caches hash a statement by its length and its ends only (`StatementText`):
/// statements that differ only in the middle must still be different statements.
@Suite(.ownThread) struct StatementTextTests {
    static let padding = String(repeating: "x", count: 100)

    /// Same length, same first and last 64 bytes: one differs from the other in the middle only.
    static func select(_ value: Int) -> String {
        "SELECT /* \(padding) */ \(value) /* \(padding) */"
    }

    @Test func keysThatDifferInTheMiddleAreDifferent() {
        let one = StatementText(Self.select(1))
        let two = StatementText(Self.select(2))
        #expect(one.text.utf8.count == two.text.utf8.count)
        #expect(one.hashValue == two.hashValue)  // the case the full comparison is for
        #expect(one != two)
        #expect(Set([one, two, StatementText(Self.select(1))]).count == 2)
        // A short text is hashed whole.
        #expect(StatementText("SELECT 1") != StatementText("SELECT 2"))
    }

    @Test(arguments: [StoreKind.sqlite, .postgres].filter(StoreKind.engines.contains))
    func eachRunnerRunsTheStatementItWasGiven(kind: StoreKind) throws {
        let folder = try makeTempFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let runner: any SQLRunner
        switch kind {
        case .postgres:
            runner = try PostgresRunner(
                conninfo: try PostgresCluster.freshDatabase(), connectTimeout: 5, statementTimeoutMs: 0, queue: nil)
        default:
            runner = SQLiteRunner(
                connection: try SQLiteConnection(path: folder.appendingPathComponent("t.sqlite").path, busyTimeout: 5, queue: nil)
            )
        }
        defer { runner.close() }
        for value in [1, 2, 1, 2] {
            #expect(try runner.first(Self.select(value)) { try $0.int(0) } == value)
        }
    }

    /// SQLite's runner turns the store's `$n` into `?n`, byte by byte: nothing else changes (UTF-8
    /// included), and the rewritten statement binds its parameters by number.
    @Test func sqliteRunnerRewritesDollarParametersOnly() throws {
        #expect(
            SQLiteRunner.positional("SELECT $1, 'é€' || $12 FROM t WHERE a = $2") == "SELECT ?1, 'é€' || ?12 FROM t WHERE a = ?2")
        #expect(SQLiteRunner.positional("") == "")
        let folder = try makeTempFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let runner = SQLiteRunner(
            connection: try SQLiteConnection(path: folder.appendingPathComponent("t.sqlite").path, busyTimeout: 5, queue: nil))
        defer { runner.close() }
        #expect(try runner.first("SELECT $2 || 'ü' || $1", [.text("a"), .text("b")]) { try $0.text(0) } == "büa")
    }
}
