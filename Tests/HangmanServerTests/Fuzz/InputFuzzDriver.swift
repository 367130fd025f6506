// Shared by the libFuzzer target (Tests/Fuzz/FuzzInput.swift, built by scripts/fuzz with the pure
// input-path sources in one module, hence nothing to import there) and FuzzRegressionTests.
#if canImport(HangmanNet)
    import HangmanCore
    import HangmanNet
    import HangmanServer
#endif

/// Feeds fuzz bytes through the input path a connection uses — `InputPipeline` itself
/// (TelnetFilter → LineFramer with TextSanitizer → RateLimiter and the rate backlog), the value
/// `Connection` drives — then CommandParser, and reports every broken invariant.
///
/// Input: 4 header bytes (line limit, subnegotiation limit and backlog, chunking seed, rate
/// settings), then the bytes a client sends. The same bytes are fed once whole and once in
/// fuzz-sized chunks (with the clock advancing between chunks), both without a rate limit: they
/// must give the same lines, events and telnet answers. A third run feeds the chunks with the
/// rate limit, a small backlog and the handler pausing and resuming at fuzz-chosen moments.
/// Checked: lines are within the limit and hold no control character, escape sequence or invalid
/// UTF-8; telnet answers are well-formed (whole commands, whole subnegotiations or the AYT answer)
/// and bounded by the input (no amplification beyond the one-time offers and the AYT text); the
/// framer never holds more than the limit; with the rate, the lines handed out are the unlimited
/// run's lines in order with none invented, never more than burst + rate × time, the backlog never
/// holds more than its limit, drops are reported at most once a second (counted: a notice keeps
/// its place behind waiting lines), and when nothing was
/// reported dropped every line comes out in the end; the parser's results are well-formed
/// (letters are a–z, names and room names validated, `set` keys lower-case), and a
/// `set key value` line applied to `Settings` either leaves them valid or is refused unchanged.
enum InputFuzzDriver {
    static let words = WordList(words: ["cat", "dog", "lion", "tiger", "monkey", "rhythm", "abcdefghijklmnop"])
    static let second: UInt64 = 1_000_000_000

    static func limits(maxLine: Int, maxSub: Int, perSecond: Int, burst: Int, backlog: Int) -> TransportLimits {
        var limits = TransportLimits()
        limits.maxLineBytes = maxLine
        limits.maxSubnegotiationBytes = maxSub
        limits.maxGMCPBytes = maxSub
        limits.commandsPerSecond = perSecond
        limits.commandBurst = burst
        limits.rateBacklog = backlog
        limits.rateAbuseDisconnect = 100
        return limits
    }

    /// Everything `next` hands out at `now`, the handler pausing and resuming as `pause` says.
    static func drain(
        _ pipeline: inout InputPipeline, now: UInt64, pause: (Int) -> Bool = { _ in false }
    ) -> [InputPipeline.Output] {
        var outputs: [InputPipeline.Output] = []
        var step = 0
        while true {
            pipeline.setPaused(pause(step))
            step += 1
            if let output = pipeline.next(now: now) {
                outputs.append(output)
            } else if pipeline.isPaused {
                pipeline.setPaused(false)
                guard let output = pipeline.next(now: now) else { break }
                outputs.append(output)
            } else {
                break
            }
        }
        return outputs
    }

    static func lines(_ outputs: [InputPipeline.Output]) -> [InputEvent] {
        outputs.compactMap { output in
            guard case .input(let event) = output, event != .rateLimited else { return nil }
            return event
        }
    }

