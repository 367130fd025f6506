import HangmanCore

/// Setter mode's board (its fields, and how each output style shows them) and refusals; the room's
/// asking and taking of the word is in SetterRoom.swift.
struct SetterFlow: ModeFlow {
    /// The word is the setter's (a drawn one only stands in for a setter who did not answer).
    var drawsListWords: Bool { false }

    /// Who sets (or set) the word, and while it is awaited an empty board (the drawn fallback word
    /// stays unseen).
    func decorate(_ snapshot: inout RoomSnapshot, _ game: Game) {
        guard let setterRound = game.setterRound, !setterRound.drawn else { return }
        snapshot.wordChooser = setterRound.setter.name
        snapshot.awaitingWord = setterRound.awaiting
        if setterRound.awaiting {
            snapshot.pattern = ""
            snapshot.guessed = []
        }
    }

    /// Nobody guesses before the word is set, and its setter never guesses it.
    func guessRefusal(_ player: PlayerID, _ game: Game) -> ServerError? {
        if let awaited = game.awaitedSetter {
            return .notYourTurn(
                awaited == player
                    ? "you set this round's word: type the word, then a hint if you like"
                    : "\(awaited.name) is choosing the word; guesses start when it is set")
        }
        if game.setterRound?.wordOwner == player {
            return .notYourTurn("you set this word, so you cannot guess it; you score if the man hangs")
        }
        return nil
    }

    /// The setter's word, once set (not while awaited, nor the drawn word of a setter who did not
    /// answer).
    func wordChooser(_ game: Game) -> PlayerID? { game.setterRound?.wordOwner }

    // MARK: what players see

    func jsonFields(_ w: inout JSONWriter, _ s: RoomSnapshot) {
        guard s.setter != nil || s.awaitingWord else { return }
        w.field("setter", s.setter)
        w.field("awaiting_word", s.awaitingWord)
    }

    func textLines(_ s: RoomSnapshot, _ p: Paint) -> [String] {
        guard let setter = s.setter, s.status == .playing else { return [] }
        return [
            "",
            s.awaitingWord
                ? "Setter:  " + p.yellow(setter) + " is choosing the word" + (s.turnSecondsLeft.map { " (\($0) s left)" } ?? "")
                : "Setter:  \(setter) (cannot guess; scores if the man hangs)",
        ]
    }

    func spokenLines(_ s: RoomSnapshot) -> [String] {
        guard let setter = s.setter, s.status == .playing else { return [] }
        return [s.awaitingWord ? "Setter: \(setter) is choosing the word." : "Setter: \(setter), who scores if the man hangs."]
    }
}

extension RoomSnapshot {
    /// Setter mode: who sets (while awaited) or set the round's word (`wordChooser`).
    var setter: String? {
        get { wordChooser }
        set { wordChooser = newValue }
    }
}

extension SetterFlow {
    /// The setter's private prompt for the word of `game`'s round.
    static func prompt(room: String, _ game: Game, seconds: Int, hintChars: Int) -> Outbound {
        let lengths = SetterWord.lengths(for: game.settings)
        return .wordPrompt(
            room: room, round: game.roundNumber, seconds: seconds, minLength: lengths.lowerBound,
            maxLength: lengths.upperBound, hintChars: hintChars, alphabet: String(game.round.alphabet.letters))
    }

    /// The setter's word and hint checked (`SetterWord.check`; the hint at most `hintChars`): the word
    /// folded and the hint trimmed (nil when empty), or why not. A refusal never repeats the word.
    static func check(_ word: String, hint: String?, _ game: Game, blocklist: Blocklist, hintChars: Int)
        -> Result<(word: String, hint: String?), ServerError>
    {
        let checked: String
        switch SetterWord.check(word, settings: game.settings, blocklist: blocklist, alphabet: game.round.alphabet) {
        case .success(let folded): checked = folded
        case .failure(let refusal): return .failure(.invalid(refusal.message))
        }
        let hint = hint.map { $0.trimmingSpaces() }.flatMap { $0.isEmpty ? nil : $0 }
        if let hint, hint.count > hintChars {
            return .failure(.invalid("a hint is at most \(hintChars) characters; your word was not set yet"))
        }
        return .success((checked, hint))
    }
}
