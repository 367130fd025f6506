/// Setter mode: one seated player sets each round's word.
///
/// Setters go in seat order: round 1 asks the first connected seat, each later round the next
/// connected seat after the previous round's setter. While the word is awaited nobody holds the
/// turn. A setter who does not answer in time (the room's `setter-seconds`), goes away or leaves is
/// skipped to the next connected seat; once every connected player was skipped in one round, the
/// server draws the word (the game's own draw for that round) and everyone guesses it. The setter
/// of a word never holds the turn in its round; when the man hangs they score `setterPoints`
/// (the guessers score as in classic mode). A game with any word a player set is unranked (words
/// set between friends are easy to farm); a word a house bot sets is the server's draw
/// (`setDrawnWord`) and does not count.
public struct SetterRules: ModeRules {
    public var mode: Mode { .setter }
    public var help: String { "each round one player sets the word (and a hint) and the others guess it" }
    public var minimumPlayers: Int { 2 }
    public var minimumPlayersReason: String { "one sets the word, the others guess" }

    public func beginRound(_ game: inout Game, after lastSeat: Int?) -> [GameEvent] {
        let start = game.previousSetter.flatMap { game.seat(of: $0) }.map { $0 + 1 } ?? 0
        return game.awaitSetter(startingAt: start, skipped: 0)
    }

    /// Nobody while a word is awaited, and never the setter of the word being played.
    public func mayTakeTurn(_ game: Game, seat: Int) -> Bool {
        guard let setterRound = game.setterRound else { return true }
        if setterRound.awaiting { return false }
        return setterRound.drawn || game.players[seat].id != setterRound.setter
    }

    /// The guessers win or lose together; on a hang the setter scores.
    public func tally(_ game: inout Game, won: Bool, solver: PlayerID?) -> [GameEvent] {
        _ = ClassicRules().tally(&game, won: won, solver: solver)
        return won ? [] : game.scoreSetterForHang()
    }

    /// An awaited setter who goes away is skipped (to the next connected seat).
    public func connectionChanged(_ game: inout Game, _ player: PlayerID, seat: Int, connected: Bool) -> [GameEvent]? {
        guard let current = game.setterRound, current.awaiting else { return nil }
        if !connected, current.setter == player {
            return game.awaitSetter(startingAt: seat + 1, skipped: current.skipped)
        }
        return []
    }

    /// An awaited setter who leaves is skipped.
    public func left(_ game: inout Game, _ player: GamePlayer, seat: Int) -> [GameEvent]? {
        guard let current = game.setterRound, current.awaiting else { return nil }
        // The seat after the leaver's now has the leaver's index.
        if current.setter == player.id { return game.awaitSetter(startingAt: seat, skipped: current.skipped) }
        return []
    }

    /// Unranked once a player set a word.
    public func isRanked(_ game: Game) -> Bool { game.playerSetRounds == 0 }

    /// What the setter earns when the man hangs: the solve bonus's base plus the letter points of
    /// every position still hidden (50 + 10 × hidden), scaled like every other score.
    public static func setterPoints(hidden: Int, settings: Settings) -> Int {
        Scoring.scaled(Scoring.solveBase + Scoring.pointsPerLetter * max(hidden, 0), settings: settings)
    }
}

/// The setter's moves and the word's, on the game.
extension Game {
    /// The player whose word the round waits for, if any.
    public var awaitedSetter: PlayerID? {
        guard let setterRound, setterRound.awaiting, !isOver else { return nil }
        return setterRound.setter
    }

    /// Asks the first connected seat at or after `start` (wrapping) for the word; with nobody left
    /// to ask (`skipped` reached the connected players), the server's drawn word is played.
    mutating func awaitSetter(startingAt start: Int, skipped: Int) -> [GameEvent] {
        turnIndex = nil
        let count = players.count
        guard count > 0 else { return [] }
        let connected = players.filter(\.connected).count
        guard skipped < connected,
            let seat = (0..<count).lazy.map({ (start + $0) % count }).first(where: { self.players[$0].connected })
        else {
            return drawWordForSetterRound(skipped: skipped, after: start)
        }
        setterRound = SetterRound(setter: players[seat].id, skipped: skipped)
        return [.awaitingWord(setter: players[seat].id)]
    }

    /// Nobody set a word in time: the round plays the word drawn for it when the game was made.
    private mutating func drawWordForSetterRound(skipped: Int, after start: Int) -> [GameEvent] {
        let last = setterRound?.setter ?? players[max(0, min(start, players.count - 1))].id
        setterRound = SetterRound(setter: last, awaiting: false, skipped: skipped, drawn: true)
        turnIndex = nextConnected(startingAt: 0)
        return [.turn(player: turn)]
    }

    /// The awaited setter sets the round's word (the room checked it: `SetterWord.check`). The
    /// turn goes to the next connected seat after the setter.
    public mutating func setWord(_ word: String, by player: PlayerID) throws(GameError) -> [GameEvent] {
        guard !isOver, var current = setterRound, current.awaiting, current.setter == player else { throw .notYourTurn }
        let alphabet = words.alphabet
        let codes = alphabet.isASCII ? Round.normalized(word) : alphabet.encode(word)
        guard let codes, !codes.isEmpty, codes.count <= WordList.maxWordLength else {
            throw .invalidInput("a word is letters \(alphabet.guessableText)")
        }
        let folded = alphabet.isASCII ? String(decoding: codes, as: UTF8.self) : alphabet.decode(codes)
        round = Round(word: folded, maxMisses: settings.effectiveMisses, alphabet: alphabet)
        plan[roundNumber - 1] = .word(folded)
        current.awaiting = false
        setterRound = current
        playerSetRounds += 1
        if let seat = seat(of: player) { players[seat].moves += 1 }
        turnIndex = nextConnected(startingAt: (seat(of: player) ?? -1) + 1)
        return [.turn(player: turn)]
    }

