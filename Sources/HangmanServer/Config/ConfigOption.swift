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

func int(_ name: String, _ range: ClosedRange<Int>, _ text: String) throws(ConfigError) -> Int {
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

/// A default room setting, from its row of `SettingKey`. Its kind and range are checked here;
/// whether words exist for a length or difficulty is checked once the word list is loaded
/// (`checkGameSettings(against:)`).
func gameOption(_ key: SettingKey) -> ConfigOption {
    let values: String
    switch key.kind {
    case .choice: values = key.choices.joined(separator: ", ")
    case .number where key == .length: values = "1..n or \(key.word ?? "")"
    case .number:
        let range = key.range.map { "\($0.lowerBound)...\($0.upperBound)" } ?? ""
        values = range + (key.word.map { " or \($0)" } ?? "")
    case .name: values = key.valuesSummary
    }
    return ConfigOption(
        name: key.name, help: "\(key.help), in new rooms: \(values)",
        value: { config in config.game.text(key) },
        apply: { (config: inout ServerConfig, text: String) throws(ConfigError) in
            let value = text.trimmingCharacters(in: .whitespaces).lowercased()
            switch key {
            case .length:
                config.game.length =
                    value == key.word ? nil : try int(key.name, key.range ?? 1...WordList.maxWordLength, value)
            case .difficulty:
                guard let level = Difficulty(name: value) else {
                    throw ConfigError("setting \(key.name): '\(text)' is not one of \(key.choices.joined(separator: ", "))")
                }
                config.game.difficulty = level
            default:
                do throws(SettingsError) {
                    // The word list is not loaded yet: these keys do not consult it.
                    try config.game.set(key, value, words: WordList(), library: WordLibrary())
                } catch {
                    throw ConfigError("setting \(key.name): \(error.message)")
                }
            }
        })
}
