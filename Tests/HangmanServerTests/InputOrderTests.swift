import HangmanNet
import Testing

@testable import HangmanServer

/// `InputOrder`, the order a session runs its input in, as values: no session, no queue.
struct InputOrderTests {
    @Test func linesRunAtOnceUntilACommandWaitsThenInTheOrderTyped() {
        var order = InputOrder(backlogLimit: 4)
        let r1 = order.arrived(.line("a"))
        #expect(r1 == .run)
        order.begin()
        let r2 = order.arrived(.line("b"))
        #expect(r2 == .wait(pauseInput: false))
        let r3 = order.arrived(.rateLimited)
        #expect(r3 == .wait(pauseInput: false))
        let r4 = order.next()
        #expect(r4 == nil, "nothing runs while busy")
        order.finished()
        let r5 = order.next()
        #expect(r5 == .line("b"))
        let r6 = order.next()
        #expect(r6 == .rateLimited)
        let r7 = order.next()
        #expect(r7 == nil)
    }

    @Test func aFullBacklogPausesTheTransportOnceAndResumesWhenThereIsRoom() {
        var order = InputOrder(backlogLimit: 2)
        order.begin()
        let r8 = order.arrived(.line("a"))
        #expect(r8 == .wait(pauseInput: false))
        let r9 = order.arrived(.line("b"))
        #expect(r9 == .wait(pauseInput: true), "the limit reached: pause")
        let r10 = order.arrived(.line("c"))
        #expect(r10 == .wait(pauseInput: false), "paused already")
        let r11 = order.takeResume()
        #expect(!r11, "still full")
        order.finished()
        _ = order.next()
        _ = order.next()
        let r12 = order.takeResume()
        #expect(r12)
        let r13 = order.takeResume()
        #expect(!r13, "once")
    }

    @Test func aCommandAnsweredElsewhereWaitsOnceForEarlierAnswers() {
        var order = InputOrder(backlogLimit: 4)
        let r14 = order.mustWait(.line("top"), answeredThere: false)
        #expect(!r14, "nothing pending")
        order.answersMayFollow()
        let r15 = order.mustWait(.line("state"), answeredThere: true)
        #expect(!r15, "answered on that queue: in order anyway")
        let r16 = order.mustWait(.line("top"), answeredThere: false)
        #expect(r16)
        #expect(order.isBusy)
        let r17 = order.arrived(.line("next"))
        #expect(r17 == .wait(pauseInput: false))
        order.finished()
        let r18 = order.next()
        #expect(r18 == .line("top"), "back at the head of the backlog")
        let r19 = order.mustWait(.line("top"), answeredThere: false)
        #expect(!r19, "it waited once")
        let r20 = order.next()
        #expect(r20 == .line("next"))
    }

    @Test func theInputEndClosesOnceEverythingRan() {
        var order = InputOrder(backlogLimit: 4)
        order.begin()
        _ = order.arrived(.line("a"))
        order.endInput()
        let r21 = order.takeClose()
        #expect(!r21, "busy")
        order.finished()
        let r22 = order.takeClose()
        #expect(!r22, "a line waits")
        _ = order.next()
        let r23 = order.takeClose()
        #expect(r23)
        let r24 = order.takeClose()
        #expect(!r24, "once")
    }

    @Test func clearDropsWhatWaits() {
        var order = InputOrder(backlogLimit: 4)
        order.begin()
        _ = order.arrived(.line("a"))
        order.clear()
        order.finished()
        let r25 = order.next()
        #expect(r25 == nil)
    }
}

/// `ChatGate`: the chat rate and how often a refusal is answered, with the time passed in.
struct ChatGateTests {
    static let second: UInt64 = 1_000_000_000

    @Test func theBurstThenTheRate() {
        var gate = ChatGate(perSecond: 2, burst: 3)
        let now = 5 * Self.second
        for _ in 0..<3 {
            let taken = gate.take(now: now)
            #expect(taken)
        }
        let r26 = gate.take(now: now)
        #expect(!r26, "past the burst")
        let r27 = gate.take(now: now + Self.second / 4)
        #expect(!r27, "a quarter second: half a token")
        let r28 = gate.take(now: now + Self.second / 2)
        #expect(r28, "half a second: one token at 2 a second")
    }

    @Test func textIsToldAtMostOnceASecondAndJSONEveryTime() {
        var gate = ChatGate(perSecond: 1, burst: 1)
        let now = 5 * Self.second
        let r29 = gate.noticeDue(now: now, json: false)
        #expect(r29)
        let r30 = gate.noticeDue(now: now + Self.second - 1, json: false)
        #expect(!r30, "within the second")
        let r31 = gate.noticeDue(now: now + Self.second - 1, json: true)
        #expect(r31, "a program gets every answer")
        let r32 = gate.noticeDue(now: now + Self.second, json: false)
        #expect(!r32, "a second after the JSON notice")
        let r33 = gate.noticeDue(now: now + 2 * Self.second, json: false)
        #expect(r33)
    }
}
