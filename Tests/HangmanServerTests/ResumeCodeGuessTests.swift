import Foundation
import HangmanCore
import HangmanServer
import HangmanTesting
import Testing

/// Guessing the six-digit resume code of a guest whose seat is kept (issue 15 item 7 left it
/// unthrottled): a wrong code counts as a wrong password does, for the address
/// (`login-failures-per-minute`) and for the name from that address group (`account-free-failures`,
/// then a doubling back-off), so a guesser no longer gets 10 tries a second per connection. In
/// memory, on a manual clock.
@Suite(.ownThread) struct ResumeCodeGuessTests {
    func table(_ configure: (inout ServerConfig) -> Void = { _ in }) -> TestTable {
        TestTable(words: ["ab"]) {
            $0.graceSeconds = 600
            configure(&$0)
        }
    }

    /// A guest `hal` from 10.5.0.1 who dropped: their seat is kept, their code returned.
    func dropped(_ table: TestTable) throws -> String {
        let owner = table.connect(address: "10.5.0.1")
        table.type("json", on: owner)
        table.type("name hal", on: owner)
        let login = try #require(owner.events().first { $0.type == "logged_in" })
        owner.hangUp()
        table.settle()
        return try #require(login["resume_token"] as? String)
    }

    func codes(_ connection: MemoryConnection) -> [String] {
        connection.events().compactMap { $0["code"] as? String }
    }

    /// A wrong code different from `token`.
    func wrong(_ token: String, _ k: Int) -> String { String((Int(token) ?? 0) % 900_000 + 100_000 + k).suffix(6).description }

    @Test func wrongCodesFromOneAddressBackOffAfterTheFreeOnes() throws {
        let table = table { $0.accountFreeFailures = 3 }
        let token = try dropped(table)
        let guesser = table.connect(address: "10.6.0.1")
        table.type("json", on: guesser)
        _ = guesser.events()
        for k in 1...3 {
            table.type("name hal#\(wrong(token, k))", on: guesser)
            #expect(codes(guesser) == ["name_taken"], "guess \(k)")
        }
        // The fourth is refused unchecked, even with the right code: the pair waits 1 s.
        table.type("name hal#\(token)", on: guesser)
        let refused = guesser.events()
        #expect(refused.compactMap { $0["code"] as? String } == ["rate_limited"])
        let message = refused.first { $0.type == "error" }?["message"] as? String ?? ""
        #expect(message.contains("resume codes"), "\(message)")
        #expect(!guesser.didCompleteLogin)
        // After the back-off one more try is checked.
        table.advance(by: 1.1)
        table.type("name hal#\(token)", on: guesser)
        #expect(guesser.events().contains { $0.type == "logged_in" && $0["resumed"] as? Bool == true })
    }

    @Test func wrongCodesCountAgainstTheAddressLimit() throws {
        // Ten wrong codes for ten different names exhaust the address's minute; the eleventh is refused.
        let table = table {
            $0.loginFailuresPerMinute = 10
            $0.accountFreeFailures = 100
        }
        var tokens: [String: String] = [:]
        for k in 0..<11 {
            let owner = table.connect(address: "10.5.0.\(k + 1)")
            table.type("json", on: owner)
            table.type("name g\(k)", on: owner)
            tokens["g\(k)"] = owner.events().first { $0.type == "logged_in" }?["resume_token"] as? String
            owner.hangUp()
        }
        table.settle()
        let guesser = table.connect(address: "10.6.0.1")
        table.type("json", on: guesser)
        _ = guesser.events()
        for k in 0..<10 {
            table.type("name g\(k)#\(wrong(tokens["g\(k)"] ?? "", 1))", on: guesser)
            #expect(codes(guesser) == ["name_taken"], "guess \(k)")
        }
        table.type("name g10#\(tokens["g10"] ?? "")", on: guesser)
        #expect(codes(guesser) == ["rate_limited"])
    }

    @Test func theOwnerFromAnotherAddressStillResumesDuringAFlood() throws {
        let table = table { $0.accountFreeFailures = 1 }
        let token = try dropped(table)
        for k in 1...30 {
            let guesser = table.connect(address: "10.6.\(k).1")
            table.type("json", on: guesser)
            table.type("name hal#\(wrong(token, k))", on: guesser)
        }
        let owner = table.connect(address: "10.7.0.1")
        table.type("json", on: owner)
        table.type("name hal#\(token)", on: owner)
        table.advance(by: 1.5)  // an account under a flood is slowed (account-slow-ms), not refused
        #expect(owner.events().contains { $0.type == "logged_in" && $0["resumed"] as? Bool == true })
    }
}