    static func run(_ input: [UInt8]) -> [String] {
        guard input.count >= 4 else { return [] }
        let maxLine = [1, 2, 8, 16, 64, 512][Int(input[0]) % 6]
        let maxSub = Int(input[1] % 20)
        let backlog = [1, 3, 20, 200][Int(input[1] / 20) % 4]
        var seed = UInt32(input[2]) &+ 1
        let perSecond = [1, 3, 10, 500, 1_000_000][Int(input[3]) % 5]
        let burst = max(2 * perSecond, [2, 20, 1000, 2_000_000][Int(input[3] >> 4) % 4])
        let payload = Array(input[4...])
        var problems: [String] = []

        let unlimited = limits(maxLine: maxLine, maxSub: maxSub, perSecond: 0, burst: 1, backlog: backlog)
        var whole = InputPipeline(limits: unlimited, now: 0)
        var wholeAnswers: [UInt8] = []
        whole.receive(payload, responses: &wholeAnswers)
        let wholeOutputs = drain(&whole, now: 0)
        let wholeLines = lines(wholeOutputs)

        var chunked = InputPipeline(limits: unlimited, now: 0)
        var chunkedAnswers: [UInt8] = []
        var chunkedOutputs: [InputPipeline.Output] = []
        let rateLimits = limits(maxLine: maxLine, maxSub: maxSub, perSecond: perSecond, burst: burst, backlog: backlog)
        var rated = InputPipeline(limits: rateLimits, now: 0)
        var ratedAnswers: [UInt8] = []
        var ratedOutputs: [InputPipeline.Output] = []
        var now: UInt64 = 0
        var notices = 0
        var disconnected = false
        var offset = 0
        while offset < payload.count {
            seed = seed &* 1_103_515_245 &+ 12345
            let size = Int(seed >> 16) % 17 + 1
            let end = min(payload.count, offset + size)
            let chunk = Array(payload[offset..<end])
            chunked.receive(chunk, responses: &chunkedAnswers)
            chunkedOutputs += drain(&chunked, now: now)
            if chunked.pendingLineBytes > maxLine {
                problems.append("framer holds \(chunked.pendingLineBytes) bytes over the \(maxLine) limit")
            }
            if !disconnected {
                // The connection reads nothing while the backlog is full (TCP pushes back): the
                // chunk is read once the rate has made room.
                while rated.isBacklogFull {
                    now += max(1, rated.nanosUntilNext(now: now) ?? second)
                    ratedOutputs += drain(&rated, now: now)
                }
                rated.receive(chunk, responses: &ratedAnswers)
                let pauses = seed >> 8
                let outputs = drain(&rated, now: now) { step in step < 32 && pauses & (1 << step) != 0 }
                for output in outputs {
                    if output == .input(.rateLimited) {
                        // Decided at most once a second; a notice waiting behind lines may go out
                        // later than the next, so count them rather than time each gap.
                        notices += 1
                        if UInt64(notices) > now / second + 1 {
                            problems.append("\(notices) rate_limited notices by \(now) ns: more than one a second")
                        }
                    }
                    if output == .disconnect { disconnected = true }
                }
                ratedOutputs += outputs
                if rated.heldLines > backlog { problems.append("backlog holds \(rated.heldLines) > \(backlog)") }
            }
            // Up to ~2 s between chunks, in uneven steps.
            now += UInt64(seed % 2_000_003) * 1000
            offset = end
        }
        let allowed = UInt64(burst) + UInt64(perSecond) * (now / second + 1)
        let ratedLines = lines(ratedOutputs)
        if UInt64(ratedLines.count) > allowed { problems.append("rate limiter admitted \(ratedLines.count) > \(allowed)") }
        // Later, with time enough for the rate, whatever waits comes out.
        if !disconnected {
            // The backlog, and at most one chunk's lines read past it (17 bytes: 17 empty lines).
            for _ in 0..<(backlog + 20) {
                now += second
                ratedOutputs += drain(&rated, now: now)
            }
            if rated.hasBacklog { problems.append("the backlog never drained") }
        }
        checkRated(lines(ratedOutputs), whole: wholeLines, outputs: ratedOutputs, problems: &problems)

        let ignoringTerminal = { (outputs: [InputPipeline.Output]) in outputs.filter { $0 != .terminalChanged } }
        if ignoringTerminal(wholeOutputs) != ignoringTerminal(chunkedOutputs) {
            problems.append("chunking changed the lines: \(wholeOutputs) vs \(chunkedOutputs)")
        }
        if wholeAnswers != chunkedAnswers { problems.append("chunking changed the telnet answers") }
        if ratedAnswers != chunkedAnswers && !disconnected { problems.append("the rate changed the telnet answers") }
        checkResponses(wholeAnswers, problems: &problems)
        // Per 2 input bytes at most one 3-byte answer or one 9-byte AYT answer, plus subnegotiation
        // replies (TTYPE SEND, CHARSET) no longer than their 6+ byte trigger, plus the offers once.
        if wholeAnswers.count > 21 + 5 * payload.count {
            problems.append("\(wholeAnswers.count) answer bytes for \(payload.count) input bytes")
        }
        for event in wholeLines {
            guard case .line(let line) = event else { continue }
            checkLine(line, maxLine: maxLine, problems: &problems)
            checkParse(line, problems: &problems)
        }
        // Echo hiding on and off in the middle of negotiation must stay well-formed too.
        var toggled = TelnetFilter(maxSubnegotiationBytes: maxSub, maxGMCPBytes: maxSub)
        var answers: [UInt8] = []
        var dataBytes = 0
        var hide = true
        for (index, byte) in payload.enumerated() {
            if index % 7 == 3 {
                answers += toggled.setEchoHidden(hide)
                hide.toggle()
            }
            var sink: [UInt8] = []
            [byte].withUnsafeBytes { raw in toggled.process(raw, responses: &sink) { dataBytes += $0.count } }
            answers += sink
        }
        if dataBytes > payload.count { problems.append("telnet filter made data out of nothing") }
        checkResponses(answers, problems: &problems)
        return problems
    }

