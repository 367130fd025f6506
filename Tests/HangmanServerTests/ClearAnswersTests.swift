import Foundation
import HangmanCore
import HangmanServer
import HangmanTesting
import Testing

/// What a newcomer gets for a command that finds nothing or is typed wrong: an answer that says
/// what is missing, in ASCII (text output is ASCII apart from what players type), with every
/// setting key the server takes.
@Suite(.ownThread) struct ClearAnswersTests {
    /// `stats` of a player who exists but has finished no game (a guest online now, the asker) is
    /// their totals: zero games, no rank. It was `invalid_input` ("Ann has no games on record
    /// yet"), the code of a command typed wrong, and "nobody has no games on record yet" for a name
    /// nobody holds, which is `no_such_player`.
    @Test func statsOfAPlayerWithNoGamesSaysSo() {
        let table = TestTable(words: ["ab"])
        let ann = table.player("Ann")
        _ = table.player("Bob")
        for (line, name) in [("stats", "Ann"), ("stats bob", "bob")] {
            table.type(line, on: ann)
            let events = ann.events()
            let stats = events.first { $0.type == "stats" }
            #expect(stats?["player"] as? String == name, "\(line): \(events)")
            #expect(stats?["games"] as? Int == 0)
            #expect(stats?["rank"] is NSNull)
        }
        table.type("stats nobody", on: ann)
        let theirs = ann.events().first { $0.type == "error" }
        #expect(theirs?["code"] as? String == "no_such_player")
        #expect(theirs?["message"] as? String == "nobody called nobody has played or registered here")
    }

    @Test func anUnknownGameIdIsNamed() {
        let table = TestTable(words: ["ab"])
        let ann = table.player("Ann")
        table.type("game 999", on: ann)
        let error = ann.events().first { $0.type == "error" }
        #expect(error?["code"] as? String == "invalid_input")
        #expect(error?["message"] as? String == "there is no game 999; history shows the ids of your games")
    }

    @Test func deletingAGameNotInYourHistoryIsNamed() {
        let table = TestTable(words: ["ab"])
        let ann = table.player("Ann")
        table.type("register sesame", on: ann)
        table.type("history delete 42", on: ann)
        let error = ann.events().first { $0.type == "error" }
        #expect(error?["message"] as? String == "game 42 is not in your history")
    }

    @Test func topUsageIsASCII() {
        for line in ["top 0", "top -3", "top month 0", "top 2026-05 x"] {
            guard case .failure(let error) = CommandParser.parse(line) else {
                Issue.record("\(line) parsed")
                continue
            }
            let ascii = error.message.unicodeScalars.allSatisfy { $0.isASCII }
            #expect(ascii, "\(line): \(error.message)")
        }
        let table = TestTable(words: ["ab"])
        let ann = table.player("Ann", json: false)
        table.type("top 0", on: ann)
        let screen = ann.takeText()
        let ascii = screen.unicodeScalars.allSatisfy { $0.isASCII }
        #expect(screen.contains("top [n]") && ascii, "\(screen)")
    }

    @Test func setUsageNamesEveryKey() {
        guard case .failure(let error) = CommandParser.parse("set") else {
            Issue.record("set parsed")
            return
        }
        for key in Settings.keys {
            #expect(error.message.contains(key), "\(key) missing from: \(error.message)")
        }
    }
}
