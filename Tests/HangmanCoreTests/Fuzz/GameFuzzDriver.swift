// Shared by the libFuzzer target (Tests/Fuzz/FuzzGame.swift, built by scripts/fuzz with every
// HangmanCore source in one module, hence no module to import) and FuzzRegressionTests.
#if canImport(HangmanCore)
    import HangmanCore
#endif

/// Plays the game's command handling from fuzz bytes and reports every broken invariant.
///
/// The first bytes choose the settings (and optionally a word list made of fuzz bytes); the rest is a
/// sequence of commands: letter and word guesses by anyone (mostly by the turn holder, so games
/// progress), joins, leaves, disconnects and returns, turn timeouts, `set key value` on the settings
/// of the next game, and starting that next game. After every command the driver checks:
/// misses ≤ max, pattern length constant within a round, the turn is nil or a seated connected
/// player (and not nil while someone connected is seated and the game runs), scores never negative
/// nor falling, a refused command changes nothing, and the game ends exactly after `rounds` rounds
/// with one `gameOver` event.
enum GameFuzzDriver {
    static let names: [PlayerID] = ["ann", "bob", "cy", "dee", "ed", "flo"]
    static let words = [
        "cat", "dog", "cow", "pig", "ant", "bee", "a", "zz", "queue", "rhythm",
        "lion", "bear", "wolf", "deer", "frog", "duck", "ally", "beta", "cool", "deal", "else", "flew",
        "tiger", "zebra", "horse", "mouse", "sheep", "goose", "jazz", "fuzz", "buzz", "abcdefghijklmnop",
        "monkey", "donkey", "turkey", "rabbit", "badger", "ferret", "strengths", "blowzy",
    ]
    /// Values `set` is tried with, per key index (`Settings.keys` order), plus garbage for all.
    static let values: [[String]] = [
        ["classic", "evil", "EVIL", " classic "],
        ["noob", "very-easy", "easy", "moderate", "hard", "very-hard", "deity", "custom", "Deity"],
        ["any", "1", "2", "3", "4", "5", "6", "9", "16", "64", "65"],
        ["1", "2", "3", "7", "10", "26", "27"],
        ["1", "2", "3", "50", "51"],
        ["off", "5", "60", "600", "601"],
        ["1", "2", "8", "32", "33"],
    ]
    static let garbage = ["", "0", "-1", "+3", "99999999999999999999", "x", "٣", "1e3", "\u{0}", " ", "ANY", "Off"]

    /// Little cursor over the input; past the end it yields zeros.
    struct Reader {
        let bytes: [UInt8]
        var index = 0
        var atEnd: Bool { index >= bytes.count }
        mutating func next() -> UInt8 {
            defer { index += 1 }
            return index < bytes.count ? bytes[index] : 0
        }
    }

    /// A snapshot of what the invariants compare from one step to the next.
    struct Snapshot: Equatable {
        var roundNumber: Int
        var pattern: String
        var length: Int
        var misses: Int
        var guessed: [Character]
        var wrongWords: [String]
        var isOver: Bool
        var turn: PlayerID?
        var players: [GamePlayer]
        var finished: Int

        init(_ game: Game) {
            roundNumber = game.roundNumber
            pattern = game.round.pattern
            length = game.round.length
            misses = game.round.misses
            guessed = game.round.guessed
            wrongWords = game.round.wrongWords
            isOver = game.isOver
            turn = game.turn
            players = game.players
            finished = game.finishedRounds.count
        }
    }

    /// What one run did.
    struct Report {
        /// The invariants broken (empty = fine).
        var problems: [String] = []
        /// Games played to their end.
        var gamesFinished = 0
        /// Commands applied.
        var commands = 0
    }

    /// Runs `data`; returns the invariants it broke (empty = fine). Never traps by itself.
    static func run(_ data: [UInt8]) -> [String] { play(data).problems }

