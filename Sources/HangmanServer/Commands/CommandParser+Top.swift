import HangmanStore

/// `top [n]`, `top month [n]`, `top YYYY-MM [n]`: the all-time board, this month's (UTC) or a given
/// month's, `n` rows. A lone number is always a row count (`top 99`), as the wire contract says.
extension CommandParser {
    static let topUsage =
        "usage: top [n], top month [n] or top YYYY-MM [n] (a month in UTC, e.g. top 2026-05); top rating [n]"

    static func top(_ arguments: [String]) -> Result<Command, CommandError> {
        guard arguments.count <= 2 else { return .failure(.invalid(topUsage)) }
        guard let first = arguments.first else { return .success(.top(nil)) }
        if arguments.count == 1, let count = Int(first) {
            guard count >= 1 else { return .failure(.invalid("usage: top [n], n a whole number from 1 up")) }
            return .success(.top(count))
        }
        if first.lowercased() == "rating" {
            guard arguments.count == 2 else { return .success(.topRating(nil)) }
            guard let count = Int(arguments[1]), count >= 1 else {
                return .failure(.invalid("usage: top rating [n], n a whole number from 1 up"))
            }
            return .success(.topRating(count))
        }
        let month: LeaderboardMonth?
        if first.lowercased() == "month" {
            month = nil
        } else if let parsed = LeaderboardMonth(first) {
            month = parsed
        } else {
            return .failure(.invalid(monthProblem(first) ?? topUsage))
        }
        guard arguments.count == 2 else { return .success(.topMonth(month, count: nil)) }
        guard let count = Int(arguments[1]), count >= 1 else {
            return .failure(.invalid("usage: top \(first) [n], n a whole number from 1 up"))
        }
        return .success(.topMonth(month, count: count))
    }

    /// What is wrong with something shaped like a month (`2026-13`, `2026-5`), nil when it is not one.
    private static func monthProblem(_ text: String) -> String? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigitCharacter) }) else { return nil }
        guard parts[0].count == 4, parts[1].count == 2 else {
            return "a month is written YYYY-MM, four digits and two (e.g. top 2026-05), not \(text)"
        }
        return "there is no month \(parts[1]) in \(text): months run from 01 to 12 (e.g. top 2026-05)"
    }
}

extension Character {
    fileprivate var isASCIIDigitCharacter: Bool { ("0"..."9").contains(self) }
}
