import HangmanCore
import HangmanServer
import HangmanTesting
import Testing

/// Defects found playing a table of four real clients for a long while (session 11), each
/// reproduced in memory on the manual clock and failing before its fix.
@Suite(.ownThread) struct PlayedTableTests {
    /// The host sets `mode race` during a classic round: the board that closes the classic round
    /// drew the next round's race ("Race: Ann 0/2 letters 0/7 misses") under the solved word.
    @Test func aClassicRoundsClosingBoardHasNoRaceOfTheNextRound() {
        let table = TestTable(words: ["ab"])
        let ann = table.player("Ann", json: false)
        table.type("create home", on: ann)
        table.type("set rounds 2", on: ann)
        table.type("start", on: ann)
        table.type("set mode race", on: ann)
        _ = ann.takeText()
        table.type("a", on: ann)
        table.type("b", on: ann)
        let screen = ann.takeText()
        let closing = screen.components(separatedBy: "Round 1 solved").first ?? ""
        #expect(closing.contains("Word:    A B"), "\(screen)")
        #expect(!closing.contains("Race:"), "the closing board of a classic round shows no race:\n\(closing)")
        #expect(screen.contains("round 2 of 2 - race"), "the next round is a race:\n\(screen)")
    }
}

extension PlayedTableTests {
    /// The end of a game told everyone "Type start for a new game", and a player who is not the host
    /// who did so got `not_host`: the line says the host starts the next one.
    @Test func theEndOfAGameSaysTheHostStartsTheNext() {
        let table = TestTable(words: ["ab"])
        let ann = table.player("Ann", json: false)
        let bob = table.player("bob", json: false)
        table.seat(ann, bob, in: "home")
        table.type("set rounds 1", on: ann)
        table.type("start", on: ann)
        table.type("a", on: ann)
        table.type("b", on: ann)
        table.advance(by: 5)
        let screen = bob.takeText()
        #expect(screen.contains("=== Game over in home ==="), "\(screen)")
        #expect(!screen.contains("Type start"), "bob is not the host:\n\(screen)")
        #expect(screen.contains("The host types start for a new game"), "\(screen)")
        table.type("start", on: bob)
        #expect(bob.takeText().contains("[not_host]"))
    }
}

extension PlayedTableTests {
    /// bob walked away (marked away after two timed-out turns) and comes back by typing `say hi`:
    /// everyone got "bob is back." and then the whole board again (13 lines at 80 × 24), which
    /// scrolled away the chat and the answer to what bob typed; one line says it now.
    @Test func comingBackIsOneLineNotAWholeBoard() {
        let table = TestTable(words: ["ab"])
        let ann = table.player("Ann", json: false)
        let bob = table.player("bob", json: false)
        let cy = table.player("cy", json: false)
        table.seat(ann, bob, cy, in: "home")
        table.type("start", on: ann)
        table.type("z", on: ann)
        table.advance(by: 61)  // bob's turn runs out
        table.type("y", on: cy)
        table.type("x", on: ann)
        table.advance(by: 61)  // again: bob is marked away
        table.type("w", on: cy)
        for connection in [ann, bob, cy] { _ = connection.takeText() }
        table.type("say hi", on: bob)
        let screen = ann.takeText()
        #expect(screen.contains("bob is back."), "\(screen)")
        #expect(screen.contains("<bob> hi"), "\(screen)")
        #expect(!screen.contains("Word:"), "no board drawn again for a player's return:\n\(screen)")
        let own = bob.takeText()
        #expect(own.contains("<bob> hi") && !own.contains("Word:"), "\(own)")
        table.type("v", on: ann)  // a miss: bob's turn again, with his board
        let turn = bob.takeText()
        #expect(turn.contains("Word:") && turn.contains("Your turn, bob"), "\(turn)")
    }
}

extension PlayedTableTests {
    /// bob is kicked on his turn: in the lobby his prompt stayed `your turn> ` (for a game he is no
    /// longer in), and nothing said what to type next; a player who leaves gets both right.
    @Test func aPlayerKickedOnTheirTurnIsInTheLobbyWithAPlainPrompt() {
        let table = TestTable(words: ["ab"])
        let ann = table.player("Ann", json: false)
        let bob = table.player("bob", json: false)
        table.seat(ann, bob, in: "home")
        table.type("start", on: ann)
        table.type("z", on: ann)
        #expect(bob.takeText().hasSuffix("your turn> "))
        table.type("kick bob", on: ann)
        let screen = bob.takeText()
        #expect(!screen.contains("your turn>"), "not even for a moment:\n\(screen)")
        #expect(screen.contains("You were kicked from home by Ann."), "\(screen)")
        #expect(screen.contains("You are in the lobby. Type play, rooms, or create <room>."), "\(screen)")
        #expect(screen.hasSuffix("\r\n> "), "no turn in the lobby:\n\(screen)")
        table.type("who", on: bob)
        #expect(bob.takeText().hasSuffix("\r\n> "))
    }
}

extension PlayedTableTests {
    /// bob's private room has two words of its own and plays three rounds: round 3 was GIRAFFE
    /// again (he solved it with no mistake). `start` says so instead, and starts once it fits.
    @Test func fewerOwnWordsThanRoundsIsRefusedAtStart() {
        let table = TestTable(words: ["ab"])
        let bob = table.player("bob", json: false)
        let dave = table.player("dave", json: false)
        table.type("create secret pw1", on: bob)
        table.type("join secret pw1", on: dave)
        table.type("words add zebra giraffe", on: bob)
        table.type("set rounds 3", on: bob)
        _ = bob.takeText()
        _ = dave.takeText()
        table.type("start", on: bob)
        let refused = bob.takeText()
        #expect(refused.contains("[out_of_range]"), "\(refused)")
        #expect(refused.contains("secret has 2 words of its own for 3 rounds"), "\(refused)")
        #expect(!dave.takeText().contains("Word:"), "no game started")
        table.type("set rounds 2", on: bob)
        table.type("start", on: bob)
        #expect(dave.takeText().contains("round 1 of 2"))
    }
}

