import Dispatch
import Foundation
import HangmanServer
import HangmanStore
import HangmanSync

/// `hangman-server register-operator --db PATH|postgresql://URL NAME`, the password on standard input
/// (one line): registers an operator's name in the accounts table. Names listed in `operators` cannot
/// be taken without their password nor registered from the game (docs/MODERATION.md); this is how
/// their operator registers them. Exit 0: registered; 1: the name is registered already; 2: bad usage
/// or a database that cannot be written.
enum RegisterOperator {
    static let command = "register-operator"

    static func run(_ arguments: [String]) -> Never {
        var db: String?
        var name: String?
        var rest = arguments[...]
        while let word = rest.popFirst() {
            if word == "--db" {
                guard let value = rest.popFirst() else { usage("--db needs a value") }
                db = value
            } else if name == nil, !word.hasPrefix("-") {
                name = word
            } else {
                usage("unexpected \(word)")
            }
        }
        guard let db, !db.isEmpty else { usage("--db is required") }
        guard let name, !name.isEmpty else { usage("the operator's name is required") }
        guard let password = readLine(strippingNewline: true), PasswordChange.bytes.contains(password.utf8.count) else {
            finish("give the password on standard input: \(PasswordChange.lengthRule)", code: 2)
        }
        let store: Store
        do {
            store = try Store.open(db, options: StoreOptions(timeout: 30, readers: 1))
        } catch {
            finish("cannot open \(db.hasPrefix("postgres") ? "the PostgreSQL database" : db): \(error)", code: 2)
        }
        let done = DispatchSemaphore(value: 0)
        let answer = Locked<Result<Void, StoreError>?>(nil)
        store.register(name: name, password: password) { result in
            answer.withLock { $0 = result }
            done.signal()
        }
        done.wait()
        store.close()
        switch answer.withLock({ $0 }) {
        case .success: finish("\(name) is registered", code: 0, toStandardError: false)
        case .failure(.nameTaken): finish("\(name) is registered already", code: 1)
        case .failure(let error): finish("cannot register \(name): \(error)", code: 2)
        case nil: finish("the store gave no answer", code: 2)
        }
    }

    private static func usage(_ message: String) -> Never {
        finish("\(message)\nusage: hangman-server \(command) --db PATH|postgresql://URL NAME < password", code: 2)
    }

    private static func finish(_ message: String, code: Int32, toStandardError: Bool = true) -> Never {
        CommandExit.finish(command, message, code: code, toStandardError: toStandardError)
    }
}
