import HangmanCore
import HangmanStore
import Testing

@testable import HangmanServer

/// The login dialogue as values: lines and answers in, actions out.
@Suite struct LoginFlowTests {
    static func line(_ text: String) -> LoginFlow.Input { .nameLine(CommandParser.parse(text)) }
    static func password(_ text: String, blocked: Int? = nil) -> LoginFlow.Input {
        .passwordLine(text, CommandParser.parse(text), blockedSeconds: blocked)
    }

    @Test func aFreeUnregisteredNameLogsIn() {
        var flow = LoginFlow(maxPasswordAttempts: 3)
        #expect(flow.handle(Self.line("Ann")) == [.askOnline("Ann")])
        #expect(flow.isWaiting)
        #expect(flow.handle(.online(false)) == [.askRegistered("ann")])
        #expect(flow.handle(.registered(.success(false))) == [.claim("Ann", registered: false)])
        #expect(flow.handle(.claimed(taken: false, id: "Ann")) == [.completed("Ann", registered: false)])
        #expect(flow.step == .done("Ann"))
    }

    @Test func aNameOnlineIsTaken() {
        var flow = LoginFlow(maxPasswordAttempts: 3)
        _ = flow.handle(Self.line("name bob"))
        let actions = flow.handle(.online(true))
        #expect(actions.first == .error(.nameTaken, "bob is playing right now; choose another name"))
        #expect(flow.step == .name)
    }

    @Test func badNamesAndCommandWordsAreRefusedAtThePrompt() {
        var flow = LoginFlow(maxPasswordAttempts: 3)
        #expect(
            flow.handle(Self.line("start")).first.map { if case .error(.nameInvalid, _) = $0 { true } else { false } } == true)
        #expect(flow.handle(Self.line("json")) == [.run(.json), .prompt(.name)])
        #expect(flow.handle(Self.line("quit")) == [.run(.quit)])
        #expect(flow.handle(Self.line("")) == [.prompt(.name)])
        #expect(flow.step == .name)
    }

    @Test func threeWrongPasswordsClose() {
        var flow = LoginFlow(maxPasswordAttempts: 3)
        _ = flow.handle(Self.line("carol"))
        _ = flow.handle(.online(false))
        #expect(flow.handle(.registered(.success(true))) == [.hideEcho(true), .prompt(.password)])
        for attempt in 1...3 {
            #expect(flow.handle(Self.password("nope")) == [.verify("carol", secret: "nope")])
            let actions = flow.handle(.verified(.success(false)))
            #expect(actions.contains(.recordFailedPassword("carol")))
            #expect(actions.contains(.close) == (attempt == 3))
        }
        #expect(flow.step == .closed)
    }

    @Test func theThrottleAndStoreOutagesAnswerWithoutSpendingAnAttempt() {
        var flow = LoginFlow(maxPasswordAttempts: 3)
        _ = flow.handle(Self.line("carol"))
        _ = flow.handle(.online(false))
        _ = flow.handle(.registered(.success(true)))
        #expect(
            flow.handle(Self.password("x", blocked: 30)).first
                == .error(.rateLimited, "too many wrong passwords from your address; try again in 30 s"))
        _ = flow.handle(Self.password("x"))
        let outage = flow.handle(.verified(.failure(.io("down"))))
        #expect(outage.contains(.error(.unavailable, "the account store is unavailable; try again in a moment")))
        #expect(flow.step == .password("carol", attempts: 0))
        _ = flow.handle(Self.password("password secret"))
        #expect(flow.handle(.verified(.success(true))) == [.endHiddenLine, .hideEcho(false), .claim("carol", registered: true)])
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
