import HangmanCore

/// What the board that closes a round needs of the game as it was before the guess that ended it
/// (`RoomSnapshot.ended`): that round's own maximum, mode, length of game, word chooser and
/// alphabet,
/// never the next round's. A summary rather than a copy of the `Game`: a second reference to the
/// game while a guess changes it made every guess copy the arrays it changed.
struct PlayedRound {
    let maxMisses: Int
    let mode: String
    let difficulty: String
    let rounds: Int
    /// The player whose own word the round played (`ModeFlow.wordChooser`); nil otherwise.
    let wordChooser: String?
    /// Whether the round's mode plays own boards (`OwnBoardsFlow`).
    let ownBoards: Bool
    /// The round's alphabet (its letters, and those of its guess order).
    let alphabet: Alphabet

    /// Borrowed: an owned `Game` argument copied the game under way (a retain of all it holds) at
    /// every guess (`SharedGuess.take`).
    init(_ game: borrowing Game) {
        maxMisses = game.round.maxMisses
        mode = game.settings.mode.rawValue
        difficulty = game.settings.difficulty.rawValue
        rounds = game.pendingSettings?.rounds ?? game.settings.rounds
        wordChooser = ModeFlows.wordChooser(game)?.name
        ownBoards = game.settings.mode.flow is any OwnBoardsFlow
        alphabet = game.round.alphabet
    }
}

extension RoomSnapshot {
    /// This board (the room's as it stands) as the board that closes round `round`: that round as
    /// it finished (`played`), its word shown, no turn.
    func ended(round: Int, word: String, won: Bool, mistakes: Int, guessed: [Character]?, played: PlayedRound?)
        -> RoomSnapshot
    {
        var snapshot = self
        if let played {
            snapshot.round = round
            snapshot.maxMisses = played.maxMisses
            snapshot.mode = played.mode
            snapshot.difficulty = played.difficulty
            snapshot.rounds = played.rounds
            // Own boards set for the next round have begun already: this round had none.
            if !played.ownBoards { snapshot.ownBoards = nil }
        }
        snapshot.status = won ? .won : .lost
        snapshot.pattern = word
        // The next round may already await a player's word: this board is the round that ended.
        snapshot.awaitingWord = false
        if let played { snapshot.wordChooser = played.wordChooser }
        snapshot.misses = mistakes
        if let guessed { snapshot.guessed = guessed }
        let letters = played?.alphabet.guessable ?? Array("abcdefghijklmnopqrstuvwxyz")
        snapshot.available = letters.filter { !snapshot.guessed.contains($0) }
        snapshot.turn = nil
        snapshot.turnSecondsLeft = nil
        return snapshot
    }
}

/// A guess on the room's shared board, taken on the game in place (`RoomState.guess`): its events,
/// and what the board that closes a round needs when the guess ended it.
struct SharedGuess {
    let events: [GameEvent]
    /// The round's letters, this guess's last, when it ended the round (nil: the round goes on).
    let guessed: [Character]?
    /// The round as it was before the guess.
    let played: PlayedRound

    /// `id` guesses `letter` (else the whole `word`) in `game`.
    static func take(_ game: inout Game, by id: PlayerID, letter: Character?, word: String?) throws(GameError)
        -> SharedGuess
    {
        let played = PlayedRound(game)
        // Inline codes, listed only if the guess ends the round: no list, and no array shared with
        // the round (which the guess's append would copy), per guess.
        let before = game.round.guessOrder
        let events: [GameEvent]
        if let letter {
            events = try game.guess(player: id, letter: letter)
        } else {
            events = try game.guess(player: id, word: word ?? "")
        }
        // The letters guessed in the round only matter when the guess ended it (its last board).
        let ended = events.contains { if case .roundOver = $0 { true } else { false } }
        return SharedGuess(
            events: events, guessed: ended ? played.alphabet.letters(before) + (letter.map { [$0] } ?? []) : nil, played: played)
    }
}
