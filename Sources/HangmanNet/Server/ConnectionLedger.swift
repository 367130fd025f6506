/// Who is connected, counted by address group and by login state; decides whether a new
/// connection is admitted. Pure (no sockets, no clock: times are passed in), so every admission
/// rule is tested without a network.
///
/// Connections before login ("waiting") are capped apart from players (`maxWaiting`). When the
/// server or that pool is full, a newcomer displaces the oldest waiting connection of the pool
/// group with the most waiting connections, but only if the newcomer's own pool group would still
/// have fewer waiting than that group had: shares of the pool drift toward equal per pool group, a
/// flood from a few pool groups only ever displaces itself, and a player (a connection that logged
/// in) is never displaced. Pool groups are wider than the per-address groups (an IPv6 /48, an IPv4
/// /24 by default), so that one network cannot pass for many.
struct ConnectionLedger: Sendable {
    /// The caps the ledger enforces.
    struct Caps: Sendable, Equatable {
        var maxConnections: Int
        var maxPerGroup: Int
        var maxWaiting: Int

        init(maxConnections: Int, maxPerGroup: Int, maxWaiting: Int) {
            self.maxConnections = maxConnections
            self.maxPerGroup = maxPerGroup
            self.maxWaiting = maxWaiting
        }

        init(_ limits: TransportLimits) {
            self.init(
                maxConnections: limits.maxConnections, maxPerGroup: limits.maxPerAddress,
                maxWaiting: limits.maxLoginConnections)
        }
    }

    /// The verdict on a new connection.
    enum Admission: Sendable, Equatable {
        /// Admitted.
        case admit
        /// Admitted; the waiting connection with this id must be closed (`.loginDisplaced`).
        case admitDisplacing(UInt64)
        /// Refused: the server is full and no waiting connection may give way.
        case full
        /// Refused: the pool of connections logging in is full and none may give way.
        case loginPoolFull
        /// Refused: the newcomer's group already has `maxPerGroup` connections.
        case groupFull
    }

    private struct Waiting: Sendable {
        /// The pool group.
        var pool: String
        var since: UInt64
    }

    let caps: Caps
    /// Connections per group, all states (a closing one counts until it is closed).
    private var perGroup: [String: Int] = [:]
    /// Waiting connection ids per pool group, oldest first.
    private var waitingByGroup: [String: [UInt64]] = [:]
    private var waiting: [UInt64: Waiting] = [:]
    /// Connections told to leave (displaced, past the deadline) that have not closed yet: they no
    /// longer count against the caps on totals, only against their group's.
    private var leaving: Set<UInt64> = []
    /// Every connection the ledger holds, leaving ones included.
    private(set) var count = 0

    init(_ caps: Caps) {
        self.caps = caps
    }

    /// Connections before login (not leaving).
    var waitingCount: Int { waiting.count }

    /// Connections that count against `maxConnections`.
    var liveCount: Int { count - leaving.count }

    /// Connections of `group`, all states.
    func connections(inGroup group: String) -> Int { perGroup[group, default: 0] }

    /// Decides on connection `id` from `group` (per-address limits) and pool group `pool` (the
    /// pool's shares; `group` when nil), accepted at `now` (monotonic nanoseconds), and records it
    /// when admitted.
    mutating func admit(id: UInt64, group: String, pool: String? = nil, now: UInt64) -> Admission {
        if perGroup[group, default: 0] >= caps.maxPerGroup { return .groupFull }
        let pool = pool ?? group
        let serverFull = liveCount >= caps.maxConnections
        guard serverFull || waiting.count >= caps.maxWaiting else {
            record(id: id, group: group, pool: pool, now: now)
            return .admit
        }
        let mine = waitingByGroup[pool]?.count ?? 0
        guard let victim = displaceable(against: mine) else { return serverFull ? .full : .loginPoolFull }
        markLeaving(victim)
        record(id: id, group: group, pool: pool, now: now)
        return .admitDisplacing(victim)
    }

    /// Connection `id` logged in: it leaves the waiting pool for good. False when it was not waiting
    /// (already a player, leaving, or unknown).
    @discardableResult
    mutating func loggedIn(id: UInt64) -> Bool {
        guard waiting[id] != nil else { return false }
        removeWaiting(id)
        return true
    }

    /// True while `id` has not logged in (and was not told to leave).
    func isWaiting(_ id: UInt64) -> Bool { waiting[id] != nil }

    /// Waiting connections accepted `deadline` nanoseconds or more before `now`, oldest first; they
    /// are marked leaving (the caller closes them).
    mutating func takeOverdue(now: UInt64, deadline: UInt64) -> [UInt64] {
        guard deadline > 0 else { return [] }
        let overdue = waiting.filter { now >= $0.value.since && now - $0.value.since >= deadline }.keys.sorted()
        for id in overdue { markLeaving(id) }
        return overdue
    }

    /// Connection `id` of `group` is closed: it no longer counts anywhere.
    mutating func closed(id: UInt64, group: String) {
        if waiting[id] != nil { removeWaiting(id) }
        leaving.remove(id)
        let left = perGroup[group, default: 1] - 1
        perGroup[group] = left > 0 ? left : nil
        count = max(0, count - 1)
    }

    // MARK: Internals

    private mutating func record(id: UInt64, group: String, pool: String, now: UInt64) {
        count += 1
        perGroup[group, default: 0] += 1
        waiting[id] = Waiting(pool: pool, since: now)
        waitingByGroup[pool, default: []].append(id)
    }

    /// The oldest waiting connection of the group with the most waiting (ties: the group whose
    /// oldest is oldest), if a newcomer whose group has `mine` waiting would still have fewer.
    private func displaceable(against mine: Int) -> UInt64? {
        var best: (count: Int, oldest: UInt64)?
        for ids in waitingByGroup.values {
            guard let oldest = ids.first else { continue }
            if let current = best, ids.count < current.count || (ids.count == current.count && oldest > current.oldest) {
                continue
            }
            best = (ids.count, oldest)
        }
        guard let best, mine + 1 < best.count else { return nil }
        return best.oldest
    }

    private mutating func markLeaving(_ id: UInt64) {
        removeWaiting(id)
        leaving.insert(id)
    }

    private mutating func removeWaiting(_ id: UInt64) {
        guard let entry = waiting.removeValue(forKey: id) else { return }
        var ids = waitingByGroup[entry.pool, default: []]
        ids.removeAll { $0 == id }
        waitingByGroup[entry.pool] = ids.isEmpty ? nil : ids
    }
}
