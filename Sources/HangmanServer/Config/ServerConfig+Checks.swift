import HangmanCore
import HangmanNet

// What is derived from the settings table (ServerConfig+Loading.swift) once it is read: the checks
// that span several settings, `--help`, the defaults as Config/server.json holds them.

extension ServerConfig {
    /// Checks that need more than one setting.
    func validate() throws(ConfigError) {
        if limits.commandBurst < 2 * limits.commandsPerSecond {
            throw ConfigError(
                "setting command-burst: \(limits.commandBurst) is below 2 x commands-per-second (\(2 * limits.commandsPerSecond))"
            )
        }
        if topDefault > topMax {
            throw ConfigError("setting top-default: \(topDefault) is above top-max (\(topMax))")
        }
    }

    /// `--help`: every setting with its flag, environment variable and default.
    public static func helpText() -> String {
        let defaults = ServerConfig()
        var lines = [
            "usage: hangman-server [--config FILE] [--SETTING VALUE ...]",
            "",
            "A multiplayer hangman server for telnet and nc.",
            "Settings come from Config/server.json (or --config FILE, or HANGMAN_CONFIG), then",
            "HANGMAN_<SETTING> environment variables, then flags (--setting value or --setting=value).",
            "",
            "settings (default in brackets):",
        ]
        for option in options {
            lines.append("  --\(option.name) [\(option.value(defaults))]")
            lines.append("      \(option.help); env \(option.environmentName)")
        }
        lines.append("  --config FILE")
        lines.append("      the JSON settings file [Config/server.json]; env HANGMAN_CONFIG")
        return lines.joined(separator: "\n")
    }

    /// The defaults as the JSON object `Config/server.json` holds (used by a test to keep them in step).
    static func defaultValues() -> [String: String] {
        let defaults = ServerConfig()
        var values: [String: String] = [:]
        for option in options { values[option.name] = option.value(defaults) }
        return values
    }
}

extension Logger.Level {
    /// The setting's spelling of the level.
    var name: String {
        switch self {
        case .debug: "debug"
        case .info: "info"
        case .warning: "warning"
        case .error: "error"
        }
    }
}

extension ServerConfig {
    /// The default room settings must fit the loaded word list (a length with no words, say).
    public func checkGameSettings(against words: WordList) throws(ConfigError) {
        do {
            try game.validate(words: words)
        } catch {
            throw ConfigError("default game settings: \(error.message)")
        }
    }
}