    /// The rate-limited run hands out the unlimited run's lines in order, none invented; when no
    /// drop was reported (nor a disconnect), all of them.
    static func checkRated(
        _ rated: [InputEvent], whole: [InputEvent], outputs: [InputPipeline.Output], problems: inout [String]
    ) {
        var index = whole.startIndex
        for line in rated {
            while index < whole.endIndex, whole[index] != line { index += 1 }
            guard index < whole.endIndex else {
                problems.append("the rate reordered or invented lines: \(rated) from \(whole)")
                return
            }
            index += 1
        }
        let dropped = outputs.contains(.input(.rateLimited)) || outputs.contains(.disconnect)
        if !dropped && rated.count != whole.count {
            problems.append("\(whole.count - rated.count) lines lost without a rate_limited notice")
        }
    }

    /// Answers must be whole: `IAC WILL/WONT/DO/DONT x`, `IAC SB … IAC SE` or the AYT answer.
    static func checkResponses(_ responses: [UInt8], problems: inout [String]) {
        let ayt = Array("\r\n[yes]\r\n".utf8)
        var index = 0
        while index < responses.count {
            if responses[index] != 255 {
                guard responses.count - index >= ayt.count, Array(responses[index..<index + ayt.count]) == ayt else {
                    problems.append("telnet answers hold stray bytes at \(index): \(responses)")
                    return
                }
                index += ayt.count
                continue
            }
            guard index + 2 < responses.count else {
                problems.append("telnet answer cut short: \(responses[index...])")
                return
            }
            let verb = responses[index + 1]
            if (251...254).contains(verb) {
                index += 3
            } else if verb == 250 {
                var end = index + 3
                while end + 1 < responses.count, !(responses[end] == 255 && responses[end + 1] == 240) {
                    end += responses[end] == 255 ? 2 : 1
                }
                guard end + 1 < responses.count else {
                    problems.append("unterminated subnegotiation in the answers")
                    return
                }
                index = end + 2
            } else {
                problems.append("malformed telnet answer \(Array(responses[index...(index + 2)]))")
                return
            }
        }
    }

    static func checkLine(_ line: String, maxLine: Int, problems: inout [String]) {
        if line.utf8.count > maxLine { problems.append("line of \(line.utf8.count) bytes over \(maxLine)") }
        for scalar in line.unicodeScalars {
            let value = scalar.value
            if (value < 0x20 && value != 0x09) || (0x7F...0x9F).contains(value) {
                problems.append("control U+\(String(value, radix: 16)) in \(line.debugDescription)")
            }
        }
    }

    static func checkParse(_ line: String, problems: inout [String]) {
        let parsed: Command
        switch CommandParser.parse(line) {
        case .failure(let error):
            if error.message.isEmpty || error.code.rawValue.isEmpty { problems.append("an error without words") }
            return
        case .success(let command):
            parsed = command
        }
        func spaced(_ text: String) -> Bool {
            text.first == " " || text.last == " " || text.first == "\t" || text.last == "\t"
        }
        switch parsed {
        case .guessLetter(let letter):
            if !("a"..."z").contains(letter) { problems.append("guess of \(letter.debugDescription)") }
        case .guessWord(let word):
            if word.isEmpty || !word.allSatisfy({ ("a"..."z").contains($0) }) {
                problems.append("word guess \(word.debugDescription)")
            }
        case .name(let name), .bare(let name):
            if name.isEmpty || spaced(name) { problems.append("name/bare \(name.debugDescription) untrimmed") }
            if CommandParser.validateName(name) == nil,
                !(1...16).contains(name.utf8.count) || name.contains(" ")
            {
                problems.append("validateName accepted \(name.debugDescription)")
            }
        case .create(let room, _), .join(let room, _), .watch(let room, _):
            if room.isEmpty || room.contains(" ") { problems.append("room \(room.debugDescription)") }
            if CommandParser.validateRoomName(room) == nil,
                !(1...24).contains(room.utf8.count) || !room.unicodeScalars.allSatisfy(\.isASCII)
            {
                problems.append("validateRoomName accepted \(room.debugDescription)")
            }
        case .set(let key, let value):
            if key.isEmpty || value.isEmpty || key != key.lowercased() || key.contains(" ") {
                problems.append("set \(key.debugDescription) \(value.debugDescription)")
            }
            var settings = Settings()
            do {
                try settings.set(key, value, words: words)
                if (try? settings.validate(words: words)) == nil {
                    problems.append("set \(key) \(value.debugDescription) gave invalid settings")
                }
            } catch {
                if settings != Settings() { problems.append("a refused set changed the settings") }
            }
        case .top(let count), .topMonth(_, let count):
            if let count, count < 1 { problems.append("top \(count)") }
        case .game(let id), .historyDelete(let id):
            if id < 1 { problems.append("game id \(id)") }
        case .say(let text):
            if spaced(text) { problems.append("say \(text.debugDescription) untrimmed") }
        default:
            break
        }
    }
}
