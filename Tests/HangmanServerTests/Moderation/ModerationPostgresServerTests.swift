import Foundation
import HangmanStore
import Testing

@testable import HangmanServer

/// Issue 33 on PostgreSQL, server to server: two `GameServer`s on one database of a throwaway cluster
/// (`PostgresCluster`, the store tests' file, linked here). A ban set through one refuses the name's
/// login on the other, and closes the player online there within `account-check-seconds`; `unban` on
/// the other lets them in again. (`ModerationServerTests` does the same on one SQLite file.)
@Suite(.ownThread, .enabled(if: PostgresCluster.enabled, "PostgreSQL server binaries not found"))
struct ModerationPostgresServerTests {
    static let options = StoreOptions(busyTimeout: 5, retryInitialDelay: 0.05, retryMaxDelay: 0.2, timeout: 10)

    @Test func aBanOnOneServerReachesAnotherOnPostgres() throws {
        let url = try PostgresCluster.freshDatabase()
        let storeA = try PostgresStore(url: url, options: Self.options)
        defer { storeA.close() }
        let storeB = try PostgresStore(url: url, options: Self.options)
        defer { storeB.close() }
        ModerationServerTests.register(storeA, "op", "0p-secret")
        let serverA = try ModerationServerTests.server(storeA)
        defer { serverA.stop() }
        let serverB = try ModerationServerTests.server(storeB)
        defer { serverB.stop() }

        let mal = try TestClient.player("mal", port: serverB.port)
        let op = try ModerationServerTests.operatorClient(port: serverA.port)
        op.line("ban mal 10m spam")
        _ = try op.expect("info") { ($0["message"] as? String)?.contains("mal is banned") == true }
        let bye = try mal.expect("bye", timeout: 4)
        #expect((bye["message"] as? String)?.contains("spam") == true, "closed on B within account-check-seconds: \(bye)")
        #expect(mal.waitForClose())
        let message = try ModerationServerTests.refusedLogin("Mal", port: serverB.port)
        #expect(message.contains("spam") && message.contains("until "), "\(message)")

        let opOnB = try ModerationServerTests.operatorClient(port: serverB.port)
        opOnB.line("unban mal")
        _ = try opOnB.expect("info") { ($0["message"] as? String)?.contains("no longer banned") == true }
        _ = try TestClient.player("mal", port: serverA.port)
    }
}
