import HangmanCore

/// Setter mode's server half: its board (its fields, and how each output style shows them), its
/// refusals, the room's asking and taking of the word (below), the `word` command and its settings.
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

/// Setter mode in the room: asking the setter, checking and taking the word, skipping a setter who
/// does not answer in `setter-seconds` (`SetWordLimits`). The word is only ever said to its setter; a refused one is
/// answered privately and never reaches the room. The rules of turns and scores are the `Game`'s
/// (`SetterRules.swift`); the room hands the setter's steps here through `ModeRoom`.
///
/// With house bots: a bot asked for the word answers at once (its setter timer is 0 s) with the
/// word the server drew for the round from the room's list (`Game.setDrawnWord`), so the table never
/// waits `setter-seconds` for a bot and the word keeps the room's length, category and language.
extension SetterFlow {
    typealias ClientID = RoomState.ClientID

    /// Tells the room who sets the word and asks the setter, privately, for it.
    static func announce(_ room: inout some ModeRoom, _ setter: PlayerID) {
        room.setRoundHint(nil)
        guard room.isPlaying, let game = room.current else { return }
        let wait = room.bots.contains(setter) ? "" : " (\(room.setWordLimits.seconds) s)"
        room.broadcast(.info("Round \(game.roundNumber): \(setter.name) is choosing the word\(wait)."))
        guard let client = room.seats.first(where: { $0.id == setter })?.client else { return }
        room.emit(
            .sendAfter(
                client,
                prompt(room: room.name, game, seconds: room.setWordLimits.seconds, hintChars: room.setWordLimits.hintChars)))
    }

    /// Arms the setter's time: warned as a guesser is (`turn_warning`), so a setter is never skipped
    /// without notice; a bot's is 0 s.
    static func armTimer(_ room: inout some ModeRoom, _ setter: PlayerID) {
        let seconds = room.bots.contains(setter) ? 0 : room.setWordLimits.seconds
        room.armTurn(of: setter, seconds: seconds, end: .modeTimeout(token: room.turnToken, mode: .setter, player: setter))
    }

    /// The setter's answer: checked (`SetterWord.check`), then the round starts with it. `bare`: the
    /// line was typed without `word`, which makes it an answer only from the player asked for the
    /// word (issue 34 item 3); anyone else gets what any line that is no command gets.
    static func setWord(
        _ room: inout some ModeRoom, by client: ClientID, _ id: PlayerID, word: String, hint: String?, bare: Bool
    ) {
        let seated = room.isSeated(id, client)
        if bare, !seated || !room.isPlaying || room.current?.awaitedSetter != id {
            return room.reply(.unknownCommand(word))
        }
        guard seated else { return room.reply(.noGame("only the seated setter can set a word")) }
        guard room.isPlaying, var game = room.current, let awaited = game.awaitedSetter else {
            return room.reply(.noGame("no word is awaited in \(room.name): in setter mode the setter is asked for it"))
        }
        guard awaited == id else { return room.reply(.notYourTurn("\(awaited.name) sets this round's word, not you")) }
        let set: (word: String, hint: String?)
        switch check(word, hint: hint, game, blocklist: room.setWordLimits.blocklist, hintChars: room.setWordLimits.hintChars) {
        case .success(let taken): set = taken
        case .failure(let refusal): return room.reply(refusal)
        }
        let (checked, hint) = set
        let events: [GameEvent]
        do throws(GameError) {
            events = try game.setWord(checked, by: id)
        } catch {
            return room.reply(ServerError(error, turn: game.turn, letter: nil))
        }
        room.play(game)
        room.setRoundHint(hint)
        room.resetTimeouts(of: id)
        room.reply(nil)
        room.emit(
            .send(
                client,
                .info(
                    "Your word is set: \(checked.uppercased())" + (hint.map { " (hint: \($0))" } ?? "")
                        + ". You cannot guess it; you score if the man hangs.")))
        room.broadcast(
            .info(
                "\(id.name) has set a word of \(checked.count) letters" + (hint == nil ? "" : ", with a hint")
                    + ". Guess away!" + (hint == nil ? "" : "\nThe hint: type hint on your turn (it costs a miss).")))
        room.apply(events, guessed: nil, played: nil, broadcastStateAfter: true)
    }

