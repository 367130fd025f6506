import CSQLite
import Foundation
import HangmanSync

/// Stops writes to a database file that was deleted, moved or replaced while the server runs.
///
/// SQLite keeps writing to the file it opened: after `rm data/hangman.sqlite` every game was still
/// "saved to the leaderboard as game N" into a file no longer on disk, and all of it, games before the
/// deletion too, was gone once the server stopped (found by deleting the file under a running server:
/// 620 games announced saved, an empty database after the restart). Now a connection that finds its
/// file gone (`SQLITE_FCNTL_HAS_MOVED`: the path no longer names the inode it opened) refuses every
/// statement that writes, so games go to the outbox (players are told they are safe and will be synced),
/// while reads go on from the open file. Once, a copy of the open database as it is is written beside
/// the path (`VACUUM INTO`, `rescuePath`), and the log says what happened and what to do. When the store
/// closes (SIGTERM) and nothing is at the path, the copy is put back there, after every connection is
/// closed, and at the next start if the server was killed first; that start finds every game, and replays
/// the outbox into it.
final class SQLiteFileGuard: Sendable {
    let path: String
    /// Where the copy of a deleted database goes: `<path>.rescued`.
    let rescuePath: String
    private let log: (@Sendable (String) -> Void)?
    /// Whether the copy was written (once per process).
    private let rescued = Locked(false)

    init(path: String, log: (@Sendable (String) -> Void)?) {
        self.path = path
        rescuePath = path + ".rescued"
        self.log = log
    }

    /// `SQLITE_READONLY_DBMOVED`: SQLite's own code for "the database file has been moved".
    static let movedCode: Int32 = 1032

    /// Throws when `connection`'s file is no longer at the path, after rescuing a copy (once).
    func checkWritable(_ connection: SQLiteConnection) throws(SQLiteError) {
        guard connection.hasMoved else { return }
        rescueOnce(from: connection)
        throw SQLiteError(
            code: Self.movedCode,
            message:
                "the database file \(path) was deleted, moved or replaced while the server ran: nothing more is written to it")
    }

    private func rescueOnce(from connection: SQLiteConnection) {
        rescued.withLock { done in
            guard !done else { return }
            done = true
            let files = FileManager.default
            if files.fileExists(atPath: rescuePath) {
                log?("the database file \(path) is gone and \(rescuePath) already exists: no new copy written")
                return
            }
            do {
                try connection.execute("VACUUM INTO '\(rescuePath.replacingOccurrences(of: "'", with: "''"))'")
                log?(
                    "DATABASE FILE GONE: \(path) was deleted, moved or replaced while the server ran. Nothing more is "
                        + "written to it; finished games wait in the outbox. A copy of the database as it was is at "
                        + "\(rescuePath); it goes back to the path when the server stops or starts again while nothing is "
                        + "there: restart the server.")
            } catch {
                let reason = "\(error)"
                let pid: Int32 = getpid()
                log?(
                    "DATABASE FILE GONE: \(path) was deleted, moved or replaced while the server ran, and its copy "
                        + "could not be written to \(rescuePath): \(reason). Do not stop the server before copying "
                        + "the deleted file (ls -l /proc/\(pid)/fd shows it) somewhere safe.")
            }
        }
    }

    /// After every connection is closed: the copy goes back to the path when nothing is there.
    func restoreAfterClose() {
        guard rescued.withLock({ $0 }) else { return }
        Self.restoreRescuedCopy(path: path, log: log)
    }

    /// When nothing is at `path` but a rescued copy is beside it (the store closed, or the server was
    /// killed, after its file was deleted): the copy goes back to the path. The `-wal` and `-shm` left at
    /// the path are the deleted file's (SQLite neither checkpoints nor removes them when the file has
    /// moved), already in the copy, and would be read into it as if they were its own: removed first.
    /// Called at close and at start, with no connection open to the path.
    static func restoreRescuedCopy(path: String, log: (@Sendable (String) -> Void)?) {
        let files = FileManager.default
        let rescue = path + ".rescued"
        guard !files.fileExists(atPath: path), files.fileExists(atPath: rescue) else { return }
        do {
            for stale in [path + "-wal", path + "-shm"] where files.fileExists(atPath: stale) {
                try files.removeItem(atPath: stale)
            }
            try files.moveItem(atPath: rescue, toPath: path)
            log?("the copy of the deleted database (\(rescue)) was put back at \(path)")
        } catch {
            log?("the copy of the deleted database (\(rescue)) could not be put back at \(path): \(error.localizedDescription)")
        }
    }
}
