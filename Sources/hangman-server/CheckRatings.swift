import Dispatch
import Foundation
import HangmanStore
import HangmanSync

/// `hangman-server check-ratings --db PATH|postgresql://URL [--timeout SECONDS]`: replays every rated
/// game, in the order its ratings were applied, and compares the replay with every logged change and
/// every player's stored rating (issue 32). Exit 0: no difference; 1: differences (listed); 2: bad usage
/// or a database that cannot be read.
enum CheckRatings {
    static let command = "check-ratings"
    /// How long the replay may take by default: a whole database is read, far beyond a player's query.
    static let defaultTimeoutSeconds = 600.0
    /// The differences printed at most (the count is always printed).
    static let shownDifferences = 50

    static func run(_ arguments: [String]) -> Never {
        var db: String?
        var timeout = defaultTimeoutSeconds
        var rest = arguments[...]
        while let name = rest.popFirst() {
            guard let value = rest.popFirst() else { usage("\(name) needs a value") }
            switch name {
            case "--db": db = value
            case "--timeout":
                guard let seconds = Double(value), seconds > 0, seconds.isFinite else { usage("--timeout must be seconds > 0") }
                timeout = seconds
            default: usage("unknown option \(name)")
            }
        }
        guard let db, !db.isEmpty else { usage("--db is required") }
        let store: Store
        do {
            store = try Store.open(db, options: StoreOptions(timeout: timeout, readers: 1))
        } catch {
            finish("cannot open \(db.hasPrefix("postgres") ? "the PostgreSQL database" : db): \(error)", code: 2)
        }
        let done = DispatchSemaphore(value: 0)
        let answer = Locked<Result<RatingCheck, StoreError>?>(nil)
        store.checkRatings { result in
            answer.withLock { $0 = result }
            done.signal()
        }
        done.wait()
        store.close()
        switch answer.withLock({ $0 }) {
        case .success(let check):
            let summary = "checked \(check.games) rated games, \(check.players) rated players"
            guard !check.differences.isEmpty else { finish("\(summary): no difference", code: 0, toStandardError: false) }
            for line in check.differences.prefix(shownDifferences) { print(line) }
            finish("\(summary): \(check.differences.count) differences", code: 1)
        case .failure(let error):
            finish("cannot read the ratings: \(error)", code: 2)
        case nil:
            finish("the store gave no answer", code: 2)
        }
    }

    private static func usage(_ message: String) -> Never {
        finish("\(message)\nusage: hangman-server \(command) --db PATH|postgresql://URL [--timeout SECONDS]", code: 2)
    }

    private static func finish(_ message: String, code: Int32, toStandardError: Bool = true) -> Never {
        CommandExit.finish(command, message, code: code, toStandardError: toStandardError)
    }
}
