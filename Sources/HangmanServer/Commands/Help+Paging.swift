/// `help` in a small window: the overview flowed to the client's width (NAWS) and cut into pages
/// that fit its height, `help 2` for the next. At 80 × 24 the overview is one page, as before.
extension Help {
    /// The lines `help <topic>` shows in `layout`: the overview (topic nil) or one of its pages (a
    /// page number), or a command's detail; nil for anything else.
    static func text(for topic: String?, layout: TextLayout) -> [String]? {
        guard let topic else { return page(1, layout: layout) }
        if let number = Int(topic) { return page(number, layout: layout) }
        return text(for: topic)
    }

    /// Page `number` (from 1) of the overview; every page but a lone one ends with a line saying
    /// which it is and how to see the next. Nil past the last page.
    static func page(_ number: Int, layout: TextLayout) -> [String]? {
        let lines = overview(width: layout.columns).flatMap { layout.wrap($0) }
        // A page leaves room for its footer, the prompt and the line being typed.
        guard lines.count > layout.rows - 2 else { return number == 1 ? lines : nil }
        let perPage = max(layout.rows - 3, 4)
        let pages = (lines.count + perPage - 1) / perPage
        guard (1...pages).contains(number) else { return nil }
        var out = Array(lines[(number - 1) * perPage..<min(number * perPage, lines.count)])
        out.append(
            number < pages ? "-- page \(number) of \(pages): help \(number + 1) for more --" : "-- page \(number) of \(pages) --")
        return out
    }
}
