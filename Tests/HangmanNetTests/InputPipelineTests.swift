import Testing

@testable import HangmanNet

private let second: UInt64 = 1_000_000_000

/// `InputPipeline`, the input path `Connection` runs, without sockets or sleeping.
@Suite(.ownThread) struct InputPipelineTests {
    static func limits(perSecond: Int = 10, burst: Int = 20, backlog: Int = 200, abuse: Int = 100) -> TransportLimits {
        var limits = TransportLimits()
        limits.commandsPerSecond = perSecond
        limits.commandBurst = burst
        limits.rateBacklog = backlog
        limits.rateAbuseDisconnect = abuse
        return limits
    }

    /// Feeds `chunks` at `now` and returns what comes out and the telnet answers.
    static func feed(
        _ pipeline: inout InputPipeline, _ chunks: [[UInt8]], now: UInt64 = 0
    ) -> (outputs: [InputPipeline.Output], answers: [UInt8]) {
        var answers: [UInt8] = []
        var outputs: [InputPipeline.Output] = []
        for chunk in chunks {
            pipeline.receive(chunk, responses: &answers)
            while let output = pipeline.next(now: now) { outputs.append(output) }
        }
        return (outputs, answers)
    }

    static func lines(_ texts: String...) -> [InputPipeline.Output] { texts.map { .input(.line($0)) } }

    /// At the end of input a line the client did not end counts as ended; nothing else is added.
    @Test func theEndOfInputEndsAnUnfinishedLine() {
        var pipeline = InputPipeline(limits: Self.limits(), now: 0)
        #expect(Self.feed(&pipeline, [Array("top\nsta".utf8)]).outputs == Self.lines("top"))
        #expect(pipeline.endOfInput() == 1)
        #expect(pipeline.next(now: 0) == .input(.line("sta")))
        #expect(pipeline.endOfInput() == 0, "nothing is left to end")
        #expect(pipeline.next(now: 0) == nil)
    }

    @Test func bytesSplitAnywhereGiveTheSameLinesAsWhole() {
        let bytes = Array("guess a\r\nsay hi there\r\nquit\n".utf8)
        var whole = InputPipeline(limits: Self.limits(), now: 0)
        let expected = Self.feed(&whole, [bytes]).outputs
        #expect(expected == Self.lines("guess a", "say hi there", "quit"))
        var single = InputPipeline(limits: Self.limits(), now: 0)
        #expect(Self.feed(&single, bytes.map { [$0] }).outputs == expected)
        // The CR of a CR LF at the end of one read, its LF in the next: one line end, not two.
        for cut in 1..<bytes.count {
            var split = InputPipeline(limits: Self.limits(), now: 0)
            #expect(Self.feed(&split, [Array(bytes[..<cut]), Array(bytes[cut...])]).outputs == expected, "cut at \(cut)")
        }
    }

    @Test func telnetCommandsInTheMiddleOfALineAreRemovedAndAnswered() {
        // IAC AYT inside "guess a", split between the IAC and its command byte.
        var pipeline = InputPipeline(limits: Self.limits(), now: 0)
        let (outputs, answers) = Self.feed(&pipeline, [Array("gue".utf8) + [255], [246] + Array("ss a\r\n".utf8)])
        // Speaking telnet changed the terminal (prompt ends): reported after the chunk's data.
        #expect(outputs == Self.lines("guess a") + [.terminalChanged])
        #expect(pipeline.telnet.isTelnet)
        // Our offers (the client spoke telnet first), then the visible answer to AYT.
        #expect(answers.suffix(TelnetFilter.areYouThereAnswer.count).elementsEqual(TelnetFilter.areYouThereAnswer))
        #expect(answers.count > TelnetFilter.areYouThereAnswer.count)
    }

    @Test func anInterruptDropsOnlyTheLineBeingTyped() {
        var pipeline = InputPipeline(limits: Self.limits(), now: 0)
        let bytes = Array("one\nhalf a li".utf8) + [255, 244] + Array("two\n".utf8)
        #expect(Self.feed(&pipeline, [bytes]).outputs == Self.lines("one", "two") + [.terminalChanged])
    }

