/// A room's vote-kicks: who voted against whom, who may start one when, and who is barred from the
/// room after losing one. A value owned by its room; time (monotonic nanoseconds) and the room's
/// seated humans are passed in, so every rule is tested without a room or a clock.
///
/// Rules: only a seated human votes, against another seated human; the player who starts a vote
/// counts as its first yes; it passes when a majority of the seated humans other than the target
/// (more than half) said yes within `window`; nobody starts more than one vote per `startGap`; a
/// player kicked by vote may not rejoin for `barFor`.
public struct VoteKick: Equatable, Sendable {
    public struct Limits: Equatable, Sendable {
        /// Nanoseconds a vote stays open (`votekick-seconds`).
        public var window: UInt64
        /// Nanoseconds a kicked player stays barred from the room (`votekick-ban-minutes`).
        public var barFor: UInt64
        /// Nanoseconds between two votes started by one player.
        public var startGap: UInt64

        public init(windowSeconds: Int, barMinutes: Int, startGapSeconds: Int) {
            window = UInt64(max(0, windowSeconds)) * 1_000_000_000
            barFor = UInt64(max(0, barMinutes)) * 60_000_000_000
            startGap = UInt64(max(0, startGapSeconds)) * 1_000_000_000
        }
    }

    public enum Outcome: Equatable, Sendable {
        /// A new vote against the target: `yes` of `needed` so far.
        case started(yes: Int, needed: Int)
        /// A yes added to the open vote.
        case counted(yes: Int, needed: Int)
        /// The majority is reached: the target leaves the room, barred until `until`.
        case passed(until: UInt64)
        /// Refused: the voter is not a seated human, or the target is not another one.
        case notEligible
        /// Refused: this voter already said yes to the open vote.
        case alreadyVoted
        /// Refused: the voter started a vote less than `startGap` ago; may start again at `retryAt`.
        case tooSoon(retryAt: UInt64)
    }

    private struct Ballot: Equatable, Sendable {
        var opened: UInt64
        var yes: Set<String>
    }

    private let limits: Limits
    /// Open votes by target key.
    private var ballots: [String: Ballot] = [:]
    /// When each player last started a vote, by key.
    private var lastStart: [String: UInt64] = [:]
    /// Players kicked by vote, by key: until when they may not rejoin.
    private var barred: [String: UInt64] = [:]

    public init(limits: Limits) { self.limits = limits }

    /// The number of yes votes a vote against one of `seatedHumans` needs: more than half of the others.
    public static func needed(seatedHumans: Int) -> Int { max(1, seatedHumans - 1) / 2 + 1 }

    /// `voter` says yes to kicking `target`. `seatedHumans`: the keys of the room's seated humans
    /// right now (spectators and bots are not in it, so they have no vote and cannot be voted out).
    public mutating func vote(by voter: String, against target: String, seatedHumans: Set<String>, now: UInt64)
        -> Outcome
    {
        guard voter != target, seatedHumans.contains(voter), seatedHumans.contains(target) else { return .notEligible }
        let others = seatedHumans.subtracting([target])
        let needed = Self.needed(seatedHumans: seatedHumans.count)
        var ballot: Ballot
        let starting: Bool
        if let open = ballots[target], now < open.opened &+ limits.window {
            guard !open.yes.contains(voter) else { return .alreadyVoted }
            ballot = open
            starting = false
        } else {
            if let last = lastStart[voter], now < last &+ limits.startGap { return .tooSoon(retryAt: last &+ limits.startGap) }
            lastStart[voter] = now
            ballot = Ballot(opened: now, yes: [])
            starting = true
        }
        ballot.yes.insert(voter)
        // Those who left since voting no longer count.
        let yes = ballot.yes.intersection(others).count
        if yes >= needed {
            ballots[target] = nil
            let until = now &+ limits.barFor
            barred[target] = until
            return .passed(until: until)
        }
        ballots[target] = ballot
        return starting ? .started(yes: yes, needed: needed) : .counted(yes: yes, needed: needed)
    }

    /// Until when `player` may not rejoin the room, if barred at `now`.
    public func barredUntil(_ player: String, now: UInt64) -> UInt64? {
        barred[player].flatMap { now < $0 ? $0 : nil }
    }

    /// Drops votes past their window and bars past their end (the room calls this now and then).
    public mutating func expire(now: UInt64) {
        ballots = ballots.filter { now < $0.value.opened &+ limits.window }
        barred = barred.filter { now < $0.value }
        lastStart = lastStart.filter { now < $0.value &+ limits.startGap }
    }
}
