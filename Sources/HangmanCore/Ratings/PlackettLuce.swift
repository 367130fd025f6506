/// Weng and Lin's Bayesian approximation with the Plackett–Luce likelihood (JMLR 12, Algorithm 4),
/// computed exactly as openskill.py 6.2.0's `PlackettLuce()` does with its defaults, quirks
/// included, so that anyone can check a rating against the reference (`Tests/RatingVectors`, made by
/// `scripts/make-rating-vectors`):
///
/// - τ is added to every sigma before the game, and `rate(…, tau: 0)` falls back to the model's τ
///   (openskill's `tau if tau else self.tau`), so it cannot be turned off per game;
/// - ranks come from scores (`scores=`): equal points tie, ranked as in competition (1, 1, 3);
/// - the averaging of tied teams' mu changes openskill runs at the end of `_compute` compares each
///   player with itself and so changes nothing: it is left out here, to the same effect;
/// - the sums over a team run in the order openskill's run (best ordinal first) so that even the last
///   bits agree.
///
/// The margin, weights, balance and limit-sigma options of openskill are off by default and not
/// implemented. Pure: no clock, no randomness, no platform.
public struct PlackettLuce: Sendable {
    public let mu: Double
    public let sigma: Double
    public let beta: Double
    public let kappa: Double
    public let tau: Double

    /// openskill.py 6.2.0's defaults: mu 25, sigma 25/3, beta 25/6, kappa 0.0001, tau 25/300.
    public init(
        mu: Double = 25.0, sigma: Double = 25.0 / 3.0, beta: Double = 25.0 / 6.0, kappa: Double = 0.0001,
        tau: Double = 25.0 / 300.0
    ) {
        self.mu = mu
        self.sigma = sigma
        self.beta = beta
        self.kappa = kappa
        self.tau = tau
    }

    /// A newcomer's rating.
    public var initial: Rating { Rating(mu: mu, sigma: sigma) }

    /// The ratings after one game: `teams[i]` (one rating per member, at least one member) scored
    /// `scores[i]`, more being better. The result has the shape of `teams`. Fewer than two teams, or
    /// a `scores` of another count, leave the ratings as they are (there is nothing to learn).
    /// `tau` replaces the model's τ for this game unless it is nil or 0 (openskill's quirk).
    public func rate(_ teams: [[Rating]], scores: [Double], tau: Double? = nil) -> [[Rating]] {
        guard teams.count >= 2, scores.count == teams.count, teams.allSatisfy({ !$0.isEmpty }) else { return teams }
        let tau = (tau ?? 0) != 0 ? (tau ?? self.tau) : self.tau
        let tauSquared = tau * tau
        let widened = teams.map { team in
            team.map { Rating(mu: $0.mu, sigma: ($0.sigma * $0.sigma + tauSquared).squareRoot()) }
        }
        // openskill: ranks = competition ranks of -score (0-based), then the teams stably sorted by rank.
        let ranks = scores.map { score in scores.reduce(0) { $1 > score ? $0 + 1 : $0 } }
        let order = ranks.indices.sorted { ranks[$0] < ranks[$1] || (ranks[$0] == ranks[$1] && $0 < $1) }
        let updated = compute(order.map { widened[$0] }, ranks: order.map { ranks[$0] })
        var result = teams
        for (position, original) in order.enumerated() { result[original] = updated[position] }
        return result
    }

    /// openskill's `_compute` on teams sorted by `ranks` (ascending, ties adjacent).
    private func compute(_ teams: [[Rating]], ranks: [Int]) -> [[Rating]] {
        let sums = teams.map(TeamSums.init)
        let betaSquared = beta * beta
        let c = sums.reduce(0.0) { $0 + ($1.sigmaSquared + betaSquared) }.squareRoot()
        let strengths = sums.map { RatingMath.exp($0.mu / c) }
        // sumQ[q]: the strengths of every team ranked at q or below; tiedCount[q]: the teams tied with q.
        var sumQ = [Double](repeating: 0, count: teams.count)
        for i in teams.indices {
            for q in teams.indices where ranks[i] >= ranks[q] { sumQ[q] += strengths[i] }
        }
        let tiedCount = ranks.map { rank in Double(ranks.reduce(0) { $1 == rank ? $0 + 1 : $0 }) }
        return teams.indices.map { i in
            var omega = 0.0
            var delta = 0.0
            for q in teams.indices where ranks[q] <= ranks[i] {
                let share = strengths[i] / sumQ[q]
                delta += share * (1 - share) / tiedCount[q]
                if q == i { omega += (1 - share) / tiedCount[q] } else { omega -= share / tiedCount[q] }
            }
            let sigmaSquared = sums[i].sigmaSquared
            omega *= sigmaSquared / c
            delta *= sigmaSquared / (c * c)
            delta *= sigmaSquared.squareRoot() / c
            return teams[i].map { player in
                let part = player.sigma * player.sigma / sigmaSquared
                let mu = player.mu + part * omega
                let sigma = player.sigma * max(1 - part * delta, kappa).squareRoot()
                return Rating(mu: mu, sigma: sigma)
            }
        }
    }
}

/// A team's mu and sigma² summed as openskill sums them: members by ordinal, best first (stable).
private struct TeamSums {
    let mu: Double
    let sigmaSquared: Double

    init(_ team: [Rating]) {
        let ordered = team.indices.sorted { a, b in
            team[a].ordinal > team[b].ordinal || (team[a].ordinal == team[b].ordinal && a < b)
        }
        var mu = 0.0
        var sigmaSquared = 0.0
        for index in ordered {
            mu += team[index].mu
            sigmaSquared += team[index].sigma * team[index].sigma
        }
        self.mu = mu
        self.sigmaSquared = sigmaSquared
    }
}
