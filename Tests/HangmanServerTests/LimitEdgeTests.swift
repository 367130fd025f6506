import Dispatch
import HangmanServer
import HangmanTesting
import Testing

/// Limits at their edge, in memory: the last value that passes and the first that does not.
@Suite(.ownThread) struct LimitEdgeTests {
    /// `chat-output-bytes`: a line is refused once the sender's own unsent output is over the limit
    /// (a client that does not read cannot make the server queue more chat for it).
    @Test func chatOutputBytesRefusesALineOnlyOverTheLimit() {
        let table = TestTable(words: ["ab"]) { $0.chatOutputBytes = 1000 }
        let ann = table.player("Ann")
        let bob = table.player("bob")
        ann.setPendingOutputBytes(1000)
        table.type("say at the limit", on: ann)
        #expect(bob.events().contains { $0.type == "chat" && $0["text"] as? String == "at the limit" })
        #expect(!ann.events().contains { $0.type == "error" })
        ann.setPendingOutputBytes(1001)
        table.type("say over it", on: ann)
        #expect(!bob.events().contains { $0.type == "chat" }, "the line is not sent")
        let error = ann.events().first { $0.type == "error" }
        #expect(error?["code"] as? String == "rate_limited")
        #expect(error?["message"] as? String == "chat is busy: your line was not sent; slow down")
    }

    /// `chat-in-flight`: while the lobby has not broadcast a player's lines, at most that many are
    /// queued; the next is refused, and once they are out chat flows again.
    @Test func chatInFlightRefusesTheLineAfterTheLimit() {
        let table = TestTable(words: ["ab"]) { $0.chatInFlight = 2 }
        let ann = table.player("Ann")
        let bob = table.player("bob")
        for player in [ann, bob] { table.type("leave", on: player) }  // chat in the lobby, on its queue
        _ = bob.events()
        _ = ann.events()
        let hold = DispatchSemaphore(value: 0)
        table.server.lobbyQueue.async { hold.wait() }  // the lobby is busy: nothing is broadcast yet
        for line in ["say one", "say two", "say three"] { ann.type(line) }
        ann.queue.sync {}  // the session has handled all three
        hold.signal()
        table.settle()
        let heard = bob.events().filter { $0.type == "chat" }.compactMap { $0["text"] as? String }
        #expect(heard == ["one", "two"])
        let error = ann.events().first { $0.type == "error" }
        #expect(error?["code"] as? String == "rate_limited")
        table.type("say four", on: ann)
        #expect(bob.events().contains { $0.type == "chat" && $0["text"] as? String == "four" }, "in flight again is 0")
    }

    /// `password-attempts` other than the default: five wrong answers are allowed to count down, the
    /// fifth closes the connection.
    @Test func passwordAttemptsOfFiveCloseOnTheFifthWrongAnswer() {
        let table = TestTable(words: ["ab"]) {
            $0.passwordAttempts = 5
            $0.loginFailuresPerMinute = 100
            $0.accountFreeFailures = 100  // this test is about the per-connection attempts alone
        }
        table.store.register(name: "zed", password: "s3cret") { _ in }
        let c = table.connect()
        table.type("json", on: c)
        table.type("name zed", on: c)
        _ = c.events()
        for left in [4, 3, 2, 1] {
            table.type("password wrong", on: c)
            let error = c.events().first { $0.type == "error" }
            #expect(error?["message"] as? String == "that is not the password of zed (\(left) tries left)")
            #expect(!c.isClosed)
        }
        table.type("password wrong", on: c)
        let last = c.events().first { $0.type == "error" }
        #expect(last?["code"] as? String == "bad_password" && last?["message"] as? String == "wrong password 5 times; goodbye")
        #expect(c.isClosed)
    }

    /// `password-attempts` 1: the first wrong answer closes; the right one logs in.
    @Test func passwordAttemptsOfOne() {
        let table = TestTable(words: ["ab"]) { $0.passwordAttempts = 1 }
        table.store.register(name: "zed", password: "s3cret") { _ in }
        let wrong = table.connect()
        table.type("json", on: wrong)
        table.type("name zed", on: wrong)
        table.type("password nope", on: wrong)
        #expect(wrong.events().contains { $0["message"] as? String == "wrong password 1 times; goodbye" })
        #expect(wrong.isClosed)
        let right = table.connect()
        table.type("json", on: right)
        table.type("name zed", on: right)
        table.type("password s3cret", on: right)
        #expect(right.events().contains { $0.type == "logged_in" && $0["registered"] as? Bool == true })
    }
}