    @Test func aWindowSizeChangeComesOutAtItsPlaceAndIsNotRateLimited() {
        var pipeline = InputPipeline(limits: Self.limits(perSecond: 1, burst: 2), now: 0)
        // Three lines (the third waits for the rate), then the client agrees to NAWS and sends 100×40.
        let naws: [UInt8] = [255, 251, 31, 255, 250, 31, 0, 100, 0, 40, 255, 240]
        let (outputs, _) = Self.feed(&pipeline, [Array("a\nb\nc\n".utf8) + naws])
        #expect(outputs == Self.lines("a", "b") + [.terminalChanged])
        #expect(pipeline.telnet.terminal.width == 100 && pipeline.telnet.terminal.height == 40)
        #expect(pipeline.heldLines == 1)
        let value1 = pipeline.next(now: second)
        #expect(value1 == .input(.line("c")))
    }

    @Test func linesOverTheRateWaitInOrderAndComeOutAsTokensRefill() {
        var pipeline = InputPipeline(limits: Self.limits(perSecond: 10, burst: 20), now: 0)
        let text = (1...25).map { "say \($0)\n" }.joined()
        let (outputs, _) = Self.feed(&pipeline, [Array(text.utf8)])
        #expect(outputs == (1...20).map { .input(.line("say \($0)")) })
        #expect(pipeline.heldLines == 5)
        #expect(!pipeline.isBacklogFull)
        let value2 = pipeline.nanosUntilNext(now: 0)
        #expect(value2 == 100_000_000)
        let value3 = pipeline.next(now: 99_999_999)
        #expect(value3 == nil)
        var later: [InputPipeline.Output] = []
        var now: UInt64 = 0
        while pipeline.hasBacklog {
            now += pipeline.nanosUntilNext(now: now) ?? 0
            while let output = pipeline.next(now: now) { later.append(output) }
        }
        #expect(later == (21...25).map { .input(.line("say \($0)")) })
        #expect(now == 500_000_000)
        // A new line while nothing waits and a token is there goes out at once.
        #expect(Self.feed(&pipeline, [Array("x\n".utf8)], now: now + second).outputs == Self.lines("x"))
    }

    @Test func aFullBacklogAsksToStopReadingAndKeepsWhatWasReadPastIt() {
        // A program that pipelines more lines than burst + backlog in one write (250 short commands
        // are one segment) lost the lines past the backlog: l6…l8 were dropped with one
        // rate_limited, and past rate-abuse-disconnect of them the connection was closed. Lines
        // already read wait where they are instead (the connection stops reading meanwhile, so
        // they are at most one read's worth) and run in order.
        var pipeline = InputPipeline(limits: Self.limits(perSecond: 1, burst: 2, backlog: 3, abuse: 2), now: 0)
        let text = (1...8).map { "l\($0)\n" }.joined()
        let (outputs, _) = Self.feed(&pipeline, [Array(text.utf8)])
        #expect(outputs == Self.lines("l1", "l2"))
        #expect(pipeline.heldLines == 3)
        #expect(pipeline.isBacklogFull)
        var later: [InputPipeline.Output] = []
        var now: UInt64 = 0
        while pipeline.hasBacklog {
            now += max(1, pipeline.nanosUntilNext(now: now) ?? 1)
            while let output = pipeline.next(now: now) { later.append(output) }
            #expect(pipeline.heldLines <= 3)
        }
        #expect(later == Self.lines("l3", "l4", "l5", "l6", "l7", "l8"))
        #expect(!pipeline.isBacklogFull)
    }

    /// `rate-backlog 0` ("drop them"): nothing waits, so the backlog is never full and reading
    /// never stops. It was "full" at 0 lines: the connection stopped reading after its first
    /// chunk and never read again (a name typed after `json` was never seen).
    @Test func withNoBacklogReadingNeverStops() {
        var pipeline = InputPipeline(limits: Self.limits(perSecond: 1, burst: 2, backlog: 0), now: 0)
        #expect(!pipeline.isBacklogFull)
        let (outputs, _) = Self.feed(&pipeline, [Array("a\nb\nc\n".utf8)])
        #expect(outputs == Self.lines("a", "b") + [.input(.rateLimited)])
        #expect(!pipeline.isBacklogFull)
        #expect(Self.feed(&pipeline, [Array("d\n".utf8)], now: 2 * second).outputs == Self.lines("d"))
    }

