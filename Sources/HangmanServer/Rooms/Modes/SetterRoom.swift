import HangmanCore

/// Setter mode in the room: asking the setter, checking and taking the word, skipping a setter who
/// does not answer in `setterSeconds`. The word is only ever said to its setter; a refused one is
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
        let wait = room.bots.contains(setter) ? "" : " (\(room.setterSeconds) s)"
        room.broadcast(.info("Round \(game.roundNumber): \(setter.name) is choosing the word\(wait)."))
        guard let client = room.seats.first(where: { $0.id == setter })?.client else { return }
        room.emit(
            .sendAfter(
                client, prompt(room: room.name, game, seconds: room.setterSeconds, hintChars: room.setterHintChars)))
    }

    /// Arms the setter's time: warned as a guesser is (`turn_warning`), so a setter is never skipped
    /// without notice; a bot's is 0 s.
    static func armTimer(_ room: inout some ModeRoom, _ setter: PlayerID) {
        let seconds = room.bots.contains(setter) ? 0 : room.setterSeconds
        room.armTurn(of: setter, seconds: seconds, end: .setterTimeout(token: room.turnToken, player: setter))
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
        switch check(word, hint: hint, game, blocklist: room.blocklist, hintChars: room.setterHintChars) {
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