    /// The awaited setter did not answer in time: the next seat is asked (or the server draws).
    static func timedOut(_ room: inout some ModeRoom, _ player: PlayerID) {
        guard room.isPlaying, var game = room.current, game.awaitedSetter == player else { return }
        if botSetsWord(&room, player) { return }
        room.broadcast(.info("\(player.name) did not set a word in time and is skipped."))
        let events = game.skipSetter()
        room.play(game)
        if game.setterRound?.drawn == true {
            room.setRoundHint(game.roundWordHint)
            room.broadcast(.info("Nobody set a word, so the server picked one: everyone guesses."))
        }
        room.apply(events, guessed: nil, played: nil, broadcastStateAfter: true)
    }

    /// The awaited bot sets the round's drawn word. False if `bot` is no bot awaited now.
    static func botSetsWord(_ room: inout some ModeRoom, _ bot: PlayerID) -> Bool {
        guard room.bots.contains(bot), room.isPlaying, var game = room.current, game.awaitedSetter == bot else {
            return false
        }
        let events: [GameEvent]
        do throws(GameError) {
            events = try game.setDrawnWord(by: bot)
        } catch {
            return false
        }
        room.play(game)
        // The drawn word's own hint, from the room's list (asking the setter cleared it).
        room.setRoundHint(game.roundWordHint)
        room.resetTimeouts(of: bot)
        room.broadcast(.info("\(bot.name) has set a word of \(game.round.length) letters. Guess away!"))
        room.apply(events, guessed: nil, played: nil, broadcastStateAfter: true)
        return true
    }
}

/// The room asks setter mode through the flow's seams: the announcement, the word, the setter's
/// timer and the mode's own events.
extension SetterFlow {
    func started(_ room: inout some ModeRoom) {
        if let setter = room.current?.awaitedSetter { Self.announce(&room, setter) }
    }

    func handle(_ event: GameEvent, _ room: inout some ModeRoom) -> Bool {
        switch event {
        case .awaitingWord(let setter):
            Self.announce(&room, setter)
            return true
        case .setterScored(let player, let points):
            room.broadcast(.info("The man hanged: \(player.name), who set the word, scores \(points) points."))
            return false
        default:
            return false
        }
    }

    func armTimer(_ room: inout some ModeRoom) -> Bool {
        guard let setter = room.current?.awaitedSetter else { return false }
        Self.armTimer(&room, setter)
        return true
    }

    func timedOut(_ room: inout some ModeRoom, _ player: PlayerID?) {
        if let player { Self.timedOut(&room, player) }
    }

    func word(_ room: inout some ModeRoom, by client: ClientID, _ id: PlayerID, word: String, hint: String?, bare: Bool)
        -> Bool
    {
        Self.setWord(&room, by: client, id, word: word, hint: hint, bare: bare)
        return true
    }
}

/// The limits on a word a player sets for the others (setter mode): the setter's seconds
/// (`setter-seconds`), a hint's characters (`setter-hint-chars`) and the words nobody may set.
struct SetWordLimits {
    var seconds = ServerConfig().wordSeconds
    var hintChars = ServerConfig().wordHintChars
    var blocklist = Blocklist()

    init() {}

    init(_ config: ServerConfig, blocklist: Blocklist) {
        seconds = config.wordSeconds
        hintChars = config.wordHintChars
        self.blocklist = blocklist
    }
}

extension ServerConfig {
    /// Setter mode's settings, listed by `--help` after `bot-think-ms` (ServerConfig+Loading).
    static let wordOptions: [ConfigOption] = [
        intOption(
            "setter-seconds", 5...600, "setter mode: seconds the setter has to set the word before the next seat is asked",
            \.wordSeconds),
        intOption("setter-hint-chars", 1...400, "setter mode: longest hint a setter may give, in characters", \.wordHintChars),
        ConfigOption(
            name: "blocklist", help: "setter mode: file of words no setter may set (one a line, # comments); empty: none",
            value: { $0.blocklist },
            apply: { (config: inout ServerConfig, text: String) throws(ConfigError) in config.blocklist = text }),
    ]
}

extension CommandSpec {
    /// `word <word> [hint]`: the setter's answer (its row in `CommandTable`).
    static let word = CommandSpec(
        "word", arguments: "<word> [hint]", access: .seated, group: .playing,
        summary: "set the round's word when asked (setter mode)",
        details: [
            "Only you see it. The rest of the line is an optional hint for the others.",
            "While you are asked, the word alone works too: elephant big grey animal.",
            "A word that is refused (letters, length, the server's blocklist) is never shown.",
        ],
        examples: ["word elephant", "word elephant big grey animal"], isExtension: true)
}
