import HangmanCore

/// Setter mode in the room: asking the setter, checking and taking the word, skipping a setter who
/// does not answer in `setterSeconds`. The word is only ever said to its setter; a refused one is
/// answered privately and never reaches the room. The rules of turns and scores are the `Game`'s
/// (`SetterRules.swift`).
extension RoomState {
    /// Why a game of the room's mode cannot start now, if it cannot: too few seated for its rules
    /// (`ModeRules.minimumPlayers`; a setter game: one player sets, so it needs two).
    var setterStartRefusal: ServerError? {
        let rules = settings.mode.rules
        guard seats.count < rules.minimumPlayers else { return nil }
        return .invalid(
            "a \(rules.mode.rawValue) game needs at least \(rules.minimumPlayers) seated players (\(rules.minimumPlayersReason)); "
                + "wait for someone to join, or set mode classic")
    }

    /// Tells the room who sets the word and asks the setter, privately, for it.
    mutating func announceSetter(_ setter: PlayerID) {
        setRoundHint(nil)
        guard let game else { return }
        let wait = bots.contains(setter) ? "" : " (\(setterSeconds) s)"
        broadcast(.info("Round \(game.roundNumber): \(setter.name) is choosing the word\(wait)."))
        guard let client = seats.first(where: { $0.id == setter })?.client else { return }
        emit(.sendAfter(client, SetterFlow.prompt(room: name, game, seconds: setterSeconds, hintChars: setterHintChars)))
    }

    mutating func armSetterTimer(_ setter: PlayerID) {
        // Warned as a guesser is (`turn_warning`), so a setter is never skipped without notice.
        armTurn(
            of: setter, seconds: setterTimerSeconds(for: setter), end: .setterTimeout(token: turns.token, player: setter))
    }

    /// The setter's answer: checked (`SetterWord.check`), then the round starts with it. `bare`: the
    /// line was typed without `word`, which makes it an answer only from the player asked for the
    /// word (issue 34 item 3); anyone else gets what any line that is no command gets.
    mutating func setWord(by client: ClientID, _ id: PlayerID, word: String, hint: String?, bare: Bool = false) {
        if bare, !isSeated(id, client) || !isPlaying || current?.awaitedSetter != id {
            return reply(.unknownCommand(word))
        }
        guard isSeated(id, client) else { return reply(.noGame("only the seated setter can set a word")) }
        guard isPlaying, var game = current, let awaited = game.awaitedSetter else {
            return reply(.noGame("no word is awaited in \(name): in setter mode the setter is asked for it"))
        }
        guard awaited == id else { return reply(.notYourTurn("\(awaited.name) sets this round's word, not you")) }
        let set: (word: String, hint: String?)
        switch SetterFlow.check(word, hint: hint, game, blocklist: blocklist, hintChars: setterHintChars) {
        case .success(let taken): set = taken
        case .failure(let refusal): return reply(refusal)
        }
        let (checked, hint) = set
        let events: [GameEvent]
        do throws(GameError) {
            events = try game.setWord(checked, by: id)
        } catch {
            return reply(ServerError(error, turn: game.turn, letter: nil))
        }
        play(game)
        setRoundHint(hint)
        resetTimeouts(of: id)
        reply(nil)
        emit(
            .send(
                client,
                .info(
                    "Your word is set: \(checked.uppercased())" + (hint.map { " (hint: \($0))" } ?? "")
                        + ". You cannot guess it; you score if the man hangs.")))
        broadcast(
            .info(
                "\(id.name) has set a word of \(checked.count) letters" + (hint == nil ? "" : ", with a hint")
                    + ". Guess away!" + (hint == nil ? "" : "\nThe hint: type hint on your turn (it costs a miss).")))
        apply(events, guessed: nil)
    }

    /// The awaited setter did not answer in time: the next seat is asked (or the server draws).
    mutating func setterTimedOut(_ player: PlayerID) {
        guard isPlaying, var game = current, game.awaitedSetter == player else { return }
        if botSetsWord(player) { return }
        broadcast(.info("\(player.name) did not set a word in time and is skipped."))
        let events = game.skipSetter()
        play(game)
        if game.setterRound?.drawn == true {
            setRoundHint(game.roundWordHint)
            broadcast(.info("Nobody set a word, so the server picked one: everyone guesses."))
        }
        apply(events, guessed: nil)
    }
}
