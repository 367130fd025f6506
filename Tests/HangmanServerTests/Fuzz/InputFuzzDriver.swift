// Shared by the libFuzzer target (Tests/Fuzz/FuzzInput.swift, built by scripts/fuzz with the pure
// input-path sources in one module, hence nothing to import there) and FuzzRegressionTests.
#if canImport(HangmanNet)
    import HangmanCore
    import HangmanNet
    import HangmanServer
#endif

/// Feeds fuzz bytes through the input path a connection uses — TelnetFilter → LineFramer (with
/// TextSanitizer) → RateLimiter → CommandParser — and reports every broken invariant.
///
/// Input: 4 header bytes (line limit, subnegotiation limit, chunking seed, rate settings), then the
/// bytes a client sends. The same bytes are fed once whole and once in fuzz-sized chunks (with the
/// clock advancing between chunks); both must give the same lines and telnet answers. Checked:
/// lines are within the limit and hold no control character, escape sequence or invalid UTF-8;
/// telnet answers are well-formed (whole commands, whole subnegotiations or the AYT answer) and
/// bounded by the input (no amplification beyond the one-time offers and the AYT text); the framer never holds more than the limit; the rate limiter never admits more
/// than burst + rate × time nor reports more than once a second; the parser's results are
/// well-formed (letters are a–z, names and room names validated, `set` keys lower-case), and a
/// `set key value` line applied to `Settings` either leaves them valid or is refused unchanged.
enum InputFuzzDriver {
    static let words = WordList(words: ["cat", "dog", "lion", "tiger", "monkey", "rhythm", "abcdefghijklmnop"])

    struct Pipeline {
        var telnet: TelnetFilter
        var framer: LineFramer
        var events: [InputEvent] = []
        var responses: [UInt8] = []
        var dataBytes = 0

        init(maxLine: Int, maxSub: Int) {
            telnet = TelnetFilter(maxSubnegotiationBytes: maxSub)
            framer = LineFramer(maxLineBytes: maxLine)
        }

        mutating func feed(_ chunk: ArraySlice<UInt8>) {
            var data: [UInt8] = []
            chunk.withUnsafeBytes { raw in
                telnet.process(raw, responses: &responses) { data.append(contentsOf: $0) }
            }
            dataBytes += data.count
            var out: [InputEvent] = []
            data.withUnsafeBytes { raw in framer.feed(raw) { out.append($0) } }
            events += out
        }
    }

    static func run(_ input: [UInt8]) -> [String] {
        guard input.count >= 4 else { return [] }
        let maxLine = [1, 2, 8, 16, 64, 512][Int(input[0]) % 6]
        let maxSub = Int(input[1] % 20)
        var seed = UInt32(input[2]) &+ 1
        let perSecond = [1, 3, 10, 500, 1_000_000][Int(input[3]) % 5]
        let burst = max(2 * perSecond, [2, 20, 1000, 2_000_000][Int(input[3] >> 4) % 4])
        let payload = input[4...]
        var problems: [String] = []

        var whole = Pipeline(maxLine: maxLine, maxSub: maxSub)
        whole.feed(payload)

        var chunked = Pipeline(maxLine: maxLine, maxSub: maxSub)
        var limiter = RateLimiter(perSecond: perSecond, burst: burst, abuseLimit: 100, now: 0)
        var now: UInt64 = 0
        var accepted = 0
        var lastNotice: UInt64?
        var lastDisconnect = false
        var offset = payload.startIndex
        while offset < payload.endIndex {
            seed = seed &* 1_103_515_245 &+ 12345
            let size = Int(seed >> 16) % 17 + 1
            let end = min(payload.endIndex, offset + size)
            let before = chunked.events.count
            chunked.feed(payload[offset..<end])
            if chunked.framer.pendingBytes > maxLine {
                problems.append("framer holds \(chunked.framer.pendingBytes) bytes over the \(maxLine) limit")
            }
            for _ in before..<chunked.events.count {
                switch limiter.admit(now: now) {
                case .accept: accepted += 1
                case .drop(let notify):
                    if notify {
                        if let last = lastNotice, now - last < 1_000_000_000 {
                            problems.append("rate_limited reported twice within a second")
                        }
                        lastNotice = now
                    }
                case .disconnect: lastDisconnect = true
                }
            }
            // Up to ~2 s between chunks, in uneven steps.
            now += UInt64(seed % 2_000_003) * 1000
            offset = end
        }
        let allowed = UInt64(burst) + UInt64(perSecond) * (now / 1_000_000_000 + 1)
        if UInt64(accepted) > allowed { problems.append("rate limiter admitted \(accepted) > \(allowed)") }
        _ = lastDisconnect

        if whole.events != chunked.events {
            problems.append("chunking changed the lines: \(whole.events) vs \(chunked.events)")
        }
        if whole.responses != chunked.responses { problems.append("chunking changed the telnet answers") }
        if whole.dataBytes > payload.count { problems.append("telnet filter made data out of nothing") }
        checkResponses(whole.responses, problems: &problems)
        // Per 2 input bytes at most one 3-byte answer or one 9-byte AYT answer, plus subnegotiation
        // replies (TTYPE SEND, CHARSET) no longer than their 6+ byte trigger, plus the offers once.
        if whole.responses.count > 21 + 5 * payload.count {
            problems.append("\(whole.responses.count) answer bytes for \(payload.count) input bytes")
        }
        for event in whole.events {
            guard case .line(let line) = event else { continue }
            checkLine(line, maxLine: maxLine, problems: &problems)
            checkParse(line, problems: &problems)
        }
        // Echo hiding on and off in the middle of negotiation must stay well-formed too.
        var toggled = TelnetFilter(maxSubnegotiationBytes: maxSub)
        var answers: [UInt8] = []
        var hide = true
        for (index, byte) in payload.enumerated() {
            if index % 7 == 3 {
                answers += toggled.setEchoHidden(hide)
                hide.toggle()
            }
            var sink: [UInt8] = []
            [byte].withUnsafeBytes { raw in toggled.process(raw, responses: &sink) { _ in } }
            answers += sink
        }
        checkResponses(answers, problems: &problems)
        return problems
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
