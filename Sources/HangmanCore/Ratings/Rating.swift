/// A player's skill as the Weng–Lin model holds it: a normal belief with mean `mu` and deviation
/// `sigma`. What players see is the `ordinal`, `mu − 3·sigma`: a skill they have with 99.7 %
/// confidence, so it rises as the model grows sure of them.
public struct Rating: Hashable, Sendable {
    public let mu: Double
    public let sigma: Double

    public init(mu: Double, sigma: Double) {
        self.mu = mu
        self.sigma = sigma
    }

    /// `mu − 3·sigma`, as openskill.py's `ordinal()` with its defaults (z 3, alpha 1, target 0)
    /// computes it: `1 · ((mu − 3·sigma) + 0 / 1)`.
    public var ordinal: Double { (mu - 3 * sigma) + 0 }
}
