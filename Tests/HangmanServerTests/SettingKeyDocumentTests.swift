import Foundation
import HangmanCore
import Testing

@testable import HangmanServer

/// The settings table (`SettingKey`) drives `help set`, the typed JSON values, the config file and
/// flags, and docs/PROTOCOL.md's settings table; and no other source spells a key's name.
@Suite(.ownThread) struct SettingKeyDocumentTests {
    static var root: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    /// docs/PROTOCOL.md's settings table is `SettingsHelp.markdown()`. `UPDATE_DOCS=1` rewrites it.
    @Test func protocolDocumentHoldsTheSettingsTable() throws {
        let expected = SettingsHelp.markdown()
        guard
            let current = try GeneratedDocSection.current(
                in: Self.root.appendingPathComponent("docs/PROTOCOL.md"), begin: SettingsHelp.markdownBegin,
                end: SettingsHelp.markdownEnd, expected: expected)
        else { return }
        #expect(
            current == expected,
            "docs/PROTOCOL.md's settings table drifted from SettingKey; run UPDATE_DOCS=1 swift test --filter SettingKeyDocumentTests"
        )
        for key in SettingKey.offered { #expect(expected.contains("| `\(key.name)`"), "the docs name \(key.name)") }
    }

    /// `help set` lists every key with its values, each line within 80 columns.
    @Test func helpSetListsEveryKey() throws {
        let set = try #require(CommandTable.rows.first { $0.name == "set" })
        #expect(set.details == SettingsHelp.lines)
        for key in SettingKey.offered {
            #expect(set.details.contains { $0.hasPrefix("  \(key.name) ") && $0.hasSuffix(key.valuesSummary) })
        }
        for line in set.details { #expect(line.count <= 80, "too wide for 80 columns: \(line)") }
        #expect(set.details.contains("  misses      1-26"))
        #expect(set.details.contains("  turn        5-600|off"))
    }

    /// The config file and flags take every server-default key, at both edges of its range, and
    /// refuse one past with the message `set` gives.
    @Test(arguments: SettingKey.allCases.filter { $0.isServerDefault && $0.kind == .number && $0 != .length })
    func configTakesEachKeyAtItsEdges(key: SettingKey) throws {
        let range = try #require(key.range)
        for value in [range.lowerBound, range.upperBound] {
            let command = try ServerConfig.load(
                arguments: ["--\(key.name)", "\(value)"], environment: [:], readFile: { _ in throw CocoaError(.fileNoSuchFile) })
            guard case .run(let config) = command else { Issue.record("no config"); return }
            #expect(config.game.number(key) == value)
        }
        #expect(throws: ConfigError("setting \(key.name): \(Settings.allowed(key, longest: 0)) (from --\(key.name))")) {
            try ServerConfig.load(
                arguments: ["--\(key.name)=\(range.upperBound + 1)"], environment: [:],
                readFile: { _ in throw CocoaError(.fileNoSuchFile) })
        }
    }

    @Test func theConfigHasAnOptionForEachServerDefault() {
        let names = Set(ServerConfig.options.map(\.name))
        for key in SettingKey.allCases {
            #expect(names.contains(key.name) == key.isServerDefault, "\(key.name)")
        }
        #expect(ServerConfig.options.count == names.count, "every option once")
    }

    /// JSON's typed values: numbers as integers (null for the key's word), the rest as text.
    @Test func typedValuesFollowTheKinds() {
        var settings = Settings()
        settings.turnSeconds = nil
        settings.difficulty = .deity
        settings.misses = 5
        let typed = Dictionary(uniqueKeysWithValues: settings.typed.map { ($0.key, $0.value) })
        #expect(typed[SettingKey.length.name] == SettingValue.none)
        #expect(typed[SettingKey.turn.name] == SettingValue.none)
        #expect(typed[SettingKey.misses.name] == .int(3), "the misses in force")
        #expect(typed[SettingKey.rounds.name] == .int(3))
        #expect(typed[SettingKey.category.name] == SettingValue.none)
        #expect(typed[SettingKey.language.name] == .text("en"))
        #expect(typed[SettingKey.mode.name] == .text("classic"))
        #expect(settings.typed.map(\.key) == SettingKey.names)
    }

    /// No source of the game or the server spells a setting's name but the table: a line holding
    /// one as a string literal must be a JSON field of another event (`state.misses`, a room's
    /// `seats`…), written (`field`, `beginArray`, `JSONWriter(type:`, `begin(type:`) or read (`state[`).
    @Test func noOtherSourceSpellsAKey() throws {
        let otherEventFields = ["field(", "beginArray(", "JSONWriter(type:", "begin(type:", "state["]
        var offenders: [String] = []
        for module in ["Sources/HangmanCore", "Sources/HangmanServer"] {
            let folder = Self.root.appendingPathComponent(module)
            let files = try #require(FileManager.default.enumerator(atPath: folder.path))
            for case let path as String in files where path.hasSuffix(".swift") {
                let text = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    let code = line.trimmingCharacters(in: .whitespaces)
                    if code.hasPrefix("//") || otherEventFields.contains(where: code.contains) { continue }
                    for key in SettingKey.allCases where code.contains("\"\(key.name)\"") {
                        offenders.append("\(module)/\(path):\(number + 1): \(code)")
                    }
                }
            }
        }
        #expect(offenders.isEmpty, "setting names spelled outside SettingKey:\n\(offenders.joined(separator: "\n"))")
    }
}
