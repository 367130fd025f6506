import HangmanNet

/// The shape text output takes for one client: its window's columns and rows (NAWS), 80 × 24 when
/// unknown, clamped to `columnRange` / `rowRange` so a client reporting 1 × 1 or 60 000 columns
/// still gets readable lines. Broadcasts are rendered once per (style, layout) in use.
struct TextLayout: Hashable, Sendable {
    /// The narrowest and widest text the server formats for.
    static let columnRange = 20...250
    /// The fewest and most rows `help` pages assume.
    static let rowRange = 8...200
    /// 80 × 24: what every client without NAWS (nc, bots, plain telnet) gets.
    static let standard = TextLayout(columns: TerminalInfo.defaultWidth, rows: TerminalInfo.defaultHeight)

    let columns: Int
    let rows: Int
    /// The client said it shows UTF-8 (CHARSET agreed, or MTTS's UTF-8 bit): the gallows may be
    /// drawn with box characters. ASCII otherwise.
    let unicode: Bool

    init(columns: Int, rows: Int, unicode: Bool = false) {
        self.columns = min(max(columns, Self.columnRange.lowerBound), Self.columnRange.upperBound)
        self.rows = min(max(rows, Self.rowRange.lowerBound), Self.rowRange.upperBound)
        self.unicode = unicode
    }

    /// The layout for a client's terminal (NAWS when known, else 80 × 24; UTF-8 when it said so).
    init(_ terminal: TerminalInfo) {
        self.init(
            columns: terminal.width, rows: terminal.height,
            unicode: terminal.charsetUTF8 || terminal.capabilities.contains(.utf8))
    }

    /// `line` split into lines of at most `columns` visible characters (ANSI colour codes take no
    /// room). Breaks at spaces (a spaced word pattern breaks between letters, never inside one);
    /// a run longer than a line is cut. Continuation lines are indented by `indent` spaces, or by
    /// the line's own leading spaces plus two when nil.
    func wrap(_ line: String, indent: Int? = nil) -> [String] {
        guard Self.visibleWidth(line) > columns else { return [line] }
        let lead = line.prefix { $0 == " " }.count
        let hang = min(indent ?? (lead + 2), columns / 2)
        let pad = String(repeating: " ", count: hang)
        var out: [String] = []
        var current = ""
        var currentWidth = 0
        var lineHasText = false
        var gap = 0
        var first = true
        // Words keep their ANSI codes; the spaces between them are where lines break.
        for word in Self.words(of: line) {
            if word.isEmpty {
                gap += 1
                continue
            }
            var spaces = first ? gap : gap + 1
            first = false
            gap = 0
            var piece = word
            var pieceWidth = Self.visibleWidth(piece)
            if lineHasText, currentWidth + spaces + pieceWidth > columns {
                out.append(current)
                current = pad
                currentWidth = hang
                lineHasText = false
                spaces = 0
            }
            if lineHasText || out.isEmpty {
                current += String(repeating: " ", count: spaces)
                currentWidth += spaces
            }
            // A run wider than the room left (a long word, a URL) is cut where the line ends.
            while currentWidth + pieceWidth > columns {
                let (head, tail) = Self.split(piece, visible: max(columns - currentWidth, 0))
                out.append(current + head)
                current = pad
                currentWidth = hang
                piece = tail
                pieceWidth = Self.visibleWidth(piece)
            }
            current += piece
            currentWidth += pieceWidth
            lineHasText = true
        }
        if lineHasText { out.append(current) }
        return out
    }

    /// Characters a terminal shows for `text`: ANSI CSI sequences (`ESC [ … letter`) count nothing.
    static func visibleWidth(_ text: String) -> Int {
        var width = 0
        var inEscape = false
        var sawBracket = false
        for scalar in text.unicodeScalars {
            if inEscape {
                if !sawBracket {
                    sawBracket = true
                    if scalar != "[" { inEscape = false }
                } else if (0x40...0x7E).contains(scalar.value) {
                    inEscape = false
                }
                continue
            }
            if scalar == "\u{1B}" {
                inEscape = true
                sawBracket = false
                continue
            }
            if scalar.value < 0x20 || (0x300...0x36F).contains(scalar.value) || scalar == "\u{200D}" { continue }
            width += 1
        }
        return width
    }

    /// The words of `line` split at single spaces (empty strings stand for extra spaces).
    private static func words(of line: String) -> [String] {
        line.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
    }

    /// `text` cut after `visible` shown characters (escape codes go with the head).
    private static func split(_ text: String, visible: Int) -> (String, String) {
        var shown = 0
        var index = text.startIndex
        while index < text.endIndex {
            let rest = text[index...]
            if rest.hasPrefix("\u{1B}[") {
                var end = text.index(index, offsetBy: 2)
                while end < text.endIndex, !(("@"..."~").contains(text[end])) { end = text.index(after: end) }
                index = end < text.endIndex ? text.index(after: end) : end
                continue
            }
            if shown == visible { break }
            shown += 1
            index = text.index(after: index)
        }
        return (String(text[..<index]), String(text[index...]))
    }
}
