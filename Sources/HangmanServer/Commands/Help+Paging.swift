/// `help` in a small window: the overview flowed to the client's width (NAWS) and cut into pages
/// that fit its height, `help 2` for the next. At 80 × 24 the overview is one page, as before.
extension Help {
    /// The lines `help <topic>` shows in `layout`: the overview (topic nil) or one of its pages (a
    /// page number), or a command's detail; nil for anything else.
    static func text(for topic: String?, layout: TextLayout, operator: Bool = false) -> [String]? {
        guard let topic else { return page(1, layout: layout, operator: `operator`) }
        if let number = Int(topic) { return page(number, layout: layout, operator: `operator`) }
        return text(for: topic, operator: `operator`)
    }

    /// Why `help <topic>` has nothing to show: a page past the last (at 80 x 24 the overview is one
    /// page, so `help 2` is not a topic to call unknown), or a topic there is not.
    static func missing(_ topic: String?, layout: TextLayout?, operator: Bool = false) -> String {
        guard let layout, let topic, Int(topic) != nil else { return "no help for '\(topic ?? "")'; type help for the list" }
        let count = pages(layout: layout, operator: `operator`).count
        let size = "\(layout.columns) x \(layout.rows)"
        return count == 1
            ? "help is one page at your window's size (\(size)); type help"
            : "help has \(count) pages at your window's size (\(size)); type help 1 to help \(count)"
    }

    /// Page `number` (from 1) of the overview; every page but a lone one ends with a line saying
    /// which it is and how to see the next. Nil past the last page.
    static func page(_ number: Int, layout: TextLayout, operator: Bool = false) -> [String]? {
        let all = pages(layout: layout, operator: `operator`)
        guard (1...all.count).contains(number) else { return nil }
        guard all.count > 1 else { return all[0] }
        let footer = number < all.count ? ": help \(number + 1) for more" : ""
        return all[number - 1] + ["-- page \(number) of \(all.count)\(footer) --"]
    }

    /// The overview cut into pages that fit `layout`: one when it fits whole; else each leaves room
    /// for its footer, the prompt and the line being typed.
    private static func pages(layout: TextLayout, operator: Bool) -> [[String]] {
        let lines = overview(width: layout.columns, operator: `operator`).flatMap { layout.wrap($0) }
        guard lines.count > layout.rows - 2 else { return [lines] }
        let perPage = max(layout.rows - 3, 4)
        return stride(from: 0, to: lines.count, by: perPage).map { Array(lines[$0..<min($0 + perPage, lines.count)]) }
    }
}
