import HangmanCore
import HangmanStore
import HangmanSync

/// This server's copy of the bans, mutes and address bans in force, behind one lock: sessions ask it
/// on their own queues (is this name muted, this address refused) without a store round trip. The
/// store is the record: every change is written there first, and the copy is replaced from it at
/// start and every `account-check-seconds` (`Lobby+Moderation.swift`), and corrected for one name by
/// each login's keyed ban check (`Session.unlessBanned`),
/// so bans and mutes set on another server sharing the database arrive here too.
final class Moderator: Sendable {
    private struct State {
        var book = SanctionBook()
        var addresses: [AddressBan] = []
    }

    private let state = Locked(State())
    /// Case-folded keys of the `operators` setting.
    private let operatorKeys: Set<String>

    init(operators: [String]) {
        operatorKeys = Set(operators.map { PlayerID($0).key })
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

    func lift(_ kind: Sanction.Kind, on name: String, at now: Int64) {
        state.withLock { _ = $0.book.lift(kind, on: name, at: now) }
    }

    /// What the store answered about one name's `kind` at `now`: the row in force, or none (lifted or
    /// ended, perhaps on another server).
    func learn(_ kind: Sanction.Kind, on name: String, _ row: StoredSanction?, at now: Int64) {
        if let sanction = row.flatMap(Sanction.init), sanction.kind == kind {
            set(sanction)
        } else {
            lift(kind, on: name, at: now)
        }
    }

    func ban(_ address: AddressBan) {
        state.withLock { state in
            state.addresses.removeAll { $0.network == address.network }
            state.addresses.append(address)
        }
    }

    /// The address ban `address` falls under at `now`, if any.
    func refusing(_ address: String, at now: Int64) -> AddressBan? {
        state.withLock { $0.addresses.first { $0.isActive(at: now) && $0.matches(address) } }
    }

    /// Replaces the copy with what the store holds in force.
    func replace(with rows: [StoredSanction]) {
        let book = SanctionBook(rows.compactMap(Sanction.init))
        let addresses = rows.compactMap(AddressBan.init)
        state.withLock { state in
            state.book = book
            state.addresses = addresses
        }
    }
}
