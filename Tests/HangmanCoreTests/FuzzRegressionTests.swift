import Foundation
import HangmanCore
import Testing

/// The game fuzzer's driver (`Fuzz/GameFuzzDriver.swift`, run by `scripts/fuzz game`) over its seed
/// corpus. An input the fuzzer finds (libFuzzer writes it as `crash-…`) is added to the corpus folder
/// with a name that says what it broke, so the corpus test replays it from then on.
@Suite struct GameFuzzRegressionTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz/corpus-game")

    static var corpusFiles: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? []).sorted()
    }

    @Test func theSeedCorpusExists() {
        #expect(Self.corpusFiles.count >= 4, "\(Self.corpus.path)")
    }

    @Test(arguments: corpusFiles) func corpusInputKeepsEveryInvariant(file: String) throws {
        let data = try Data(contentsOf: Self.corpus.appendingPathComponent(file))
        let report = GameFuzzDriver.play(Array(data))
        #expect(report.problems.isEmpty, "\(report.problems)")
    }

    /// The driver really plays: a turn holder guessing a–z in order finishes a classic game.
    @Test func theDriverPlaysGamesToTheEnd() {
        // flags 0 (classic, shipped list), custom, any length, 26 misses, 1 round, seed, 1 player.
        var program: [UInt8] = [0, 7, 0, 25, 0, 1, 2, 1]
        for letter in 0..<26 { program += [9, 0, UInt8(letter)] }
        let report = GameFuzzDriver.play(program)
        #expect(report.problems.isEmpty, "\(report.problems)")
        #expect(report.gamesFinished == 1)
        #expect(report.commands == 26)
    }
}