    /// The awaited setter ran out of time: the next connected seat is asked.
    public mutating func skipSetter() -> [GameEvent] {
        guard let current = setterRound, current.awaiting, !isOver else { return [] }
        return awaitSetter(startingAt: (seat(of: current.setter) ?? -1) + 1, skipped: current.skipped + 1)
    }

    /// The setter of a word the guessers failed earns their points (see `SetterRules.setterPoints`).
    mutating func scoreSetterForHang() -> [GameEvent] {
        guard let owner = setterRound?.wordOwner, let seat = seat(of: owner) else { return [] }
        let points = SetterRules.setterPoints(hidden: round.hidden, settings: settings)
        players[seat].score += points
        return [.setterScored(player: owner, points: points)]
    }

    /// The awaited `player` sets this round's drawn word; the turn goes to the next connected seat
    /// after them, and they score on a hang as any setter.
    public mutating func setDrawnWord(by player: PlayerID) throws(GameError) -> [GameEvent] {
        guard !isOver, var current = setterRound, current.awaiting, current.setter == player else { throw .notYourTurn }
        current.awaiting = false
        setterRound = current
        turnIndex = nextConnected(startingAt: (seat(of: player) ?? -1) + 1)
        return [.turn(player: turn)]
    }
}

/// Setter mode: who sets the current round's word (see `SetterRules`).
public struct SetterRound: Sendable, Equatable {
    /// The player who sets (or set) the word; skipped in the turn order once it is set.
    public var setter: PlayerID
    /// True until the setter's word is in: nobody guesses meanwhile.
    public var awaiting: Bool
    /// Setters skipped this round for not answering in time.
    public var skipped: Int
    /// True when every connected player was skipped and the server drew the word instead: then
    /// nobody is the setter and everyone guesses.
    public var drawn: Bool

    public init(setter: PlayerID, awaiting: Bool = true, skipped: Int = 0, drawn: Bool = false) {
        self.setter = setter
        self.awaiting = awaiting
        self.skipped = skipped
        self.drawn = drawn
    }

    /// The player who set the word being played (nil while awaited or when the server drew it).
    public var wordOwner: PlayerID? { awaiting || drawn ? nil : setter }
}

/// The check of a setter's word (setter mode): the one place that says whether a word may be set,
/// so that other alphabets and rules extend it here. Pure.
public enum SetterWord {
    /// Lengths a set word may have when the room's `length` is `any`.
    public static let anyLengths = 2...WordList.maxWordLength

    /// Why a word was refused: said privately to the setter, never to the room.
    public enum Refusal: Error, Equatable, Sendable {
        /// Not all letters of the room's alphabet; says them (`Alphabet.guessableText`).
        case alphabet(String)
        /// Outside the room's length (or `anyLengths`).
        case length(ClosedRange<Int>)
        /// On the server's blocklist.
        case blocked

        public var message: String {
            switch self {
            case .alphabet(let letters):
                "a word is letters of this room's alphabet: \(letters); choose another (nobody else saw it)"
            case .length(let range):
                range.lowerBound == range.upperBound
                    ? "this room plays words of \(range.lowerBound) letters; choose another (nobody else saw it)"
                    : "a word here is \(range.lowerBound)-\(range.upperBound) letters; choose another (nobody else saw it)"
            case .blocked: "that word is not allowed on this server; choose another (nobody else saw it)"
            }
        }
    }

    /// How a refusal names the letters a setter may type: `a-z`, or `a-z äöüß` (accented ones too).
    static func letters(of alphabet: Alphabet) -> String {
        let extra = alphabet.letters.dropFirst(26)
        return extra.isEmpty ? "a-z" : "a-z " + String(extra)
    }

    /// The lengths a set word may have under `settings`.
    public static func lengths(for settings: Settings) -> ClosedRange<Int> {
        settings.length.map { $0...$0 } ?? anyLengths
    }

    /// The word, lower-cased, if a setter may set it in a room with `settings` playing `alphabet`
    /// (the room's language: a–z, or a–z and its own letters, any case); else why not. Accented
    /// letters stay as typed: the round folds them for guesses as it does a listed word's.
    public static func check(
        _ word: String, settings: Settings, blocklist: Blocklist, alphabet: Alphabet = .english
    ) -> Result<String, Refusal> {
        let codes = alphabet.isASCII ? Round.normalized(word) : alphabet.encode(word)
        guard let codes else { return .failure(.alphabet(letters(of: alphabet))) }
        let range = lengths(for: settings)
        guard range.contains(codes.count) else { return .failure(.length(range)) }
        let folded = alphabet.isASCII ? String(decoding: codes, as: UTF8.self) : alphabet.decode(codes)
        guard !blocklist.contains(folded) else { return .failure(.blocked) }
        return .success(folded)
    }
}
