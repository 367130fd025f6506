/// Cuts a byte stream (telnet already removed) into lines and sanitises each one.
///
/// A line ends with LF, CR LF, CR NUL or a lone CR. After a CR the framer remembers it, so the LF
/// or NUL of a CR LF / CR NUL that arrives in the *next* read does not make an extra empty line.
/// A line longer than `maxLineBytes` (terminator excluded) is discarded up to its end and reported
/// once, as `.lineTooLong`, the moment it passes the limit: memory stays bounded by the limit.
/// Backspace (BS, 0x08) and DEL (0x7F), which clients in character mode send when a key erases,
/// remove the previous character of the line (a whole UTF-8 scalar, not a byte); at the start of a
/// line they do nothing.
public struct LineFramer: Sendable {
    /// Longest line (bytes, before sanitising, terminator excluded) that is delivered.
    public let maxLineBytes: Int
    private var buffer: [UInt8] = []
    /// The previous byte ended a line with CR: a following LF or NUL belongs to that terminator.
    private var afterCR = false
    /// Inside a line that passed the limit: discard until its end.
    private var discarding = false
    /// True once a line ended with CR LF (telnet clients and `nc -C` do; plain `nc` sends LF).
    public private(set) var sawCRLF = false
    /// True once a line ended with CR NUL (only telnet clients do that).
    public private(set) var sawCRNUL = false

    /// A framer for lines of at most `maxLineBytes` bytes.
    public init(maxLineBytes: Int = 512) {
        self.maxLineBytes = max(1, maxLineBytes)
    }

    /// Bytes of the line being collected (for tests and metrics).
    public var pendingBytes: Int { buffer.count }

    /// Bytes of buffer the framer holds between reads: 0 unless a line is half-read. (It used to
    /// keep `min(maxLineBytes, 4096)` for life: half a KB per idle connection.)
    public var retainedBytes: Int { buffer.capacity }

    /// Feeds `bytes`; calls `emit` with `.line` (sanitised) or `.lineTooLong` for each line found.
    public mutating func feed(_ bytes: UnsafeRawBufferPointer, emit: (InputEvent) -> Void) {
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if afterCR {
                afterCR = false
                if byte == 0x0A || byte == 0x00 {
                    if byte == 0x0A { sawCRLF = true } else { sawCRNUL = true }
                    index += 1
                    continue
                }
            }
            if byte == 0x0A || byte == 0x0D {
                afterCR = byte == 0x0D
                index += 1
                endLine(emit: emit)
                continue
            }
            if Self.isErase(byte) {
                if !discarding { eraseLastScalar() }
                index += 1
                continue
            }
            // A run of line content up to the next terminator or erase.
            var end = index + 1
            while end < count, bytes[end] != 0x0A, bytes[end] != 0x0D, !Self.isErase(bytes[end]) { end += 1 }
            let run = end - index
            if !discarding {
                if buffer.count + run > maxLineBytes {
                    discarding = true
                    buffer.removeAll(keepingCapacity: true)
                    emit(.lineTooLong)
                } else {
                    buffer.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[index..<end]))
                }
            }
            index = end
        }
        // Between lines nothing is kept: an idle connection holds no line buffer.
        if buffer.isEmpty, buffer.capacity > 0 { buffer = [] }
    }

    /// Convenience for tests: feeds `bytes` and returns the events.
    public mutating func feed(_ bytes: [UInt8]) -> [InputEvent] {
        var events: [InputEvent] = []
        bytes.withUnsafeBytes { raw in feed(raw) { events.append($0) } }
        return events
    }

    /// BS or DEL.
    private static func isErase(_ byte: UInt8) -> Bool { byte == 0x08 || byte == 0x7F }

    /// Removes the last UTF-8 scalar of the line: its continuation bytes (at most three) and the
    /// lead byte before them; a single byte when the line does not end in a continuation byte.
    private mutating func eraseLastScalar() {
        var removed = 0
        while removed < 3, let last = buffer.last, last & 0xC0 == 0x80 {
            buffer.removeLast()
            removed += 1
        }
        if let last = buffer.last, removed == 0 || last >= 0xC0 { buffer.removeLast() }
    }

    private mutating func endLine(emit: (InputEvent) -> Void) {
        if discarding {
            discarding = false
        } else {
            emit(.line(TextSanitizer.sanitize(buffer)))
        }
        buffer.removeAll(keepingCapacity: true)
    }
}
