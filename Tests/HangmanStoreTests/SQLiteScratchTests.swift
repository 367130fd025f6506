import Dispatch
import Foundation
import Testing

@testable import HangmanStore

/// Session 17: the store's connections kept SQLite's scratch data (statement journals of the merge's
/// multi-row statements, sorters) in files under /var/tmp. At the rated play load (2,000 rooms × 4
/// bots) `strace` counted 39,160 writes to those files in 5 s against 12,471 to the WAL.
@Suite struct SQLiteScratchTests {
    @Test func aStoreConnectionKeepsScratchDataInMemory() throws {
        let folder = try makeTempFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let backend = try SQLiteBackend.prepare(
            path: folder.appendingPathComponent("scratch.sqlite").path, options: StoreOptions())
        let queue = DispatchQueue(label: "scratch-test")
        let connection = try queue.sync { try backend.connect(queue: queue) }
        defer { queue.sync { connection.close() } }
        let database = try #require(connection as? SQLDatabase)
        // 2 = MEMORY (0 = the compile-time default, which is files).
        let mode = try queue.sync { try database.runner.first("PRAGMA temp_store") { try $0.int(0) } }
        #expect(mode == 2)
    }
}
