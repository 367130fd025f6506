import Testing

@testable import HangmanStore

/// Monthly standings read for any subset of a month's players rank as the whole board does (the
/// statement reads the histogram only between the lowest and the highest player it finds).
@Suite(.ownThread) struct StandingsSubsetTests {
    /// Standings read for a few players at a time (one, or a handful spread over the blocks): the
    /// statement reads the histogram only between the lowest and the highest of the players it finds, so
    /// each subset must still rank as the whole board does.
    @Test(arguments: StoreKind.engines)
    func standingsOfAnySubsetAgreeWithTheBoard(kind: StoreKind) throws {
        let harness = try Harness(kind)
        var model = MonthRankTests.Model()
        try MonthRankTests.merge(
            MonthRankTests.games(150, seed: 23, months: [MonthRankTests.may]), into: harness.store, model: &model)
        let board = Dictionary(uniqueKeysWithValues: model.board(MonthRankTests.may).map { ($0.name, $0) })
        var random = MonthRankTests.Random(state: 31)
        var subsets = MonthRankTests.names.map { [$0] }
        for _ in 0..<30 {
            subsets.append((0...random.next(5)).map { _ in MonthRankTests.names[random.next(MonthRankTests.names.count)] })
        }
        for subset in subsets {
            let standings = try value {
                harness.store.monthlyStandings(month: MonthRankTests.may, players: subset, completion: $0)
            }
            let expected: [MonthlyStanding] = subset.compactMap { name in
                board[name.lowercased()].map { standing in
                    var standing = standing
                    standing.name = name
                    return standing
                }
            }
            #expect(standings == expected, "\(subset)")
        }
    }
}
