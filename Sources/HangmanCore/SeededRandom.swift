/// A small, fast, seedable random source (SplitMix64).
///
/// Every random choice in HangmanCore goes through a `RandomNumberGenerator` passed in by the caller,
/// so that a game can be replayed from its seed. The server seeds one of these from the system
/// generator; tests seed it with a constant. SplitMix64 passes BigCrush, needs one word of state and
/// gives a well-mixed stream even for seeds like 0, 1, 2 — all the games here need.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates a generator whose whole output is determined by `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
