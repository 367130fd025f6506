import Foundation
import Testing

@testable import HangmanStore

/// `ranked` arrived after outbox files existed: a record written before it must still replay, ranked.
@Suite struct RankedFlagTests {
    @Test func anOutboxRecordWrittenBeforeTheFlagDecodesAsRanked() throws {
        let old = """
            {"id":"00000000-0000-4000-8000-000000000007","room":"r","mode":"normal","difficulty":"normal",
            "rounds":[],"results":[{"name":"Ann","score":3,"rank":1,"solved":1,"failed":0}],
            "started":1,"ended":2}
            """
        let record = try JSONDecoder().decode(GameRecord.self, from: Data(old.utf8))
        #expect(record.ranked)
        #expect(record.results.map(\.ranked) == [true])
        #expect(record.results.first?.name == "Ann")
    }

    @Test func theFlagsSurviveARoundTrip() throws {
        let record = GameRecord(
            room: "r", mode: "setter", difficulty: "normal", rounds: [],
            results: [PlayerResult(name: "bot-easy", score: 1, rank: 1, solved: 1, failed: 0, ranked: false)],
            started: 1, ended: 2, ranked: false)
        let back = try JSONDecoder().decode(GameRecord.self, from: JSONEncoder().encode(record))
        #expect(back == record)
        #expect(!back.ranked)
        #expect(back.results.first?.ranked == false)
    }
}
