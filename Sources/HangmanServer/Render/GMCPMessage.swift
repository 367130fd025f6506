/// One GMCP message the server sends (`IAC SB GMCP <package> <json> IAC SE`): a JSON-mode event
/// under the package `Hangman.<Type>`, its `type` in UpperCamelCase (`state` → `Hangman.State`,
/// `round_over` → `Hangman.RoundOver`), so the GMCP packages are the JSON events, named by one
/// rule (docs/PROTOCOL.md, "GMCP").
struct GMCPMessage: Equatable {
    /// The package every server message belongs to; a client that lists its GMCP packages
    /// (`Core.Supports.Set`) gets them only when it lists this one.
    static let namespace = "Hangman"

    let package: String
    /// The event's JSON object (with its `type`), as JSON mode sends it, without the line end.
    let json: String

    /// The package for a JSON event type.
    static func package(forType type: String) -> String {
        namespace + "." + type.split(separator: "_").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// One message per line of JSON-mode output (`JSONRenderer`), the package from its `type`.
    static func messages(for jsonLines: [UInt8]) -> [GMCPMessage] {
        jsonLines.split(separator: UInt8(ascii: "\n")).compactMap { line in
            let json = String(decoding: line, as: UTF8.self)
            guard let type = typeField(json) else { return nil }
            return GMCPMessage(package: package(forType: type), json: json)
        }
    }

    /// The value of the leading `"type":"…"` that `JSONWriter` always writes first.
    private static func typeField(_ json: String) -> String? {
        let prefix = #"{"type":""#
        guard json.hasPrefix(prefix) else { return nil }
        let rest = json.dropFirst(prefix.count)
        guard let end = rest.firstIndex(of: "\"") else { return nil }
        return String(rest[..<end])
    }
}
