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
    /// Screen-reader mode (`screenreader on`, or MTTS bit 64): the text is said in words, without
    /// drawings, tables or runs of symbols (`SpokenText`). Broadcasts are rendered once more for it.
    let spoken: Bool

    init(columns: Int, rows: Int, unicode: Bool = false, spoken: Bool = false) {
        self.columns = min(max(columns, Self.columnRange.lowerBound), Self.columnRange.upperBound)
        self.rows = min(max(rows, Self.rowRange.lowerBound), Self.rowRange.upperBound)
        self.unicode = unicode
        self.spoken = spoken
    }

    /// This layout for a screen reader (`on`), or for the eye.
    func speaking(_ on: Bool) -> TextLayout {
        TextLayout(columns: columns, rows: rows, unicode: unicode, spoken: on)
    }

    /// The layout for a client's terminal (NAWS when known, else 80 × 24; UTF-8 when it said so).
    init(_ terminal: TerminalInfo) {
        self.init(
            columns: terminal.width, rows: terminal.height,
            unicode: terminal.charsetUTF8 || terminal.capabilities.contains(.utf8))
    }

    /// `line` split into lines of at most `columns` terminal columns (ANSI colour codes take none, CJK
    /// and emoji two: `columns(of:)`). Breaks at spaces (a spaced word pattern breaks between letters, never inside one);
    /// a run longer than a line is cut, starting where it stands (a label such as `Letters:` is never
    /// left alone on its line before it). A label and a number keep the word after or before them
    /// (`Host: Ann`, `misses 1/7`) when the two fit a line: `glued`. Continuation lines are
    /// indented by `indent` spaces, or by the line's own leading spaces plus two when nil.
    /// Spoken, a line is one sentence or one entry and is not broken: a screen reader reads a line
    /// at a time, and the client's own window wraps it for the eye.
    func wrap(_ line: String, indent: Int? = nil) -> [String] {
        guard !spoken, Self.visibleWidth(line) > columns else { return [line] }
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
        for word in Self.glued(Self.words(of: line), within: columns - hang) {
            if word.isEmpty {
                gap += 1
                continue
            }
            var spaces = first ? gap : gap + 1
            first = false
            gap = 0
            var piece = word
            var pieceWidth = Self.visibleWidth(piece)
            // A run too long for a line of its own starts here and is cut, unless this line is full.
            if lineHasText, currentWidth + spaces + pieceWidth > columns,
                hang + pieceWidth <= columns || currentWidth + spaces >= columns
            {
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

    /// Columns a terminal gives `text`: ANSI CSI sequences (`ESC [ … letter`) count nothing, each other
    /// scalar `columns(of:)`.
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
            width += columns(of: scalar)
        }
        return width
    }

    /// Columns a terminal gives `scalar`: none for controls and for marks that join the character
    /// before (combining accents, zero-width joiner and spaces, variation selectors, skin tones); two
    /// for East Asian wide and fullwidth characters (CJK, kana, Hangul) and emoji; one otherwise.
    static func columns(of scalar: Unicode.Scalar) -> Int {
        switch scalar.value {
        case 0..<0x20, 0x7F, 0x300...0x36F, 0x200B...0x200F, 0x20D0...0x20FF, 0xFE00...0xFE0F, 0x1F3FB...0x1F3FF:
            0
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
            0x1F680...0x1F6FF, 0x1F900...0x1F9FF, 0x1FA70...0x1FAFF, 0x20000...0x3FFFD:
            2
        default:
            1
        }
    }

    /// Columns a terminal gives `character`: the sum over its scalars, as `visibleWidth` counts them.
    static func columns(of character: Character) -> Int {
        character.unicodeScalars.reduce(0) { $0 + columns(of: $1) }
    }

    /// The words of `line` split at single spaces (empty strings stand for extra spaces).
    private static func words(of line: String) -> [String] {
        line.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
    }

    /// `words` (as `words(of:)` gives them) with each label (a word ending in `:`) and the word after
    /// it, and each word and the number after it, made one word with their space, as long as the
    /// whole fits `within` columns: a line never ends on `Host:` or `misses` when the value could
    /// have come with it. Colour codes are looked through.
    static func glued(_ words: [String], within width: Int) -> [String] {
        var out: [String] = []
        out.reserveCapacity(words.count)
        for word in words {
            if let last = out.last, !last.isEmpty, !word.isEmpty,
                lastVisible(last) == ":" || firstVisible(word)?.isNumber == true || opensCount(last),
                visibleWidth(last) + 1 + visibleWidth(word) <= width
            {
                out[out.count - 1] = last + " " + word
            } else {
                out.append(word)
            }
        }
        return out
    }

    /// `(6` of `(6 letters)`, `(30 s left)`: a parenthesis that opens on a number and is not closed
    /// yet keeps the words after it until it closes, so a count never splits from what it counts.
    private static func opensCount(_ text: String) -> Bool {
        let shown = visibleText(text)
        guard let open = shown.lastIndex(of: "(") else { return false }
        let inside = shown[shown.index(after: open)...]
        return inside.first?.isNumber == true && !inside.contains(")")
    }

    /// `text` without its colour codes.
    private static func visibleText(_ text: String) -> String {
        var out = ""
        var rest = Substring(text)
        while let escape = rest.firstIndex(of: "\u{1B}") {
            out += rest[..<escape]
            let after = rest[escape...].dropFirst(2)
            guard let end = after.firstIndex(where: { ("@"..."~").contains($0) }) else { return out }
            rest = rest[rest.index(after: end)...]
        }
        return out + rest
    }

    /// The first character of `text` a terminal shows (colour codes skipped).
    private static func firstVisible(_ text: String) -> Character? {
        var rest = Substring(text)
        while rest.hasPrefix("\u{1B}[") {
            guard let end = rest.dropFirst(2).firstIndex(where: { ("@"..."~").contains($0) }) else { return nil }
            rest = rest[rest.index(after: end)...]
        }
        return rest.first
    }

    /// The last character of `text` a terminal shows (colour codes skipped).
    private static func lastVisible(_ text: String) -> Character? {
        var rest = Substring(text)
        while rest.hasSuffix("m"), let escape = rest.lastIndex(of: "\u{1B}"),
            rest[rest.index(after: escape)...].hasPrefix("["),
            rest[rest.index(escape, offsetBy: 2)...].dropLast().allSatisfy({ $0.isNumber || $0 == ";" })
        {
            rest = rest[..<escape]
        }
        return rest.last
    }

    /// `text` cut after `visible` columns (escape codes go with the head).
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
            let width = Self.columns(of: text[index])
            // A wide character that does not fit goes to the next line (which has room for it).
            if shown + width > visible { break }
            shown += width
            index = text.index(after: index)
        }
        return (String(text[..<index]), String(text[index...]))
    }
}
