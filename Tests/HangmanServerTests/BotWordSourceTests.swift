import Foundation
import HangmanCore
import HangmanTesting
import Testing

@testable import HangmanServer

/// A house bot plans from the list the room's round was drawn from (`Room.botWords`): in a German
/// room the German list, in an animals room the animals, in a private room its own words. Each case
/// races one seeded round against an idle person; the bot's misses are compared with what the same
/// strong brain makes of the same word planning from the main English list (what bots did before).
@Suite(.ownThread) struct BotWordSourceTests {
    static let config = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Config")
    static let english: WordList = {
        let data = FileManager.default.contents(atPath: config.appendingPathComponent("words.plist").path) ?? Data()
        return WordList.parse([UInt8](data)).list
    }()
    static let german: WordList? = WordFiles.loadLanguage(
        code: "de", path: config.appendingPathComponent("words-de.plist").path, foldAccents: true
    ).list
    static let animals: [String] = {
        let path = config.appendingPathComponent("categories/animals.txt").path
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") }
    }()

    /// Ann hosts a private race room of one round with a strong bot; `setup` picks its words, then
    /// the game starts and the clock runs until the bot is done. Returns the word and the bot's misses.
    func race(_ setup: [String]) throws -> (word: String, misses: Int, solved: Bool) {
        let german = try #require(Self.german)
        let table = TestTable(
            words: Self.english.words(length: nil, distinctLetters: nil), categories: ["animals": Self.animals],
            languages: ["de": german])
        let ann = table.player("Ann")
        for line in ["create den secret", "set mode race", "set rounds 1", "set misses 10", "bot add strong"] + setup
            + ["start"]
        {
            table.type(line, on: ann)
        }
        var progress: [String: Any]?
        var word: String?
        for _ in 0..<200 {
            table.advance(by: 1)
            let seen = ann.events()
            if let last = seen.last(where: { $0.type == "race_progress" && ($0["player"] as? String)?.hasPrefix("bot") == true })
            {
                progress = last
            }
            word = word ?? seen.first { $0.type == "round_over" }?["word"] as? String
            if let status = progress?["status"] as? String, status != "racing" { break }
        }
        let misses = try #require(progress?["misses"] as? Int)
        return (word ?? "", misses, progress?["status"] as? String == "solved")
    }

    /// The strong brain on `word` planning from `list` (through the transport's legal-move check, as
    /// the bot plays): its misses until it solves, at most 26.
    static func misses(solving word: String, from list: WordList, alphabet: Alphabet) -> Int {
        var brain = BotBrain(level: .strong)
        var rng = SeededRandom(seed: 1)
        var guessed: [Character] = []
        var keys: Set<UInt8> = []
        var tried: Set<String> = []
        var misses = 0
        let letters = Array(word)
        while misses < 26 {
            let pattern = String(letters.map { alphabet.key(for: $0).map(keys.contains) == true ? $0 : "_" })
            if !pattern.contains("_") { return misses }
            let available = alphabet.guessable.filter { !guessed.contains($0) }
            let board = BotTransport.Board(
                pattern: pattern, guessed: guessed, available: available, misses: misses)
            let planned = brain.move(pattern: pattern, guessed: guessed, words: list, rng: &rng)
            switch BotTransport.checked(planned, board, tried: tried) {
            case .letter(let letter):
                guessed.append(letter)
                guard let key = alphabet.key(for: letter) else { return 26 }
                keys.insert(key)
                if !letters.contains(where: { alphabet.key(for: $0) == key }) { misses += 1 }
            case .word(let guess):
                if guess == word { return misses }
                tried.insert(guess)
                misses += 1
            case nil:
                return 26
            }
        }
        return misses
    }

    @Test func inAGermanRoomTheBotPlansFromTheGermanList() throws {
        let german = try #require(Self.german)
        let (word, misses, solved) = try race(["set language de"])
        #expect(solved && misses <= 3, "\(word): \(misses) misses")
        #expect(misses == Self.misses(solving: word, from: german, alphabet: german.alphabet))
        let before = Self.misses(solving: word, from: Self.english, alphabet: german.alphabet)
        #expect(before > misses, "\(word): \(before) misses from the English list")
    }

    @Test func inAnAnimalsRoomTheBotPlansFromTheAnimals() throws {
        let (word, misses, solved) = try race(["set category animals"])
        #expect(solved && misses <= 4, "\(word): \(misses) misses")
        let animals = WordList(words: Self.animals)
        #expect(misses == Self.misses(solving: word, from: animals, alphabet: .english))
        let before = Self.misses(solving: word, from: Self.english, alphabet: .english)
        #expect(before > misses, "\(word): \(before) misses from the English list")
    }

    @Test func inARoomOfItsOwnWordsTheBotPlansFromThem() throws {
        let own = ["quagmire", "jukebox", "zephyr", "fjord", "sphinx"]
        let (word, misses, solved) = try race(["words add " + own.joined(separator: " ")])
        #expect(own.contains(word))
        #expect(solved && misses <= 1, "\(word): \(misses) misses")
        let before = Self.misses(solving: word, from: Self.english, alphabet: .english)
        #expect(before > misses, "\(word): \(before) misses from the English list")
    }
}
