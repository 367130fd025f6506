import Foundation
import HangmanNet
import HangmanServer
import HangmanSync
import HangmanTesting
import Testing

/// One table in memory for one probe, recording the words it typed and the error codes it checked.
final class Probe {
    let table: TestTable
    private(set) var typedWords: Set<String> = []
    private(set) var checkedCodes: Set<ErrorCode> = []
    private(set) var lastAnswer: [[String: Any]] = []
    private var players: [String: MemoryConnection] = [:]

    init(configure: (inout ServerConfig) -> Void = { _ in }) {
        // "ab" carries a hint (`word<TAB>hint`), for the `hint` probe; `op` may be an operator.
        table = TestTable(words: ["ab\tthe first two letters"]) { config in
            config.operators = ["op"]
            configure(&config)
        }
    }

    /// The operator `op`, registered and logged in with its password (JSON); output so far read.
    func operatorLogin() -> MemoryConnection {
        registerAccount("op", "0p-secret")
        let c = table.connect()
        for line in ["json", "name op", "password 0p-secret"] { table.type(line, on: c) }
        _ = c.events()
        return c
    }

    /// `connection` types `line`; returns the JSON events it got back.
    @discardableResult
    func type(_ line: String, on connection: MemoryConnection) -> [[String: Any]] {
        note(line)
        table.type(line, on: connection)
        lastAnswer = connection.events()
        return lastAnswer
    }

    /// `connection` (in text mode) types `line`; returns the text it got back.
    func typeText(_ line: String, on connection: MemoryConnection) -> String {
        note(line)
        table.type(line, on: connection)
        return connection.takeText()
    }

    private func note(_ line: String) {
        if line.hasPrefix("'") { typedWords.insert("'") }
        if let word = line.split(separator: " ").first { typedWords.insert(word.lowercased()) }
    }

    /// Types `line` and expects an error with `code` as the answer.
    @discardableResult
    func expectError(
        _ code: ErrorCode, _ line: String, on connection: MemoryConnection, sourceLocation: SourceLocation = #_sourceLocation
    ) -> [String: Any]? {
        checkError(code, in: type(line, on: connection), sourceLocation: sourceLocation)
    }

    @discardableResult
    func checkError(_ code: ErrorCode, in events: [[String: Any]], sourceLocation: SourceLocation = #_sourceLocation)
        -> [String: Any]?
    {
        let error = events.first { $0.type == "error" }
        #expect(
            error?["code"] as? String == code.rawValue, "expected \(code.rawValue), got \(events)", sourceLocation: sourceLocation
        )
        #expect((error?["message"] as? String)?.isEmpty == false, sourceLocation: sourceLocation)
        if error?["code"] as? String == code.rawValue { checkedCodes.insert(code) }
        return error
    }

    func connection(_ name: String) -> MemoryConnection { players[name] ?? table.player(name) }

    /// Ann hosts `home` and bob sits down; nothing started; output so far read.
    func twoInHome() -> (MemoryConnection, MemoryConnection) {
        let ann = table.player("Ann")
        let bob = table.player("bob")
        players = ["Ann": ann, "bob": bob]
        table.seat(ann, bob, in: "home")
        _ = ann.events()
        _ = bob.events()
        return (ann, bob)
    }

    /// Ann alone in `home`, one round of "ab" running, her turn; output so far read.
    func soloGame(rounds: Int = 1) -> MemoryConnection {
        let ann = table.player("Ann")
        players = ["Ann": ann]
        table.type("create home", on: ann)
        table.type("set rounds \(rounds)", on: ann)
        table.type("start", on: ann)
        _ = ann.events()
        return ann
    }

    /// The id of the last game_over seen by `playedGame()`.
    private(set) var lastGameID: Int64?

    /// Ann wins a one-round game of "ab" with no mistakes; it is recorded; output so far read.
    func playedGame() -> MemoryConnection {
        let ann = soloGame()
        table.type("guess ab", on: ann)
        let over = ann.events().first { $0.type == "game_over" }
        #expect(over?["saved"] as? Bool == true)
        lastGameID = (over?["game"] as? Int).map(Int64.init)
        return ann
    }

    func registerAccount(_ name: String, _ password: String) {
        table.store.register(name: name, password: password) { result in
            if case .failure(let error) = result { Issue.record("register \(name): \(error)") }
        }
    }

    func savedSettings(_ name: String) -> [String: String]? {
        let answer = Locked<[String: String]?>(nil)
        table.store.loadSettings(name: name) { result in answer.withLock { $0 = (try? result.get()) ?? nil } }
        return answer.withLock { $0 }
    }

    func isRegistered(_ name: String) -> Bool {
        let answer = Locked<Bool?>(nil)
        table.store.isRegistered(name: name) { result in answer.withLock { $0 = try? result.get() } }
        return answer.withLock { $0 } == true
    }
}
