import HangmanStore
import Synchronization

/// A store whose account calls (isRegistered, verify, register, changePassword) fail while `down` is set: an outage.
/// Everything else answers at once from the in-memory store (`DelayedStore` with no delay).
final class OutageStore: DelayedStore, @unchecked Sendable {  // `down` is atomic; the rest is DelayedStore's
    let down = Atomic<Bool>(false)

    init() { super.init(delay: 0) }

    override func isRegistered(name: String, completion: @escaping @Sendable (Result<Bool, StoreError>) -> Void) {
        if down.load(ordering: .relaxed) { return completion(.failure(.io("outage"))) }
        super.isRegistered(name: name, completion: completion)
    }
    override func register(name: String, password: String, completion: @escaping @Sendable (Result<Void, StoreError>) -> Void) {
        if down.load(ordering: .relaxed) { return completion(.failure(.io("outage"))) }
        super.register(name: name, password: password, completion: completion)
    }
    override func verify(name: String, password: String, completion: @escaping @Sendable (Result<Bool, StoreError>) -> Void) {
        if down.load(ordering: .relaxed) { return completion(.failure(.io("outage"))) }
        super.verify(name: name, password: password, completion: completion)
    }
    override func changePassword(
        name: String, old: String, new: String, completion: @escaping @Sendable (Result<Bool, StoreError>) -> Void
    ) {
        if down.load(ordering: .relaxed) { return completion(.failure(.io("outage"))) }
        super.changePassword(name: name, old: old, new: new, completion: completion)
    }
}
