/// The account calls that also say which password was checked (`PasswordStamp`) and how the account's
/// name is spelled. `Store` answers them from the database; a store that implements only the older
/// calls (a test double) gets the defaults below: the typed spelling, `PasswordStamp.unknown` and no
/// stamps to compare, so sessions on it are never signed out by a password change elsewhere.
extension HangmanStore {
    public func registeredName(name: String, completion: @escaping @Sendable (Result<String?, StoreError>) -> Void) {
        isRegistered(name: name) { completion($0.map { $0 ? name : nil }) }
    }

    public func verifyStamped(
        name: String, password: String, completion: @escaping @Sendable (Result<PasswordStamp?, StoreError>) -> Void
    ) {
        verify(name: name, password: password) { completion($0.map { $0 ? .unknown : nil }) }
    }

    public func registerStamped(
        name: String, password: String, completion: @escaping @Sendable (Result<PasswordStamp, StoreError>) -> Void
    ) {
        register(name: name, password: password) { completion($0.map { .unknown }) }
    }

    public func changePasswordStamped(
        name: String, old: String, new: String, completion: @escaping @Sendable (Result<PasswordStamp?, StoreError>) -> Void
    ) {
        changePassword(name: name, old: old, new: new) { completion($0.map { $0 ? .unknown : nil }) }
    }

    public func passwordStamps(
        names: [String], completion: @escaping @Sendable (Result<[String: PasswordStamp], StoreError>) -> Void
    ) {
        completion(.success([:]))
    }
}
