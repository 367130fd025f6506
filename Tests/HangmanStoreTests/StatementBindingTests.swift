import Foundation
import Testing

@testable import HangmanStore

/// Issue 37: a statement binding every parameter no longer clears the earlier bindings first (the merge's
/// multi-row statements have hundreds); one bound with fewer values than parameters still starts from
/// NULLs, never from the last call's values.
@Suite struct StatementBindingTests {
    private func connection() throws -> (SQLiteConnection, URL) {
        let folder = try makeTempFolder()
        let connection = try SQLiteConnection(
            path: folder.appendingPathComponent("bind.sqlite").path, busyTimeout: 1, queue: nil)
        return (connection, folder)
    }

    @Test func aFullBindingReplacesEveryValue() throws {
        let (connection, folder) = try connection()
        defer { try? FileManager.default.removeItem(at: folder) }
        let sql = "SELECT $1, $2, $3"
        let first = try connection.queryFirst(sql, [.int(1), .text("a"), .int(3)]) { row in
            [row.text(0), row.text(1), row.text(2)]
        }
        let second = try connection.queryFirst(sql, [.int(4), .null, .text("c")]) { row in
            [row.text(0), row.isNull(1) ? "NULL" : row.text(1), row.text(2)]
        }
        #expect(first == ["1", "a", "3"])
        #expect(second == ["4", "NULL", "c"])
    }

    @Test func aPartialBindingLeavesTheRestNull() throws {
        let (connection, folder) = try connection()
        defer { try? FileManager.default.removeItem(at: folder) }
        let sql = "SELECT $1, $2, $3"
        _ = try connection.queryFirst(sql, [.int(1), .int(2), .int(3)]) { row in row.int(0) }
        let nulls = try connection.queryFirst(sql, [.int(7)]) { row in [row.isNull(0), row.isNull(1), row.isNull(2)] }
        #expect(nulls == [false, true, true])
    }
}
