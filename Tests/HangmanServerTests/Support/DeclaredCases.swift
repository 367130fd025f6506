import Foundation

/// The cases an enum declares, read from its source file: the lists tests check against come from the
/// code itself, so a new case is in them without anyone remembering to add it. (Swift has no
/// `CaseIterable` for enums with associated values.)
enum DeclaredCases {
    /// The package's top folder (this file is Tests/HangmanServerTests/Support/…).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The case names `enum <name>` declares at its top level in `path` (relative to the package), in
    /// order; `case a, b` gives both. Empty when the file or the enum is missing (tests then fail on it).
    static func of(_ name: String, in path: String) -> [String] {
        guard let text = try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8) else { return [] }
        var names: [String] = []
        var inside = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if !inside {
                inside = line.range(of: #"^(public |internal )?(indirect )?enum \#(name)\b"#, options: .regularExpression) != nil
                continue
            }
            if line.hasPrefix("}") { break }
            // Top-level cases sit at four spaces; nested types' and switches' cases deeper.
            guard line.hasPrefix("    case ") || line.hasPrefix("    indirect case ") else { continue }
            let list = line.replacingOccurrences(of: "indirect ", with: "").dropFirst("    case ".count)
            names += Self.caseNames(in: String(list))
        }
        return names
    }

    /// `a(x: Int), b, c(String)` → ["a", "b", "c"]: the names at parenthesis depth 0.
    private static func caseNames(in list: String) -> [String] {
        var names: [String] = []
        var depth = 0
        var current = ""
        var atName = true
        for character in list {
            switch character {
            case "(": depth += 1
            case ")": depth -= 1
            case "," where depth == 0:
                atName = true
                continue
            default: break
            }
            if depth == 0, atName {
                if character.isLetter || character.isNumber || character == "_" {
                    current.append(character)
                } else if !current.isEmpty {
                    names.append(current)
                    current = ""
                    atName = false
                }
            } else if depth > 0, !current.isEmpty {
                names.append(current)
                current = ""
                atName = false
            }
        }
        if !current.isEmpty { names.append(current) }
        return names
    }
}
