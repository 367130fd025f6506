import Foundation

/// How an operator's one-shot command (`check-ratings`, `register-operator`) ends: its message, on
/// standard error as `hangman-server <command>: <message>` or on standard output as it is, then the
/// exit code the command documents.
enum CommandExit {
    static func finish(_ command: String, _ message: String, code: Int32, toStandardError: Bool = true) -> Never {
        if toStandardError {
            FileHandle.standardError.write(Data("hangman-server \(command): \(message)\n".utf8))
        } else {
            print(message)
        }
        exit(code)
    }
}
