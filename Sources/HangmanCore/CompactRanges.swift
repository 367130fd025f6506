/// Formats sorted integers as compact ranges for messages: `[1, 2, 3, 5, 7, 8]` → `"1-3, 5, 7-8"`.
enum CompactRanges {
    static func describe(_ values: [Int]) -> String {
        var parts: [String] = []
        var index = 0
        while index < values.count {
            var end = index
            while end + 1 < values.count && values[end + 1] == values[end] + 1 { end += 1 }
            parts.append(end == index ? "\(values[index])" : "\(values[index])-\(values[end])")
            index = end + 1
        }
        return parts.isEmpty ? "none" : parts.joined(separator: ", ")
    }
}
