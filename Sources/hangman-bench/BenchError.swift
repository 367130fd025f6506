/// How a benchmark run fails: bad usage (exit 2) or a failure while running (exit 1).
enum BenchError: Error {
    case usage(String)
    case failed(String)
}