extension PlayedTableTests {
    /// `join secret` without a password was told "secret is private and that is not its password",
    /// when none was typed: it says how to give one; a wrong one keeps its message.
    @Test func joiningAPrivateRoomWithoutAPasswordSaysHowToGiveOne() {
        let table = TestTable(words: ["ab"])
        let bob = table.player("bob", json: false)
        let dave = table.player("dave", json: false)
        table.type("create secret pw1", on: bob)
        _ = dave.takeText()
        table.type("join secret", on: dave)
        let missing = dave.takeText()
        #expect(missing.contains("secret is private: type join secret <password>"), "\(missing)")
        #expect(missing.contains("[bad_password]"))
        table.type("watch secret", on: dave)
        #expect(dave.takeText().contains("secret is private: type watch secret <password>"))
        table.type("join secret nope", on: dave)
        #expect(dave.takeText().contains("secret is private and that is not its password"))
    }
}

extension PlayedTableTests {
    /// A wrong word typed again was answered "that was guessed already; try another letter".
    @Test func aWordGuessedAgainIsCalledAWord() {
        let table = TestTable(words: ["abc"])
        let ann = table.player("Ann")
        table.type("create home", on: ann)
        table.type("start", on: ann)
        table.type("guess abd", on: ann)
        _ = ann.events()
        table.type("guess abd", on: ann)
        let error = ann.events().first { $0.type == "error" }
        #expect(error?["code"] as? String == "already_guessed")
        #expect(error?["message"] as? String == "that word was guessed already; try another word or a letter")
        table.type("guess a", on: ann)
        _ = ann.events()
        table.type("guess a", on: ann)
        #expect(ann.events().first { $0.type == "error" }?["message"] as? String == "a was guessed already; try another letter")
    }
}

extension PlayedTableTests {
    /// A player back within the grace period was announced as if new: "* carol joined home".
    @Test func aPlayerBackWithinTheGraceIsSaidToBeBack() {
        let table = TestTable(words: ["abc"])
        let ann = table.player("Ann", json: false)
        let carol = table.player("carol")
        table.seat(ann, carol, in: "home")
        table.type("start", on: ann)
        carol.hangUp()
        table.settle()
        _ = ann.takeText()
        let back = table.connect()
        table.type("name carol", on: back)
        let screen = ann.takeText()
        #expect(screen.contains("* carol is back in home"), "\(screen)")
        #expect(!screen.contains("carol joined"), "\(screen)")
    }
}

extension PlayedTableTests {
    /// cy's connection dropped and came back (TinTin++'s `#zap`, then `cy` again): each time every
    /// other player got its line and then the whole board again, after the game too, where two such
    /// redraws pushed the game's end and the high scores off an 80 × 24 screen (smoke, session 12).
    /// The lines say it; only the one who comes back needs their board drawn.
    @Test func aDropAndAReturnAreOneLineEachForTheOthers() {
        let table = TestTable(words: ["abc"])
        let ann = table.player("Ann", json: false)
        let bob = table.player("bob", json: false)
        let cy = table.player("cy", json: false)
        table.seat(ann, bob, cy, in: "home")
        table.type("start", on: ann)
        for connection in [ann, bob, cy] { _ = connection.takeText() }
        cy.hangUp()  // not cy's turn: the game goes on as it was
        table.settle()
        let dropped = ann.takeText()
        #expect(dropped.contains("cy lost their connection"), "\(dropped)")
        #expect(!dropped.contains("Word:"), "no board drawn again for a drop:\n\(dropped)")
        let back = table.connect()
        table.type("name cy", on: back)
        let seen = ann.takeText()
        #expect(seen.contains("cy is back in home"), "\(seen)")
        #expect(!seen.contains("Word:"), "no board drawn again for a return:\n\(seen)")
        let own = back.takeText()
        #expect(own.contains("Word:"), "the player back gets their board:\n\(own)")
        table.type("set rounds 1", on: ann)  // from the next round: this one is the last
        table.type("solve abc", on: ann)
        #expect(ann.takeText().contains("Game over"))
        back.hangUp()
        table.settle()
        let after = ann.takeText()
        #expect(after.contains("cy lost their connection") && !after.contains("Word:"), "\(after)")
    }
}

extension PlayedTableTests {
    /// The same in a race under way: the others' own boards were drawn again at a racer's return.
    @Test func aRacersReturnIsOneLineForTheOthers() {
        let table = TestTable(words: ["abcdef"])
        let ann = table.player("Ann", json: false)
        let bob = table.player("bob", json: false)
        table.seat(ann, bob, in: "home")
        table.type("set mode race", on: ann)
        table.type("start", on: ann)
        table.type("a", on: ann)
        bob.hangUp()
        table.settle()
        _ = ann.takeText()
        let back = table.connect()
        table.type("name bob", on: back)
        let seen = ann.takeText()
        #expect(seen.contains("bob is back in home") && !seen.contains("Word:"), "\(seen)")
        let own = back.takeText()
        #expect(own.contains("Word:") && own.contains("Racing:"), "bob's own race board:\n\(own)")
    }
}
