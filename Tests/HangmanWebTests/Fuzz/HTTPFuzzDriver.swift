// Shared by the libFuzzer target (Tests/Fuzz/FuzzHTTP.swift, built by scripts/fuzz with the
// HangmanWeb HTTP sources in one module, hence nothing to import there) and HTTPFuzzRegressionTests.
#if canImport(HangmanWeb)
    @testable import HangmanWeb
#endif

/// Feeds fuzz bytes to `HTTPRequestParser` and reports every broken invariant.
///
/// Input: 2 header bytes (the header limit, a chunking seed), then the bytes a client sends. Fed
/// once whole and once in fuzz-sized chunks: both must give the same outputs. Checked: at most one
/// failure, and only last; nothing after the parser finished; the parser never holds more than the
/// limit; a request that does not keep the connection alive is the last output; every request's
/// method is a token, its segments are never empty, `.` or `..`, and hold no `/`, `\` or control
/// character; the route of every request is total (no crash).
enum HTTPFuzzDriver {
    static func run(_ data: [UInt8]) -> [String] {
        guard data.count >= 2 else { return [] }
        let limits = HTTPLimits(maxHeaderBytes: 64 + Int(data[0]) * 8)
        let seed = Int(data[1])
        let body = Array(data.dropFirst(2))
        var problems: [String] = []

        var whole = HTTPRequestParser(limits: limits)
        let all = whole.receive(body, now: 0)
        check(all, limits: limits, problems: &problems)
        if whole.bufferedBytes > limits.maxHeaderBytes { problems.append("holds \(whole.bufferedBytes) bytes") }

        var chunked = HTTPRequestParser(limits: limits)
        var pieces: [HTTPRequestParser.Output] = []
        var index = 0
        var step = 0
        while index < body.count {
            let size = 1 + (seed &+ step &* 7) % 13
            let end = min(body.count, index + size)
            pieces += chunked.receive(body[index..<end], now: UInt64(step))
            if chunked.bufferedBytes > limits.maxHeaderBytes { problems.append("holds \(chunked.bufferedBytes) bytes in chunks") }
            index = end
            step += 1
        }
        if pieces != all { problems.append("chunked run differs: \(pieces.count) against \(all.count) outputs") }
        return problems
    }

    static func check(_ outputs: [HTTPRequestParser.Output], limits: HTTPLimits, problems: inout [String]) {
        for (index, output) in outputs.enumerated() {
            let last = index == outputs.count - 1
            switch output {
            case .failure(let error):
                if !last { problems.append("output after the failure \(error)") }
            case .request(let request):
                if !request.keepAlive, !last { problems.append("output after a closing request") }
                if request.method.isEmpty || !request.method.utf8.allSatisfy(HTTPRequestParser.isToken) {
                    problems.append("bad method \(request.method.debugDescription)")
                }
                for segment in request.segments {
                    let bad =
                        segment.isEmpty || segment == "." || segment == ".." || segment.contains("/") || segment.contains("\\")
                        || segment.unicodeScalars.contains { $0.value < 32 || $0.value == 127 }
                    if bad { problems.append("bad segment \(segment.debugDescription)") }
                }
                _ = WebRoute.match(request)
            }
        }
    }
}