    /// Runs `data` and reports what happened.
    static func play(_ data: [UInt8]) -> Report {
        var reader = Reader(bytes: data)
        let flags = reader.next()
        var list = WordList(words: words)
        if flags & 2 != 0 {
            // A list made of fuzz bytes: words are split at bytes that are not letters.
            let count = Int(reader.next() % 96)
            var made: [String] = []
            var current: [UInt8] = []
            for _ in 0..<count {
                let byte = reader.next()
                if (0x61...0x7A).contains(byte) || (0x41...0x5A).contains(byte) {
                    current.append(byte)
                } else {
                    if !current.isEmpty { made.append(String(decoding: current, as: UTF8.self)) }
                    current = []
                    if byte >= 0x80 { made.append(String(decoding: [byte, reader.next()], as: UTF8.self)) }
                }
            }
            if !current.isEmpty { made.append(String(decoding: current, as: UTF8.self)) }
            list = WordList(words: made)
        }
        var settings = Settings()
        settings.mode = flags & 1 != 0 ? .evil : .classic
        settings.difficulty = Difficulty.allCases[Int(reader.next()) % Difficulty.allCases.count]
        let length = Int(reader.next() % 10)
        settings.length = length == 0 ? nil : length
        settings.misses = Int(reader.next() % 26) + 1
        settings.rounds = Int(reader.next() % 4) + 1
        var seed = UInt64(reader.next()) | UInt64(reader.next()) << 8
        var pending = settings
        var problems: [String] = []
        var seatedAtStart = Array(names.prefix(Int(reader.next() % 4)))

        var game: Game
        do {
            var rng = SeededRandom(seed: seed)
            game = try Game(settings: settings, players: seatedAtStart, words: list, rng: &rng)
        } catch {
            return Report()  // settings that fit no word are refused: nothing to play
        }
        var gameOvers = 0
        var finished = 0
        var steps = 0
        check(game, previous: nil, problems: &problems)

        while !reader.atEnd, problems.isEmpty, steps < 4096 {
            steps += 1
            let before = Snapshot(game)
            let op = reader.next() % 14
            let who = names[Int(reader.next()) % names.count]
            var events: [GameEvent] = []
            var refused = false
            switch op {
            case 0:
                do { events = try game.guess(player: who, letter: letter(reader.next())) } catch { refused = true }
            case 1:
                let word = guessWord(&reader, game: game, list: list)
                do { events = try game.guess(player: game.turn ?? who, word: word) } catch { refused = true }
            case 2:
                events = game.join(who)
            case 3:
                events = game.leave(who)
            case 4:
                events = game.setConnected(who, true)
            case 5:
                events = game.setConnected(who, false)
            case 6:
                events = game.timeout()
            case 7:
                let keyIndex = Int(reader.next()) % (Settings.keys.count + 1)
                let key = keyIndex < Settings.keys.count ? Settings.keys[keyIndex] : "colour"
                let pick = Int(reader.next())
                let choices = keyIndex < values.count ? values[keyIndex] + garbage : garbage
                let previous = pending
                do {
                    try pending.set(key, choices[pick % choices.count], words: list)
                    if (try? pending.validate(words: list)) == nil {
                        problems.append("set \(key) accepted a value validate refuses: \(pending)")
                    }
                } catch {
                    if pending != previous { problems.append("a refused set \(key) changed the settings") }
                }
            case 8:
                // The host starts the next game with the pending settings and the seated players.
                seatedAtStart = game.players.map(\.id)
                seed &+= 1
                var rng = SeededRandom(seed: seed)
                do {
                    game = try Game(settings: pending, players: seatedAtStart, words: list, rng: &rng)
                    gameOvers = 0
                    check(game, previous: nil, problems: &problems)
                    continue
                } catch {
                    problems.append("validated settings refused by Game: \(error)")
                }
            default:
                // The turn holder guesses: games move forward.
                let guess = letter(reader.next())
                guard let turn = game.turn else { continue }
                do { events = try game.guess(player: turn, letter: guess) } catch { refused = true }
            }
            if refused, Snapshot(game) != before {
                problems.append("a refused command (op \(op)) changed the game")
            }
            let overs = events.filter { if case .gameOver = $0 { true } else { false } }.count
            gameOvers += overs
            if gameOvers > 1 { problems.append("more than one gameOver event") }
            if overs == 1, !game.isOver { problems.append("gameOver event but the game is not over") }
            if game.isOver, !before.isOver {
                finished += 1
                if overs != 1 { problems.append("the game ended without a gameOver event") }
            }
            check(game, previous: before, problems: &problems)
        }
        return Report(problems: problems, gamesFinished: finished, commands: steps)
    }

