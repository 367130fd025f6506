/// Timing helpers: durations in milliseconds and order statistics.
enum Stats {
    static func milliseconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) * 1000 + Double(parts.attoseconds) / 1e15
    }

    /// The q-quantile (0...1) of `samples` by nearest rank.
    static func quantile(_ samples: [Double], _ q: Double) -> Double {
        let sorted = samples.sorted()
        guard !sorted.isEmpty else { return 0 }
        let rank = Int((q * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }

    static func format(_ milliseconds: Double) -> String {
        String(format: "%.3f ms", milliseconds)
    }
}
