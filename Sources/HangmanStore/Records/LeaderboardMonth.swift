/// A calendar month in UTC: the period of a monthly board (`top month`, `top 2026-05`). A game belongs to
/// the month its end time (`GameRecord.ended`) falls in: from 00:00:00 UTC on the 1st, inclusive, to
/// 00:00:00 UTC on the 1st of the next month, exclusive.
public struct LeaderboardMonth: Sendable, Hashable, CustomStringConvertible {
    /// 0...9999 (four digits written).
    public let year: Int
    /// 1...12.
    public let month: Int

    /// Nil for a month outside 1...12 or a year outside 0...9999.
    public init?(year: Int, month: Int) {
        guard (0...9999).contains(year), (1...12).contains(month) else { return nil }
        self.year = year
        self.month = month
    }

    /// The month `unixSeconds` falls in, in UTC (clamped to years 0...9999).
    public init(containing unixSeconds: Int64) {
        let days = unixSeconds >= 0 ? unixSeconds / 86_400 : -((-unixSeconds + 86_399) / 86_400)
        let (year, month) = Self.civil(fromDays: days)
        self.year = min(max(year, 0), 9999)
        self.month = year < 0 ? 1 : (year > 9999 ? 12 : month)
    }

    /// `YYYY-MM`, exactly: four digits, a dash, two digits, the month 01...12. Nil otherwise.
    public init?(_ text: some StringProtocol) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 4, parts[1].count == 2,
            parts.allSatisfy({ $0.utf8.allSatisfy { (48...57).contains($0) } }),
            let year = Int(parts[0]), let month = Int(parts[1])
        else { return nil }
        self.init(year: year, month: month)
    }

    /// Unix seconds of 00:00:00 UTC on the month's first day (the board's first second).
    public var start: Int64 { Self.days(year: year, month: month) * 86_400 }

    /// Unix seconds of 00:00:00 UTC on the next month's first day (the first second after the board).
    public var end: Int64 {
        month == 12 ? Self.days(year: year + 1, month: 1) * 86_400 : Self.days(year: year, month: month + 1) * 86_400
    }

    /// `YYYY-MM`.
    public var description: String {
        let digits = String(year)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits + (month < 10 ? "-0" : "-") + String(month)
    }

    /// Days from 1970-01-01 to the first of the month, in the proleptic Gregorian calendar (Howard
    /// Hinnant's `days_from_civil`; no Foundation calendar, so no time zone can creep in).
    static func days(year: Int, month: Int) -> Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let shifted = Int64(month > 2 ? month - 3 : month + 9)
        let dayOfYear = (153 * shifted + 2) / 5
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The year and month of a day counted from 1970-01-01 (`civil_from_days`).
    static func civil(fromDays days: Int64) -> (year: Int, month: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shifted = (5 * dayOfYear + 2) / 153
        let month = shifted < 10 ? shifted + 3 : shifted - 9
        return (Int(yearOfEra + era * 400 + (month <= 2 ? 1 : 0)), Int(month))
    }
}
