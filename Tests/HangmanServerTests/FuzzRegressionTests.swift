import Foundation
import HangmanNet
import Testing

/// The input-path fuzzer's driver (`Fuzz/InputFuzzDriver.swift`, run by `scripts/fuzz input`) over
/// its seed corpus. An input the fuzzer finds (libFuzzer writes it as `crash-…`) is added to the
/// corpus folder with a name that says what it broke, so the corpus test replays it from then on.
@Suite(.ownThread) struct InputFuzzRegressionTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz/corpus-input")

    static var corpusFiles: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? []).sorted()
    }

    @Test func theSeedCorpusExists() {
        #expect(Self.corpusFiles.count >= 5, "\(Self.corpus.path)")
    }

    @Test(arguments: corpusFiles) func corpusInputKeepsEveryInvariant(file: String) throws {
        let data = try Data(contentsOf: Self.corpus.appendingPathComponent(file))
        let problems = InputFuzzDriver.run(Array(data))
        #expect(problems.isEmpty, "\(problems)")
    }

    /// The checks can fail: a line with a control character or over the limit is caught.
    @Test func theChecksCatchBadLines() {
        var problems: [String] = []
        InputFuzzDriver.checkLine("a\u{1B}[31m", maxLine: 512, problems: &problems)
        InputFuzzDriver.checkLine("abc", maxLine: 2, problems: &problems)
        InputFuzzDriver.checkResponses([255, 252, 1, 255, 241, 1], problems: &problems)
        #expect(problems.count == 3, "\(problems)")
    }
}
