import Foundation
import HangmanCore
import HangmanNet

// What one setting is, and the builders the table in ServerConfig+Loading.swift is written with
// (`intOption`, `limitOption`, `stringOption`, `languageOption`, `gameOption`).

/// One named setting: its flag (`--name`), JSON key (`name`), environment variable
/// (`HANGMAN_NAME`), help line and how it is applied.
struct ConfigOption: Sendable {
    let name: String
    let help: String
    let value: @Sendable (ServerConfig) -> String
    let apply: @Sendable (inout ServerConfig, String) throws(ConfigError) -> Void

    var environmentName: String {
        "HANGMAN_" + name.uppercased().replacingOccurrences(of: "-", with: "_")
    }
}

private func int(_ name: String, _ range: ClosedRange<Int>, _ text: String) throws(ConfigError) -> Int {
    guard let value = Int(text.trimmingCharacters(in: .whitespaces)) else {
        throw ConfigError("setting \(name): '\(text)' is not a whole number (allowed \(range.lowerBound)...\(range.upperBound))")
    }
    guard range.contains(value) else {
        throw ConfigError("setting \(name): \(value) is out of range (allowed \(range.lowerBound)...\(range.upperBound))")
    }
    return value
}

func intOption(
    _ name: String, _ range: ClosedRange<Int>, _ help: String, _ keyPath: WritableKeyPath<ServerConfig, Int> & Sendable
) -> ConfigOption {
    ConfigOption(
        name: name, help: "\(help) (\(range.lowerBound)...\(range.upperBound))",
        value: { String($0[keyPath: keyPath]) },
        apply: { (config: inout ServerConfig, text: String) throws(ConfigError) in
            config[keyPath: keyPath] = try int(name, range, text)
        })
}

func limitOption(
    _ name: String, _ range: ClosedRange<Int>, _ help: String,
    _ keyPath: WritableKeyPath<TransportLimits, Int> & Sendable
) -> ConfigOption {
    ConfigOption(
        name: name, help: "\(help) (\(range.lowerBound)...\(range.upperBound))",
        value: { String($0.limits[keyPath: keyPath]) },
        apply: { (config: inout ServerConfig, text: String) throws(ConfigError) in
            config.limits[keyPath: keyPath] = try int(name, range, text)
        })
}

func stringOption(
    _ name: String, _ help: String, _ keyPath: WritableKeyPath<ServerConfig, String> & Sendable
) -> ConfigOption {
    ConfigOption(
        name: name, help: help, value: { $0[keyPath: keyPath] },
        apply: { (config: inout ServerConfig, text: String) throws(ConfigError) in
            guard !text.isEmpty else { throw ConfigError("setting \(name): must not be empty") }
            config[keyPath: keyPath] = text
        })
}

/// The word list of a language (`words-de`…): a `.plist` whose header comment names its alphabet.
func languageOption(_ code: String, _ name: String) -> ConfigOption {
    ConfigOption(
        name: "words-\(code)",
        help: "\(name) word list for set language \(code) (alphabet in its header comment); empty: none",
        value: { $0.languageWords[code] ?? "" },
        apply: { (config: inout ServerConfig, text: String) throws(ConfigError) in config.languageWords[code] = text })
}

/// A default room setting. Its kind and range are checked here; whether words exist for a length or
/// difficulty is checked once the word list is loaded (`checkGameSettings(against:)`).
func gameOption(_ key: String, _ help: String) -> ConfigOption {
    ConfigOption(
        name: key, help: help,
        value: { config in config.game.described.first { $0.key == key }?.value ?? "" },
        apply: { (config: inout ServerConfig, text: String) throws(ConfigError) in
            let value = text.trimmingCharacters(in: .whitespaces).lowercased()
            switch key {
            case "length":
                if value == "any" {
                    config.game.length = nil
                } else {
                    config.game.length = try int(key, 1...WordList.maxWordLength, value)
                }
            case "difficulty":
                guard let level = Difficulty(name: value) else {
                    let names = Difficulty.allCases.map(\.rawValue).joined(separator: ", ")
                    throw ConfigError("setting difficulty: '\(text)' is not one of \(names)")
                }
                config.game.difficulty = level
            default:
                do throws(SettingsError) {
                    // These keys do not consult the word list.
                    try config.game.set(key, value, words: WordList())
                } catch {
                    throw ConfigError("setting \(key): \(error.message)")
                }
            }
        })
}