    /// Maps a byte to a guess: mostly a–z, some A–Z, some other characters (must be refused).
    static func letter(_ byte: UInt8) -> Character {
        switch byte {
        case 0..<156: Character(Unicode.Scalar(UInt8(ascii: "a") + byte % 26))
        case 156..<208: Character(Unicode.Scalar(UInt8(ascii: "A") + byte % 26))
        case 208..<216: "é"
        case 216..<224: "\u{0}"
        case 224..<232: "1"
        default: Character(Unicode.Scalar(byte))
        }
    }

    /// A whole-word guess: a word of the list (often the right length), or fuzz letters.
    static func guessWord(_ reader: inout Reader, game: Game, list: WordList) -> String {
        let kind = reader.next()
        if kind < 128 {
            let same = list.words(length: game.round.length == 0 ? nil : game.round.length, distinctLetters: nil)
            guard !same.isEmpty else { return "" }
            return same[Int(reader.next()) % same.count]
        }
        let count = Int(reader.next() % 12)
        return String((0..<count).map { _ in letter(reader.next()) })
    }

    /// The invariants of one state (and of the step from `previous`).
    static func check(_ game: Game, previous: Snapshot?, problems: inout [String]) {
        let round = game.round
        let settings = game.settings
        if round.misses > round.maxMisses { problems.append("misses \(round.misses) > max \(round.maxMisses)") }
        if round.maxMisses != settings.effectiveMisses {
            problems.append("max misses \(round.maxMisses) != settings \(settings.effectiveMisses)")
        }
        if round.pattern.utf8.count != round.length {
            problems.append("pattern \(round.pattern) is not \(round.length) long")
        }
        for byte in round.pattern.utf8 where byte != UInt8(ascii: "_") {
            if !round.guessed.contains(Character(Unicode.Scalar(byte))), round.status == .playing {
                problems.append("pattern \(round.pattern) shows a letter never guessed")
            }
        }
        if let turn = game.turn {
            guard let player = game.players.first(where: { $0.id == turn }) else {
                problems.append("turn \(turn) is not seated")
                return
            }
            if !player.connected { problems.append("turn \(turn) is away") }
        } else if !game.isOver, game.players.contains(where: \.connected) {
            problems.append("nobody holds the turn while \(game.players.filter(\.connected).map(\.name)) are connected")
        }
        for player in game.players where player.score < 0 {
            problems.append("\(player.name) has a negative score \(player.score)")
        }
        if game.roundNumber < 1 || game.roundNumber > settings.rounds {
            problems.append("round \(game.roundNumber) outside 1...\(settings.rounds)")
        }
        if game.isOver {
            if game.finishedRounds.count != settings.rounds {
                problems.append("over after \(game.finishedRounds.count) of \(settings.rounds) rounds")
            }
            if game.turn != nil { problems.append("a turn after the game is over") }
            if round.status == .playing { problems.append("the game is over but its round plays on") }
        } else {
            if game.finishedRounds.count != game.roundNumber - 1 {
                problems.append("\(game.finishedRounds.count) rounds finished in round \(game.roundNumber)")
            }
            if round.status != .playing { problems.append("a finished round is still current in a running game") }
            if round.mode == .evil, round.candidatesLeft < 1 { problems.append("an evil round without candidates") }
        }
        if Set(game.players.map(\.id)).count != game.players.count { problems.append("a player seated twice") }
        guard let previous else { return }
        if previous.roundNumber == game.roundNumber {
            if previous.length != round.length { problems.append("the pattern length changed within a round") }
            if previous.misses > round.misses { problems.append("misses went down within a round") }
        }
        if game.roundNumber < previous.roundNumber { problems.append("the round number went down") }
        if previous.isOver, !game.isOver { problems.append("a game over came back to life") }
        for player in game.players {
            if let old = previous.players.first(where: { $0.id == player.id }), old.score > player.score {
                problems.append("\(player.name)'s score fell from \(old.score) to \(player.score)")
            }
        }
    }
}
