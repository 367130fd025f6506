import Dispatch
import Foundation
import HangmanStore
import Testing

@testable import HangmanServer

/// Bans end to end over real sockets with an SQLite file (issue 33): a ban outlives a restart, and a
/// ban set on one server reaches another on the same database: its login is refused there and a
/// player online there is closed within `account-check-seconds`. (`ModerationPostgresServerTests` does
/// the same with two servers on one PostgreSQL database.)
@Suite(.ownThread) struct ModerationServerTests {
    static func register(_ store: HangmanStore, _ name: String, _ password: String) {
        let done = DispatchSemaphore(value: 0)
        store.register(name: name, password: password) { result in
            if case .failure(let error) = result { Issue.record("register \(name): \(error)") }
            done.signal()
        }
        done.wait()
    }

    static func server(_ store: HangmanStore) throws -> TestServer {
        try TestServer(
            configure: {
                $0.operators = ["op"]
                $0.accountCheckSeconds = 1
            }, store: store)
    }

    static func operatorClient(port: Int) throws -> TestClient {
        let op = try TestClient(port: port)
        op.line("json")
        op.line("name op")
        _ = try op.expect("prompt") { $0["for"] as? String == "password" }
        op.line("password 0p-secret")
        _ = try op.expect("logged_in")
        return op
    }

    /// `name` tries to log in: refused with `banned` (its message returned), then `bye` and a close.
    static func refusedLogin(_ name: String, port: Int) throws -> String {
        let client = try TestClient(port: port)
        client.line("json")
        client.line("name \(name)")
        let error = try client.expect("error")
        #expect(error["code"] as? String == "banned")
        _ = try client.expect("bye")
        #expect(client.waitForClose())
        return error["message"] as? String ?? ""
    }

    @Test func aBanOutlivesARestart() throws {
        let folder = try ServerProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let db = folder.appendingPathComponent("hangman.sqlite").path
        do {
            let store = try SQLiteStore(path: db)
            defer { store.close() }
            Self.register(store, "op", "0p-secret")
            let first = try Self.server(store)
            defer { first.stop() }
            let op = try Self.operatorClient(port: first.port)
            op.line("ban mal 1h flooding the chat")
            let info = try op.expect("info") { ($0["message"] as? String)?.contains("mal is banned") == true }
            _ = info
        }
        let store = try SQLiteStore(path: db)
        defer { store.close() }
        let second = try Self.server(store)
        defer { second.stop() }
        let message = try Self.refusedLogin("mal", port: second.port)
        #expect(message.contains("flooding the chat") && message.contains("until "), "\(message)")
        let op = try Self.operatorClient(port: second.port)
        op.line("modlog")
        let log = try op.expect("modlog")
        #expect((log["entries"] as? [[String: Any]])?.first?["action"] as? String == "ban", "the log outlives it too")
        op.line("unban mal")
        _ = try op.expect("info")
        _ = try TestClient.player("mal", port: second.port)
    }

    @Test func aBanOnOneServerReachesAnotherOnTheSameDatabase() throws {
        let folder = try ServerProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let db = folder.appendingPathComponent("hangman.sqlite").path
        let storeA = try SQLiteStore(path: db)
        defer { storeA.close() }
        let storeB = try SQLiteStore(path: db)
        defer { storeB.close() }
        Self.register(storeA, "op", "0p-secret")
        let serverA = try Self.server(storeA)
        defer { serverA.stop() }
        let serverB = try Self.server(storeB)
        defer { serverB.stop() }
        let mal = try TestClient.player("mal", port: serverB.port)
        let op = try Self.operatorClient(port: serverA.port)
        op.line("ban mal 10m spam")
        _ = try op.expect("info") { ($0["message"] as? String)?.contains("mal is banned") == true }
        let bye = try mal.expect("bye", timeout: 4)
        #expect((bye["message"] as? String)?.contains("spam") == true, "\(bye)")
        #expect(mal.waitForClose())
        _ = try Self.refusedLogin("MAL", port: serverB.port)
    }

    /// `hangman-server register-operator` is how a listed name gets its account: the password on
    /// standard input; a second run says it is registered already; the name then logs in with that
    /// password and has its powers.
    @Test func registerOperatorRegistersTheName() throws {
        let folder = try ServerProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let db = folder.appendingPathComponent("hangman.sqlite").path
        func registerOperator(_ password: String) throws -> Int32 {
            let process = Process()
            let input = Pipe()
            process.executableURL = ServerProcess.executable
            process.environment = ServerProcess.environment(adding: [:])
            process.arguments = ["register-operator", "--db", db, "op"]
            process.standardInput = input
            process.standardOutput = Pipe()
            process.standardError = Pipe()
            try process.run()
            input.fileHandleForWriting.write(Data((password + "\n").utf8))
            try input.fileHandleForWriting.close()
            let deadline = Date().addingTimeInterval(ServerProcess.startTimeout)
            while process.isRunning, Date() < deadline { usleep(20_000) }
            if process.isRunning { process.terminate() }
            return process.terminationStatus
        }
        #expect(try registerOperator("abc") == 2, "too short a password")
        #expect(try registerOperator("0p-secret") == 0)
        #expect(try registerOperator("other-one") == 1, "registered already")
        let store = try SQLiteStore(path: db)
        defer { store.close() }
        let server = try Self.server(store)
        defer { server.stop() }
        let op = try Self.operatorClient(port: server.port)
        op.line("bans")
        _ = try op.expect("bans")
    }
}
