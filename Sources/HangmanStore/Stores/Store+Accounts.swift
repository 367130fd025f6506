import Foundation

/// Registration, passwords and settings. Hashing runs on `PasswordHashWorkers`, never on a connection's
/// queue; the time limit covers the whole call, hashing included.
extension Store {
    public func register(name: String, password: String, completion: @escaping @Sendable (Result<Void, StoreError>) -> Void) {
        registerStamped(name: name, password: password) { completion($0.map { _ in () }) }
    }

    public func registerStamped(
        name: String, password: String, completion: @escaping @Sendable (Result<PasswordStamp, StoreError>) -> Void
    ) {
        let key = HangmanStoreKey.key(for: name)
        let answer = timedAnswer("register", timedOut: .failure(.timedOut), completion)
        perform(
            "register",
            { (first: Result<Bool, StoreError>) in
                switch first {
                case .failure(let error): answer.complete(.failure(error))
                case .success(true): answer.complete(.failure(.nameTaken))
                case .success(false):
                    let queued = self.hashers.submit {
                        guard !answer.isDone else { return }
                        let hash = PasswordHasher.hash(password)
                        self.perform("register", { answer.complete($0) }) { connection in
                            guard let hash else { throw StoreError.io("password hashing failed") }
                            guard try connection.setPasswordHash(name: name, key: key, hash: hash) else {
                                throw StoreError.nameTaken
                            }
                            return PasswordStamp(hash: hash)
                        }
                    }
                    if !queued { answer.complete(.failure(.unavailable)) }
                }
            }
        ) { connection in try connection.passwordHash(key: key).hash != nil }
    }

    public func verify(name: String, password: String, completion: @escaping @Sendable (Result<Bool, StoreError>) -> Void) {
        verifyStamped(name: name, password: password) { completion($0.map { $0 != nil }) }
    }

    public func verifyStamped(
        name: String, password: String, completion: @escaping @Sendable (Result<PasswordStamp?, StoreError>) -> Void
    ) {
        let key = HangmanStoreKey.key(for: name)
        let answer = timedAnswer("login", timedOut: .failure(.timedOut), completion)
        withStoredHash("login", key: key, answer: answer) { hash in
            answer.complete(.success(PasswordHasher.verify(password, hash: hash) ? PasswordStamp(hash: hash) : nil))
        }
    }

    /// `verify(old)` and, when it matches, a fresh hash of `new` stored in its place. Both hashes run in
    /// one job on `PasswordHashWorkers` (the new one only after the old matched), refused as `verify`
    /// is when too many wait. The write replaces the hash only if it is still the one `old` was checked
    /// against (`replacePasswordHash`, one statement): of two changes that raced, the later answers
    /// false, never overwriting a password it did not check. The time limit covers the whole call.
    public func changePassword(
        name: String, old: String, new: String, completion: @escaping @Sendable (Result<Bool, StoreError>) -> Void
    ) {
        changePasswordStamped(name: name, old: old, new: new) { completion($0.map { $0 != nil }) }
    }

    public func changePasswordStamped(
        name: String, old: String, new: String, completion: @escaping @Sendable (Result<PasswordStamp?, StoreError>) -> Void
    ) {
        let key = HangmanStoreKey.key(for: name)
        let answer = timedAnswer("change password", timedOut: .failure(.timedOut), completion)
        withStoredHash("change password", key: key, answer: answer) { hash in
            guard PasswordHasher.verify(old, hash: hash) else {
                answer.complete(.success(nil))
                return
            }
            guard let fresh = PasswordHasher.hash(new) else {
                answer.complete(.failure(.io("password hashing failed")))
                return
            }
            guard !answer.isDone else { return }
            self.perform("change password", { answer.complete($0) }) { connection in
                try connection.replacePasswordHash(key: key, old: hash, new: fresh) ? PasswordStamp(hash: fresh) : nil
            }
        }
    }

    /// Reads `key`'s stored password hash and runs `work` with it on a hash worker (yescrypt is slow:
    /// never on a store lane). A store error, an unregistered name and a full hash queue (a guessing
    /// flood: answered at once, `unavailable`) are answered through `answer`; so is nothing once
    /// `answer` is done (its time limit passed while the job waited).
    private func withStoredHash<T: Sendable>(
        _ what: String, key: String, answer: CompletionOnce<Result<T, StoreError>>,
        work: @escaping @Sendable (String) -> Void
    ) {
        perform(
            what,
            { (stored: Result<String?, StoreError>) in
                switch stored {
                case .failure(let error): answer.complete(.failure(error))
                case .success(nil): answer.complete(.failure(.notRegistered))
                case .success(let hash?):
                    let queued = self.hashers.submit {
                        guard !answer.isDone else { return }
                        work(hash)
                    }
                    if !queued { answer.complete(.failure(.unavailable)) }
                }
            }
        ) { connection in try connection.passwordHash(key: key).hash }
    }

    public func registeredName(name: String, completion: @escaping @Sendable (Result<String?, StoreError>) -> Void) {
        let key = HangmanStoreKey.key(for: name)
        perform("login check", completion) { try $0.accountName(key: key) }
    }

    public func passwordStamps(
        names: [String], completion: @escaping @Sendable (Result<[String: PasswordStamp], StoreError>) -> Void
    ) {
        let keys = names.map(HangmanStoreKey.key(for:))
        perform("password check", completion) { connection in
            try connection.passwordHashes(keys: keys).mapValues { PasswordStamp(hash: $0) }
        }
    }

    public func saveSettings(
        name: String, settings: [String: String], completion: @escaping @Sendable (Result<Void, StoreError>) -> Void
    ) {
        let key = HangmanStoreKey.key(for: name)
        perform("save settings", completion) { connection in
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            let json = String(decoding: try encoder.encode(settings), as: UTF8.self)
            try connection.saveSettings(name: name, key: key, json: json)
        }
    }

    public func loadSettings(name: String, completion: @escaping @Sendable (Result<[String: String]?, StoreError>) -> Void) {
        let key = HangmanStoreKey.key(for: name)
        let hooks = self.hooks
        perform("load settings", completion) { connection in
            guard let json = try connection.loadSettings(key: key) else { return nil }
            do {
                return try JSONDecoder().decode([String: String].self, from: Data(json.utf8))
            } catch {
                hooks.log("ignoring unreadable saved settings of \(name): \(error)")
                return nil
            }
        }
    }
}
