import HangmanCore
import Testing

@testable import HangmanServer

/// Chat and a setter's hint reach other players without format characters or U+2028/2029; names,
/// room names and words refuse them as before (issue 36, item 2).
@Suite(.ownThread) struct InvisibleTextTests {
    @Test(arguments: [
        ("say \u{202E}olleh", Command.say("olleh")),
        ("'\u{200B}hi\u{2028}all\u{2029}", Command.say("hiall")),
        ("say \u{FEFF} \u{2066}x\u{2069}", Command.say("x")),
        ("say x\u{E0041}\u{E0042}", Command.say("x")),
        ("word cat a small \u{202E}tep", Command.setWord(word: "cat", hint: "a small tep")),
    ])
    func freeTextLosesInvisibleCharacters(_ line: String, _ expected: Command) {
        #expect(CommandParser.parse(line) == .success(expected))
    }

    @Test func namesRoomNamesAndWordsStillRefuseThem() {
        #expect(CommandParser.validateName("bob\u{200D}") != nil)
        #expect(CommandParser.validateRoomName("arena\u{202E}") != nil)
        let settings = Settings()
        let check = SetterWord.check("ca\u{200B}t", settings: settings, blocklist: Blocklist())
        #expect((try? check.get()) == nil)
        #expect(WordList(words: ["ca\u{200D}t"]).count(length: nil, distinctLetters: nil) == 0)
    }
}
