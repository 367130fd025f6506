/// Escaping for text and attribute values in HTML: everything a player typed (names, room names,
/// chat) goes through here before it reaches a page.
public enum HTML {
    /// `&`, `<`, `>`, `"` and `'` as character references; safe in text and in quoted attributes.
    public static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }

    /// A path segment for a link (`/rooms/<name>`): everything but unreserved characters percent-encoded.
    public static func pathSegment(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case 48...57, 65...90, 97...122, UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let digits = Array("0123456789ABCDEF".utf8)
                out += "%"
                out.unicodeScalars.append(Unicode.Scalar(digits[Int(byte >> 4)]))
                out.unicodeScalars.append(Unicode.Scalar(digits[Int(byte & 15)]))
            }
        }
        return out
    }
}
