/// A tiny `--name value` parser shared by the modes.
struct Options {
    private(set) var values: [String: String] = [:]
    private(set) var positional: [String] = []

    /// Splits `arguments` into `--name value` pairs (only `names`) and positional arguments.
    init(_ arguments: [String], names: Set<String>) throws(BenchError) {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument.hasPrefix("--") {
                let name = String(argument.dropFirst(2))
                guard names.contains(name) else { throw .usage("unknown option \(argument)") }
                guard index + 1 < arguments.count else { throw .usage("\(argument) needs a value") }
                values[name] = arguments[index + 1]
                index += 2
            } else {
                positional.append(argument)
                index += 1
            }
        }
    }

    /// The integer option `name` within `range`, or `fallback` when absent.
    func int(_ name: String, default fallback: Int, in range: ClosedRange<Int>) throws(BenchError) -> Int {
        guard let text = values[name] else { return fallback }
        guard let value = Int(text), range.contains(value) else {
            throw .usage("--\(name) must be a number \(range.lowerBound)...\(range.upperBound)")
        }
        return value
    }
}
