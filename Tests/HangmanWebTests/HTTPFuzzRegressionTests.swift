import Foundation
import Testing

@testable import HangmanWeb

/// The HTTP parser's fuzz driver (`Fuzz/HTTPFuzzDriver.swift`, run by `scripts/fuzz http`) over its
/// seed corpus; an input the fuzzer finds is added to Tests/Fuzz/corpus-http and replayed here.
@Suite struct HTTPFuzzRegressionTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz/corpus-http")

    static var corpusFiles: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? []).sorted()
    }

    @Test func theSeedCorpusExists() {
        #expect(Self.corpusFiles.count >= 5, "\(Self.corpus.path)")
    }

    @Test(arguments: corpusFiles) func corpusInputKeepsEveryInvariant(file: String) throws {
        let data = try Data(contentsOf: Self.corpus.appendingPathComponent(file))
        #expect(HTTPFuzzDriver.run(Array(data)).isEmpty)
    }

    /// The checks can fail: a traversal segment and an output after a failure are caught.
    @Test func theChecksCatchBadOutputs() {
        var problems: [String] = []
        let request = HTTPRequest(method: "GET", segments: [".."], query: [:], minorVersion: 1, headers: [], keepAlive: true)
        HTTPFuzzDriver.check([.failure(.headersTooLarge), .request(request)], limits: HTTPLimits(), problems: &problems)
        #expect(problems.count == 2, "\(problems)")
    }

    /// Random bytes and random mutations of real requests, a few thousand of each, in the suite.
    @Test func randomInputsKeepEveryInvariant() {
        var rng = SystemRandomNumberGenerator()
        let seeds = Self.corpusFiles.compactMap { try? Data(contentsOf: Self.corpus.appendingPathComponent($0)) }.map {
            Array($0)
        }
        for round in 0..<3000 {
            var input: [UInt8]
            if round % 2 == 0, let seed = seeds.randomElement(using: &rng) {
                input = seed
                for _ in 0..<Int.random(in: 1...6, using: &rng) where !input.isEmpty {
                    input[Int.random(in: 0..<input.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng)
                }
            } else {
                input = (0..<Int.random(in: 0...300, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            }
            let problems = HTTPFuzzDriver.run(input)
            #expect(problems.isEmpty, "\(input): \(problems)")
            if !problems.isEmpty { return }
        }
    }
}
