import HangmanCore
import Testing

@testable import HangmanServer

/// The play path's rendering shortcuts give exactly the bytes of the long way: a board's letters
/// read from the round's bits and bytes, and a batch's JSON lines written into one writer.
@Suite(.ownThread) struct RenderPathTests {
    static let board = ModeWireSamples.board

    /// bit i: letter `a` + i guessed.
    static func bits(_ letters: String) -> UInt64 {
        letters.utf8.reduce(0) { $0 | 1 << UInt64($1 - UInt8(ascii: "a")) }
    }

    /// A round's guess order of `letters` (a–z).
    static func codes(_ letters: String) -> GuessOrder {
        var round = Round(word: "abcdefghijklmnopqrstuvwxyz", maxMisses: 26)
        for letter in letters { _ = round.guess(letter: letter) }
        return round.guessOrder
    }

    @Test func lettersFromBitsListWhatIsLeftInAlphabetOrder() {
        let letters = AvailableLetters(asciiGuessed: Self.bits("zeat"))
        #expect(letters.characters == Array("bcdfghijklmnopqrsuvwxy"))
        #expect(AvailableLetters(asciiGuessed: 0).characters == Array("abcdefghijklmnopqrstuvwxyz"))
        #expect(AvailableLetters(asciiGuessed: Self.bits("abcdefghijklmnopqrstuvwxyz")).characters.isEmpty)
    }

    /// The bits a board takes from an a–z round list exactly what the round lists (`Round.available`).
    @Test func aRoundsBitsListWhatTheRoundLists() throws {
        var round = Round(word: "hangman", maxMisses: 6)
        for letter in "zqamx" {
            _ = round.guess(letter: letter)
            let bits = try #require(round.asciiGuessedBits)
            #expect(AvailableLetters(asciiGuessed: bits).characters == round.available)
        }
        // Another language keeps its list: no bits.
        let german = Round(word: "haus", maxMisses: 6, alphabet: Alphabet(language: "de", extraLetters: "äöüß", folds: false))
        #expect(german.asciiGuessedBits == nil)
    }

    @Test func lettersAreEqualByWhatTheyListWhicheverWayStored() {
        let bits = AvailableLetters(asciiGuessed: Self.bits("ea"))
        let listed = AvailableLetters(Array("bcdfghijklmnopqrstuvwxyz"))
        #expect(bits == listed)
        #expect(listed == bits)
        #expect(bits != AvailableLetters(asciiGuessed: Self.bits("e")))
        #expect(bits != AvailableLetters(Array("bcd")))
        // Bits past z mean nothing.
        #expect(bits == AvailableLetters(asciiGuessed: Self.bits("ea") | 1 << 40))
    }

    @Test func aBoardWithLettersAsBitsIsTheSameStateOnTheWireAsWithAList() {
        let guessed = "etaoinshrdlu"
        var fromBits = Self.board
        fromBits.availableLetters = AvailableLetters(asciiGuessed: Self.bits(guessed))
        var listed = Self.board
        listed.available = Array("abcdefghijklmnopqrstuvwxyz").filter { !guessed.contains($0) }
        #expect(fromBits == listed)
        #expect(JSONRenderer.render(.state(fromBits)) == JSONRenderer.render(.state(listed)))
        #expect(
            TextRenderer.render(.state(fromBits), color: false, layout: .standard)
                == TextRenderer.render(.state(listed), color: false, layout: .standard))
        // Setting the list replaces the bits.
        fromBits.available = ["q"]
        #expect(String(decoding: JSONRenderer.render(.state(fromBits)), as: UTF8.self).contains(#""available":["q"]"#))
    }

    /// The bytes a board takes from an a–z round are the round's guessed letters in guessing order
    /// (`Round.guessed`), repeats, capitals and non-letters left out as the round leaves them.
    @Test func aRoundsGuessedBytesAreWhatTheRoundListsInOrder() throws {
        var round = Round(word: "hangman", maxMisses: 6)
        for letter in "zQa1mzx" {
            _ = round.guess(letter: letter)
            let bytes = try #require(round.asciiGuessed)
            #expect(GuessedLetters(ascii: bytes).characters == round.guessed)
            #expect(round.guessOrder.count == round.guessed.count)
        }
        #expect(round.guessed == Array("zqamx"))
        // Another language keeps its list: no bytes, and its letters as the alphabet writes them.
        var german = Round(word: "haus", maxMisses: 6, alphabet: Alphabet(language: "de", extraLetters: "äöüß", folds: false))
        for letter in "äsÖ" { _ = german.guess(letter: letter) }
        #expect(german.asciiGuessed == nil)
        #expect(german.guessed == Array("äsö"))
    }

    @Test func aBoardWithGuessedAsBytesIsTheSameStateOnTheWireAsWithAList() {
        let order = "etaoinzshrdlu"
        var fromBytes = Self.board
        fromBytes.guessedLetters = GuessedLetters(ascii: Self.codes(order))
        var listed = Self.board
        listed.guessed = Array(order)
        #expect(fromBytes == listed)
        #expect(listed == fromBytes)
        #expect(fromBytes.guessed == Array(order))
        #expect(JSONRenderer.render(.state(fromBytes)) == JSONRenderer.render(.state(listed)))
        for layout in [TextLayout.standard, TextLayout(columns: 80, rows: 24, spoken: true)] {
            #expect(
                TextRenderer.render(.state(fromBytes), color: false, layout: layout)
                    == TextRenderer.render(.state(listed), color: false, layout: layout))
        }
        // The order is part of the board: the same letters in another order are another board.
        var reordered = Self.board
        reordered.guessedLetters = GuessedLetters(ascii: Self.codes(String(order.reversed())))
        #expect(reordered != fromBytes)
        #expect(GuessedLetters(ascii: GuessOrder()) == GuessedLetters([]))
        #expect(GuessedLetters(ascii: GuessOrder()).isEmpty)
        // Setting the list replaces the bytes.
        fromBytes.guessed = ["q"]
        #expect(String(decoding: JSONRenderer.render(.state(fromBytes)), as: UTF8.self).contains(#""guessed":["q"]"#))
    }

    @Test func aBatchOfJSONEventsIsEachEventsLineInOrder() {
        let events: [Outbound] = [
            .guess(room: "home", player: "ann", letter: "a", word: nil, hit: true, count: 1, points: 1, board: nil),
            .state(Self.board),
            .chat(room: "home", from: "bob", text: "say \"hi\"\n"),
            .help(topic: nil, text: []),
        ]
        var rendered = RenderedEvent(events)
        let expected = events.flatMap { JSONRenderer.render($0) }
        #expect(rendered.bytes(for: .json) == expected)
        #expect(expected.filter { $0 == UInt8(ascii: "\n") }.count == events.count)
    }

    @Test func aPatternsLengthCountsLettersNotBytes() {
        #expect(JSONRenderer.characterCount("h_ll_") == 5)
        #expect(JSONRenderer.characterCount("") == 0)
        #expect(JSONRenderer.characterCount("_ä_ß") == 4)
        #expect(JSONRenderer.characterCount(String(repeating: "_", count: 40) + "é") == 41)
    }
}
