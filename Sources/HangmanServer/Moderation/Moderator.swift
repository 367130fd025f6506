import HangmanCore
import Synchronization

/// The server's bans, mutes, address bans and moderation log, behind one lock: sessions ask it on
/// their own queues (is this name banned, muted, this address refused) and operators' commands change
/// it. The rules are the values it holds (`SanctionBook`, `AddressBan`); this type only owns them.
final class Moderator: Sendable {
    private struct State {
        var book = SanctionBook()
        var addresses: [AddressBan] = []
        /// The newest last, at most `logLimit` entries.
        var log: [ModerationEntry] = []
    }

    private let state = Mutex(State())
    /// Case-folded keys of the `operators` setting.
    private let operatorKeys: Set<String>
    private let logLimit: Int

    init(operators: [String], logLimit: Int) {
        operatorKeys = Set(operators.map { PlayerID($0).key })
        self.logLimit = max(1, logLimit)
    }

    /// Whether `id` is listed in `operators` (the caller checks that it logged in with its password).
    func isListed(_ id: PlayerID) -> Bool { operatorKeys.contains(id.key) }

    /// The `kind` in force on `name` at `now` (wall seconds).
    func active(_ kind: Sanction.Kind, on name: String, at now: Int64) -> Sanction? {
        state.withLock { $0.book.active(kind, on: name, at: now) }
    }

    func set(_ sanction: Sanction) {
        state.withLock { $0.book.set(sanction) }
    }

    /// Lifts `kind` on `name`; the sanction that was in force, if any.
    func lift(_ kind: Sanction.Kind, on name: String, at now: Int64) -> Sanction? {
        state.withLock { $0.book.lift(kind, on: name, at: now) }
    }

    /// The bans and mutes in force and the address bans in force, ended ones dropped.
    func inForce(at now: Int64) -> (sanctions: [Sanction], addresses: [AddressBan]) {
        state.withLock { state in
            state.book.expire(at: now)
            state.addresses.removeAll { !$0.isActive(at: now) }
            return (state.book.all(at: now), state.addresses)
        }
    }

    func ban(_ address: AddressBan) {
        state.withLock { state in
            state.addresses.removeAll { $0.network == address.network && $0.bits == address.bits }
            state.addresses.append(address)
        }
    }

    /// The address ban `address` falls under at `now`, if any.
    func refusing(_ address: String, at now: Int64) -> AddressBan? {
        state.withLock { $0.addresses.first { $0.isActive(at: now) && $0.matches(address) } }
    }

    /// Adds an entry to the log, the oldest dropped past `modlog-max`.
    func record(_ entry: ModerationEntry) {
        state.withLock { state in
            state.log.append(entry)
            if state.log.count > logLimit { state.log.removeFirst(state.log.count - logLimit) }
        }
    }

    /// The newest `count` entries, newest first.
    func recent(_ count: Int) -> [ModerationEntry] {
        state.withLock { Array($0.log.suffix(max(0, count)).reversed()) }
    }
}
