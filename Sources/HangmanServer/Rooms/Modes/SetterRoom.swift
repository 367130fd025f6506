import HangmanCore

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
    var seconds = ServerConfig().setterSeconds
    var hintChars = ServerConfig().setterHintChars
    var blocklist = Blocklist()

    init() {}

    init(_ config: ServerConfig, blocklist: Blocklist) {
        seconds = config.setterSeconds
        hintChars = config.setterHintChars
        self.blocklist = blocklist
    }
}