    @Test func pausedInputWaitsAndComesOutInOrderWhenResumed() {
        var pipeline = InputPipeline(limits: Self.limits(), now: 0)
        var answers: [UInt8] = []
        pipeline.receive(Array("one\ntwo\nthree\n".utf8), responses: &answers)
        let value4 = pipeline.next(now: 0)
        #expect(value4 == .input(.line("one")))
        let value5 = pipeline.setPaused(true)
        #expect(value5)
        let value6 = pipeline.setPaused(true)
        #expect(!value6)
        let value7 = pipeline.next(now: 0)
        #expect(value7 == nil)
        #expect(pipeline.heldLines == 2)
        let value8 = pipeline.nanosUntilNext(now: 0)
        #expect(value8 == nil)
        pipeline.receive(Array("four\n".utf8), responses: &answers)
        let value9 = pipeline.next(now: 0)
        #expect(value9 == nil)
        pipeline.setPaused(false)
        let value10 = pipeline.nanosUntilNext(now: 0)
        #expect(value10 == 0)
        var outputs: [InputPipeline.Output] = []
        while let output = pipeline.next(now: 0) { outputs.append(output) }
        #expect(outputs == Self.lines("two", "three", "four"))
    }

    /// `rate-backlog 0` drops lines over the *rate*; a session that paused its input (busy, its
    /// command backlog full) is not the client's fault. Lines typed within the rate meanwhile were
    /// dropped (with `rate_limited`, and counted towards `rate-abuse-disconnect`, so a client typing
    /// at 1 line a second through a slow store was closed). They wait where they are instead, the
    /// connection stops reading (TCP pushes back), and they come out in order once resumed.
    @Test func withNoBacklogPausedInputWaitsInsteadOfBeingDropped() {
        var pipeline = InputPipeline(limits: Self.limits(perSecond: 1, burst: 2, backlog: 0, abuse: 2), now: 0)
        var answers: [UInt8] = []
        pipeline.receive(Array("one\n".utf8), responses: &answers)
        #expect(pipeline.next(now: 0) == .input(.line("one")))
        pipeline.setPaused(true)
        pipeline.receive(Array("two\nthree\n".utf8), responses: &answers)
        #expect(pipeline.next(now: 0) == nil)
        #expect(pipeline.hasBacklog)
        #expect(pipeline.stopsReading)
        pipeline.setPaused(false)
        var outputs: [InputPipeline.Output] = []
        while let output = pipeline.next(now: 10 * second) { outputs.append(output) }
        #expect(outputs == Self.lines("two", "three"))
        #expect(!pipeline.hasBacklog)
        #expect(!pipeline.stopsReading)
    }

    @Test func droppingOverTheRateTooOftenDisconnects() {
        // Only with `rate-backlog 0` are lines dropped at all.
        var pipeline = InputPipeline(limits: Self.limits(perSecond: 1, burst: 2, backlog: 0, abuse: 3), now: 0)
        let (outputs, _) = Self.feed(&pipeline, [Array("a\nb\nc\nd\ne\n".utf8)])
        // a, b out; c dropped (reported), d dropped, e the third drop in a row.
        #expect(outputs == Self.lines("a", "b") + [.input(.rateLimited), .disconnect])
    }

    @Test func crlfMakesTheClientTelnetOnlyWhenAsked() {
        var plain = InputPipeline(limits: Self.limits(), now: 0)
        #expect(Self.feed(&plain, [Array("hi\r\n".utf8)]).answers.isEmpty)
        var limits = Self.limits()
        limits.assumeTelnetOnCRLF = true
        var assuming = InputPipeline(limits: limits, now: 0)
        let (outputs, answers) = Self.feed(&assuming, [Array("hi\r\n".utf8)])
        #expect(outputs == Self.lines("hi"))
        #expect(!answers.isEmpty && answers.first == 255)
        #expect(assuming.telnet.isTelnet)
    }

    @Test func anOverlongLineIsReportedOnceAndTheLineBufferStaysBounded() {
        var limits = Self.limits()
        limits.maxLineBytes = 8
        var pipeline = InputPipeline(limits: limits, now: 0)
        let (outputs, _) = Self.feed(&pipeline, [Array("0123456789abcdef".utf8), Array("xyz\nok\n".utf8)])
        #expect(outputs == [.input(.lineTooLong)] + Self.lines("ok"))
        #expect(pipeline.pendingLineBytes == 0)
    }
}
