import HangmanCore
import HangmanStore
import Testing

@testable import HangmanServer

/// The login dialogue as values: lines and answers in, actions out.
@Suite(.ownThread) struct LoginFlowTests {
    static func line(_ text: String) -> LoginFlow.Input { .nameLine(CommandParser.parse(text)) }
    static func password(_ text: String, blocked: Int? = nil) -> LoginFlow.Input {
        .passwordLine(text, CommandParser.parse(text), blockedSeconds: blocked)
    }

    @Test func aFreeUnregisteredNameLogsIn() {
        var flow = LoginFlow(maxPasswordAttempts: 3)
        #expect(flow.handle(Self.line("Ann")) == [.askOnline("Ann")])
        #expect(flow.isWaiting)
        #expect(flow.handle(.online(false)) == [.askRegistered("ann")])
        #expect(flow.handle(.registered(.success(nil))) == [.claim("Ann", registered: false)])
        #expect(flow.handle(.claimed(taken: false, id: "Ann")) == [.completed("Ann", registered: false)])
        #expect(flow.step == .done("Ann"))
    }

    @Test func anUnregisteredNameOnlineIsTaken() {
        var flow = LoginFlow(maxPasswordAttempts: 3)
        _ = flow.handle(Self.line("name bob"))
        #expect(flow.handle(.online(true)) == [.askRegistered("bob")])
        let actions = flow.handle(.registered(.success(nil)))
        #expect(actions.first == .error(.nameTaken, "bob is playing right now; choose another name"))
        #expect(flow.step == .name)
    }

    /// Issue 15 item 5: the right password for a registered name online takes it over.
    @Test func aRegisteredNameOnlineAsksForThePasswordAndTakesOver() {
        var flow = LoginFlow(maxPasswordAttempts: 3)
        _ = flow.handle(Self.line("erin"))
        #expect(flow.handle(.online(true)) == [.askRegistered("erin")])
        #expect(flow.handle(.registered(.success("Ann"))) == [.hideEcho(true), .prompt(.password)])
        _ = flow.handle(Self.password("right"))
        #expect(
            flow.handle(.verified(.success(.unknown)))
                == [
                    .endHiddenLine, .hideEcho(false), .recordGoodPassword("erin"),
                    .claim("erin", registered: true, takeover: true),
                ])
    }

    /// Issue 15 item 7: `name ann#123456` carries a resume token to the lobby's claim.
    @Test func aResumeTokenFollowsTheName() {
        var flow = LoginFlow(maxPasswordAttempts: 3)
        #expect(flow.handle(Self.line("name ann#123456")) == [.askOnline("ann")])
        #expect(flow.resumeToken == "123456")
        var plain = LoginFlow(maxPasswordAttempts: 3)
        _ = plain.handle(Self.line("ann"))
        #expect(plain.resumeToken == nil)
        var bad = LoginFlow(maxPasswordAttempts: 3)
        #expect(
            bad.handle(Self.line("name #123456")).first.map { if case .error(.nameInvalid, _) = $0 { true } else { false } }
                == true)
    }

    /// Issue 15 item 4: the account's own throttle refuses without spending an attempt, or slows.
    @Test func theAccountThrottleBlocksOrSlows() {
        var flow = LoginFlow(maxPasswordAttempts: 3)
        _ = flow.handle(Self.line("carol"))
        _ = flow.handle(.online(false))
        _ = flow.handle(.registered(.success("Ann")))
        let blocked = flow.handle(
            .passwordLine("x", CommandParser.parse("x"), blockedSeconds: nil, account: .blocked(seconds: 4)))
        #expect(blocked.first == .error(.rateLimited, "too many wrong passwords for carol from your address; try again in 4 s"))
        #expect(flow.step == .password("carol", attempts: 0))
        let slowed = flow.handle(.passwordLine("x", CommandParser.parse("x"), blockedSeconds: nil, account: .slowed(seconds: 1)))
        #expect(slowed == [.verify("carol", secret: "x", after: 1)])
    }

    @Test func badNamesAndCommandWordsAreRefusedAtThePrompt() {
        var flow = LoginFlow(maxPasswordAttempts: 3)
        #expect(
            flow.handle(Self.line("start")).first.map { if case .error(.nameInvalid, _) = $0 { true } else { false } } == true)
        #expect(flow.handle(Self.line("json")) == [.run(.json)], "the session sends the welcome, then the prompt")
        #expect(flow.handle(Self.line("quit")) == [.run(.quit)])
        #expect(flow.handle(Self.line("")) == [.prompt(.name)])
        #expect(flow.step == .name)
    }

    @Test func threeWrongPasswordsClose() {
        var flow = LoginFlow(maxPasswordAttempts: 3)
        _ = flow.handle(Self.line("carol"))
        _ = flow.handle(.online(false))
        #expect(flow.handle(.registered(.success("Ann"))) == [.hideEcho(true), .prompt(.password)])
        for attempt in 1...3 {
            #expect(flow.handle(Self.password("nope")) == [.verify("carol", secret: "nope")])
            let actions = flow.handle(.verified(.success(nil)))
            #expect(actions.contains(.recordFailedPassword("carol")))
            #expect(actions.contains(.close) == (attempt == 3))
        }
        #expect(flow.step == .closed)
    }

    @Test func theThrottleAndStoreOutagesAnswerWithoutSpendingAnAttempt() {
        var flow = LoginFlow(maxPasswordAttempts: 3)
        _ = flow.handle(Self.line("carol"))
        _ = flow.handle(.online(false))
        _ = flow.handle(.registered(.success("Ann")))
        #expect(
            flow.handle(Self.password("x", blocked: 30)).first
                == .error(.rateLimited, "too many wrong passwords from your address; try again in 30 s"))
        _ = flow.handle(Self.password("x"))
        let outage = flow.handle(.verified(.failure(.io("down"))))
        #expect(outage.contains(.error(.unavailable, "the account store is unavailable; try again in a moment")))
        #expect(flow.step == .password("carol", attempts: 0))
        _ = flow.handle(Self.password("password secret"))
        #expect(
            flow.handle(.verified(.success(.unknown)))
                == [
                    .endHiddenLine, .hideEcho(false), .recordGoodPassword("carol"),
                    .claim("carol", registered: true, takeover: true),
                ])
    }

    @Test func anOutageWhileCheckingTheNameIsUnavailable() {
        var flow = LoginFlow(maxPasswordAttempts: 3)
        _ = flow.handle(Self.line("dave"))
        _ = flow.handle(.online(false))
        let actions = flow.handle(.registered(.failure(.io("down"))))
        #expect(actions.contains(.error(.unavailable, "the account store is unavailable; try again in a moment")))
        #expect(flow.step == .name)
    }
}
