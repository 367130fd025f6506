/// How long a ban or a mute lasts, as an operator types it: `30s`, `10m`, `2h`, `7d` or `forever`.
/// Pure: parsing and the end time from a start time.
public enum SanctionDuration: Equatable, Sendable {
    case seconds(Int64)
    case forever

    /// The units a duration may be written in, with their length in seconds.
    private static let units: [(suffix: Character, seconds: Int64)] = [("s", 1), ("m", 60), ("h", 3600), ("d", 86_400)]

    /// `30s`, `10m`, `2h`, `7d` (a positive whole number and one unit) or `forever`; nil otherwise,
    /// and for a length that does not fit in 64-bit seconds.
    public init?(_ text: String) {
        let lower = text.lowercased()
        if lower == "forever" {
            self = .forever
            return
        }
        guard let unit = lower.last, let seconds = Self.units.first(where: { $0.suffix == unit })?.seconds,
            lower.dropLast().allSatisfy(\.isASCIIDigit), let count = Int64(lower.dropLast()), count > 0
        else { return nil }
        let (total, overflow) = count.multipliedReportingOverflow(by: seconds)
        guard !overflow else { return nil }
        self = .seconds(total)
    }

    /// When a sanction set at `start` (wall seconds) ends; nil: never.
    public func end(from start: Int64) -> Int64? {
        switch self {
        case .forever: return nil
        case .seconds(let seconds):
            let (end, overflow) = start.addingReportingOverflow(seconds)
            return overflow ? nil : end
        }
    }

    /// The usage hint every refusal of a duration gives.
    public static let usage = "a duration is 30s, 10m, 2h, 7d or forever"
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
