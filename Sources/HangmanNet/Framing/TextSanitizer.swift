/// Turns the bytes of one input line into text that is safe to show to other players.
///
/// Invalid UTF-8 is dropped (overlong forms, surrogates and code points past U+10FFFF included);
/// C0 controls except tab, DEL and C1 controls are dropped; and terminal escape sequences are
/// removed whole, not just their ESC: CSI (`ESC [` … final byte, or U+009B …), OSC/DCS/SOS/PM/APC
/// strings (`ESC ]`, `ESC P`, `ESC X`, `ESC ^`, `ESC _`, or their C1 forms, up to BEL or ST), and
/// the two-byte `ESC x` forms. So `"\u{1B}[31mred"` gives `"red"`.
public enum TextSanitizer {
    /// Sanitises one line's bytes.
    public static func sanitize(_ bytes: [UInt8]) -> String {
        // Fast path: printable ASCII and tab only, the usual case.
        if bytes.allSatisfy({ ($0 >= 0x20 && $0 < 0x7F) || $0 == 0x09 }) {
            return String(decoding: bytes, as: UTF8.self)
        }
        var scalars = String.UnicodeScalarView()
        var escape = EscapeState.none
        var index = 0
        while index < bytes.count {
            guard let (value, length) = decodeScalar(bytes, at: index) else {
                index += 1  // an invalid byte: dropped, decoding resumes at the next byte
                continue
            }
            index += length
            escape = escape.consume(value) { kept in
                if let scalar = Unicode.Scalar(kept) { scalars.append(scalar) }
            }
        }
        return String(scalars)
    }

    /// Progress through an escape sequence.
    enum EscapeState {
        case none
        /// After ESC.
        case escape
        /// After ESC SP…/ (nF intermediate bytes): ends at a byte 0x30–0x7E.
        case intermediate
        /// Inside CSI parameters: ends at a final byte 0x40–0x7E.
        case csi
        /// Inside an OSC/DCS/SOS/PM/APC string: ends at BEL or ST.
        case string
        /// ESC seen inside a string (maybe the start of ST, `ESC \`).
        case stringEscape

        /// Consumes one scalar; calls `keep` for a scalar that is plain text.
        func consume(_ value: UInt32, keep: (UInt32) -> Void) -> EscapeState {
            switch self {
            case .none:
                switch value {
                case 0x1B: return .escape
                case 0x9B: return .csi
                case 0x90, 0x98, 0x9D, 0x9E, 0x9F: return .string
                case 0x09: keep(value)
                case 0x00..<0x20, 0x7F, 0x80..<0xA0: break
                default: keep(value)
                }
                return .none
            case .escape:
                switch value {
                case 0x5B: return .csi  // [
                case 0x5D, 0x50, 0x58, 0x5E, 0x5F: return .string  // ] P X ^ _
                case 0x20...0x2F: return .intermediate
                case 0x1B: return .escape
                default: return .none  // a two-byte escape (ESC 7, ESC c, …) or junk: dropped
                }
            case .intermediate:
                return (0x30...0x7E).contains(value) ? .none : (value == 0x1B ? .escape : .intermediate)
            case .csi:
                if (0x40...0x7E).contains(value) { return .none }
                if value == 0x1B { return .escape }
                return .csi
            case .string:
                if value == 0x07 || value == 0x9C { return .none }
                if value == 0x1B { return .stringEscape }
                return .string
            case .stringEscape:
                if value == 0x5C { return .none }  // ESC \ = ST
                return value == 0x1B ? .stringEscape : .string
            }
        }
    }

    /// Decodes one well-formed UTF-8 scalar at `index`: (value, byte length), or nil if invalid there.
    static func decodeScalar(_ bytes: [UInt8], at index: Int) -> (UInt32, Int)? {
        let b0 = bytes[index]
        if b0 < 0x80 { return (UInt32(b0), 1) }
        func continuation(_ offset: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> UInt32? {
            let at = index + offset
            guard at < bytes.count, range.contains(bytes[at]) else { return nil }
            return UInt32(bytes[at] & 0x3F)
        }
        switch b0 {
        case 0xC2...0xDF:
            guard let c1 = continuation(1) else { return nil }
            return (UInt32(b0 & 0x1F) << 6 | c1, 2)
        case 0xE0...0xEF:
            // Second-byte ranges that exclude overlong forms (E0) and surrogates (ED).
            let second: ClosedRange<UInt8> = b0 == 0xE0 ? 0xA0...0xBF : (b0 == 0xED ? 0x80...0x9F : 0x80...0xBF)
            guard let c1 = continuation(1, second), let c2 = continuation(2) else { return nil }
            return (UInt32(b0 & 0x0F) << 12 | c1 << 6 | c2, 3)
        case 0xF0...0xF4:
            let second: ClosedRange<UInt8> = b0 == 0xF0 ? 0x90...0xBF : (b0 == 0xF4 ? 0x80...0x8F : 0x80...0xBF)
            guard let c1 = continuation(1, second), let c2 = continuation(2), let c3 = continuation(3) else {
                return nil
            }
            return (UInt32(b0 & 0x07) << 18 | c1 << 12 | c2 << 6 | c3, 4)
        default:
            return nil
        }
    }
}

extension TextSanitizer {
    /// Free text another player will see (chat, a setter's hint), without what could make it look
    /// like something else (Unicode TR #36; "Trojan Source", CVE-2021-42574): every format
    /// character (General_Category Cf: the bidi controls U+202A–202E, U+2066–2069, U+200E/200F and
    /// U+061C, the zero-width U+200B–200D, U+2060 and U+FEFF, the tag characters U+E0000–E007F,
    /// the soft hyphen…) and the line and paragraph separators U+2028/2029, which start a new line
    /// in some clients. An emoji joined with U+200D shows as its parts. Names and words are not
    /// cleaned but refused: they allow fewer characters still.
    public static func visible(_ text: String) -> String {
        guard !text.utf8.allSatisfy({ $0 < 0x80 }) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where !isInvisible(scalar) { scalars.append(scalar) }
        return String(scalars)
    }

    /// A format character or U+2028/2029.
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value == 0x2028 || scalar.value == 0x2029 || scalar.properties.generalCategory == .format
    }
}
