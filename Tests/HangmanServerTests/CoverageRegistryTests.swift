import Foundation
import HangmanNet
import HangmanServer
import HangmanSync
import HangmanTesting
import Testing

/// The registry of what the suite sends: every word of the command table (names and aliases) and every
/// error code has a probe here that sends it over an in-memory connection and checks the answer.
/// The tests run once per `CommandTable.rows` word and once per `ErrorCode.allCases` case, so a command,
/// alias or code added without a probe fails here by name.
///
/// To extend it: add a `case "word":` to `sendAndCheck(_:_:)` (or a `case "code":` to
/// `provokeAndCheck(_:_:)`) that types the command with `p.type(...)` and checks what came back;
/// for a code, end with `p.expectError(.code, ...)`. The registry checks that the probe typed the
/// word and asserted the code, so a probe that does neither fails.
@Suite(.ownThread) struct CoverageRegistryTests {
    static let words: [String] = CommandTable.rows.flatMap { [$0.name] + $0.aliases }

    @Test(arguments: words) func everyCommandWordIsSentAndAnswered(word: String) {
        let p = Probe()
        guard Self.sendAndCheck(word, p) else {
            Issue.record("no test sends '\(word)': add a probe to CoverageRegistryTests.sendAndCheck")
            return
        }
        #expect(p.typedWords.contains(word), "the probe for '\(word)' never typed it (typed \(p.typedWords))")
    }

    @Test(arguments: ErrorCode.allCases) func everyErrorCodeIsProvokedAndChecked(code: ErrorCode) {
        let p = Probe()
        guard Self.provokeAndCheck(code.rawValue, p) else {
            Issue.record("no test provokes \(code.rawValue): add a probe to CoverageRegistryTests.provokeAndCheck")
            return
        }
        #expect(p.checkedCodes.contains(code), "the probe for \(code.rawValue) never checked an error with that code")
    }

    // MARK: commands

    /// The operator commands: `op` uses each; a plain player is refused.
    static func moderationProbe(_ word: String, _ p: Probe) {
        let op = p.operatorLogin()
        let (ann, bob) = p.twoInHome()
        p.expectError(.notAllowed, CommandTable.row(for: word)?.examples.first ?? word, on: ann)
        switch word {
        case "ban":
            let info = p.type("ban bob 1h flooding", on: op).last { $0.type == "info" }
            #expect((info?["message"] as? String)?.hasPrefix("bob is banned until") == true)
            #expect(bob.isClosed, "an online banned player is closed at once")
        case "unban":
            _ = p.type("ban mal 1h", on: op)
            #expect(p.type("unban mal", on: op).contains { $0.type == "info" })
            p.expectError(.noSuchPlayer, "unban mal", on: op)
        case "mute", "unmute":
            _ = p.type("mute bob 10m", on: op)
            if word == "unmute" {
                #expect(p.type("unmute bob", on: op).contains { $0.type == "info" })
                let chat = p.type("say hi", on: bob)
                #expect(chat.contains { $0.type == "chat" }, "unmuted: the line goes out")
            } else {
                p.expectError(.muted, "say hi", on: bob)
                #expect(!ann.events().contains { $0.type == "chat" }, "nobody else gets a muted line")
            }
        case "disconnect":
            #expect(p.type("disconnect bob go to bed", on: op).contains { $0.type == "info" })
            #expect(bob.isClosed)
            p.expectError(.noSuchPlayer, "disconnect nobody", on: op)
        case "announce":
            _ = p.type("announce restart soon", on: op)
            let seen = bob.events().first { $0.type == "announcement" }
            #expect(seen?["text"] as? String == "restart soon" && seen?["from"] as? String == "op")
        case "bans":
            _ = p.type("mute bob 10m spam", on: op)
            let bans = p.type("bans", on: op).first { $0.type == "bans" }
            let rows = bans?["sanctions"] as? [[String: Any]]
            #expect(rows?.first?["name"] as? String == "bob" && rows?.first?["kind"] as? String == "mute")
        case "modlog":
            _ = p.type("mute bob 10m spam", on: op)
            _ = p.type("unmute bob", on: op)
            let log = p.type("modlog 1", on: op).first { $0.type == "modlog" }
            let entries = log?["entries"] as? [[String: Any]]
            #expect(entries?.count == 1 && entries?.first?["action"] as? String == "unmute")
        case "ban-address":
            _ = p.type("ban-address 10.9.0.0/16 1h", on: op)
            let c = p.table.connect(address: "10.9.3.4")
            #expect(c.isClosed, "refused before the name prompt")
            #expect(!p.table.connect(address: "10.8.3.4").isClosed)
        default: Issue.record("no moderation probe for \(word)")
        }
    }

    /// Sends `word` and checks the answer; false when no probe exists for it.
    static func sendAndCheck(_ word: String, _ p: Probe) -> Bool {
        switch word {
        case "guess":
            let ann = p.soloGame()
            let guess = p.type("guess a", on: ann).first { $0.type == "guess" }
            #expect(guess?["player"] as? String == "Ann" && guess?["hit"] as? Bool == true && guess?["letter"] as? String == "a")
        case "solve":
            let ann = p.soloGame()
            let seen = p.type("solve ab", on: ann)
            let over = seen.first { $0.type == "round_over" }
            #expect(
                over?["word"] as? String == "ab" && over?["result"] as? String == "won" && over?["solver"] as? String == "Ann")
        case "play":
            let ann = p.table.player("Ann")  // a name accepted: quick play seats Ann at once
            _ = p.type("leave", on: ann)
            let state = p.type("play", on: ann).last { $0.type == "state" }
            #expect(state?["status"] as? String == "playing", "quick play starts at once")
            #expect(state?.player("Ann") != nil)
            // Seated in a running game, play asks first; play again leaves for a new game.
            let ask = p.type("play", on: ann).first { $0.type == "info" }
            #expect((ask?["message"] as? String)?.contains("Type play again (or play confirm)") == true)
            let again = p.type("play", on: ann).last { $0.type == "state" }
            #expect(again?["room"] as? String != state?["room"] as? String, "a new room: \(String(describing: again))")
            #expect(again?.player("Ann")?["score"] as? Int == 0)
        case "words":
            let ann = p.table.player("Ann")
            _ = p.type("create den s3cret", on: ann)
            let added = p.type("words add cat dog", on: ann).first { $0.type == "words" }
            #expect(added?["count"] as? Int == 2 && added?["added"] as? Int == 2 && added?["by"] as? String == "Ann")
            let count = p.type("words", on: ann).first { $0.type == "words" }
            #expect(count?["count"] as? Int == 2 && count?["by"] is NSNull)
            let cleared = p.type("words clear", on: ann).first { $0.type == "words" }
            #expect(cleared?["count"] as? Int == 0)
        case "hint":
            let ann = p.soloGame()
            let seen = p.type("hint", on: ann)
            let hint = seen.first { $0.type == "hint" }
            #expect(hint?["hint"] as? String == "the first two letters" && hint?["cost"] as? Int == 1)
            let state = seen.last { $0.type == "state" }
            #expect(state?["misses"] as? Int == 1 && state?["hint"] as? String == "the first two letters")
        case "team":
            let (ann, bob) = p.twoInHome()
            _ = p.type("set mode teams", on: ann)
            let seen = p.type("team 2", on: bob)
            #expect(seen.contains { $0.type == "info" && $0["message"] as? String == "bob joins team 2." })
            let state = seen.last { $0.type == "state" }
            #expect(state?.player("bob")?["team"] as? Int == 2 && state?.player("Ann")?["team"] == nil)
        case "state":
            let ann = p.soloGame()
            let state = p.type("state", on: ann).first { $0.type == "state" }
            #expect(
                state?["room"] as? String == "home" && state?["status"] as? String == "playing"
                    && state?["turn"] as? String == "Ann")
        case "bell":
            let ann = p.table.player("Ann")
            #expect(
                p.type("bell on", on: ann).first?["message"] as? String == "Bell on: your terminal rings when your turn comes.")
            #expect(p.type("bell off", on: ann).first?["message"] as? String == "Bell off.")
            #expect(p.savedSettings("Ann")?["bell"] == "off", "the bell is saved with the player's settings")
        case "screenreader":
            // For text clients (ScreenReaderTests): a JSON client is told so and stays as it is.
            let ann = p.table.player("Ann")
            #expect(p.type("screenreader on", on: ann).first?["code"] as? String == "invalid_input")
            p.table.type("text", on: ann)
            _ = ann.takeText()
            p.table.type("screenreader on", on: ann)
            #expect(ann.takeText().contains("Screen-reader mode on"))
            #expect(p.savedSettings("Ann")?["screenreader"] == "on", "saved with the player's settings")
        case "rooms":
            let ann = p.table.player("Ann")
            _ = p.type("create home", on: ann)
            let rooms = p.type("rooms", on: ann).first { $0.type == "rooms" }?["rooms"] as? [[String: Any]]
            #expect(rooms?.count == 1 && rooms?.first?["name"] as? String == "home" && rooms?.first?["players"] as? Int == 1)
        case "create":
            let ann = p.table.player("Ann")
            let state = p.type("create den s3cret", on: ann).last { $0.type == "state" }
            #expect(
                state?["room"] as? String == "den" && state?["status"] as? String == "waiting"
                    && state?["host"] as? String == "Ann")
            let bob = p.table.player("bob")
            let room = p.type("rooms", on: bob).first?["rooms"] as? [[String: Any]]
            #expect(room?.first?["private"] as? Bool == true)
        case "join":
            let (ann, bob) = p.twoInHome()
            _ = bob
            #expect(ann.events().isEmpty)
            let cy = p.table.player("cy")
            _ = p.type("join home", on: cy)
            let joined = ann.events().first { $0.type == "joined" }
            #expect(joined?["player"] as? String == "cy" && joined?["spectator"] as? Bool == false)
        case "watch":
            let (ann, _) = p.twoInHome()
            let dee = p.table.player("dee")
            let joined = p.type("watch home", on: dee).first { $0.type == "joined" }
            #expect(joined?["player"] as? String == "dee" && joined?["spectator"] as? Bool == true)
            p.table.advance(by: 1)  // the room hears of spectators in one notice a second
            let notice = ann.events().first { $0.type == "spectators" }
            #expect(notice?["started"] as? Int == 1 && notice?["watching"] as? Int == 1)
        case "leave", "lobby":
            let (ann, bob) = p.twoInHome()
            let answer = p.type(word, on: bob).first { $0.type == "info" }
            #expect(answer?["message"] as? String == "You are in the lobby. Type play, rooms, or create <room>.")
            #expect(ann.events().contains { $0.type == "left" && $0["player"] as? String == "bob" })
        case "who":
            let (ann, _) = p.twoInHome()
            let lonely = p.table.player("cy")
            _ = p.type("leave", on: lonely)
            let who = p.type("who", on: ann).first { $0.type == "who" }
            #expect(who?["room"] as? String == "home" && who?["host"] as? String == "Ann")
            #expect((who?["players"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["Ann", "bob"])
            #expect(who?["lobby"] as? [String] == ["cy"])
            _ = lonely
        case "settings":
            let ann = p.table.player("Ann")
            _ = p.type("leave", on: ann)
            let lobby = p.type("settings", on: ann).first { $0.type == "settings" }
            #expect(lobby?["room"] as? String == "your new rooms" && lobby?["pending"] as? Bool == false)
            #expect((lobby?["settings"] as? [String: Any])?["misses"] as? Int == 7)
        case "start", "new":
            let (ann, bob) = p.twoInHome()
            let state = p.type(word, on: ann).last { $0.type == "state" }
            #expect(state?["status"] as? String == "playing" && state?["turn"] as? String == "Ann")
            #expect(bob.events().contains { $0.type == "state" && $0["status"] as? String == "playing" })
            // Not while one runs: the game goes on as it was.
            let again = p.type(word, on: ann)
            #expect(again.first?["code"] as? String == "invalid_input")
            #expect(again.first?["message"] as? String == "a game is already running in home")
            #expect(!bob.events().contains { $0.type == "state" }, "nothing restarted")
        case "set":
            let (ann, bob) = p.twoInHome()
            _ = p.type("set misses 5", on: ann)
            let change = bob.events().first { $0.type == "setting" }
            #expect(
                change?["key"] as? String == "misses" && change?["value"] as? Int == 5 && change?["by"] as? String == "Ann")
        case "word":
            let (ann, bob) = p.twoInHome()
            _ = p.type("set mode setter", on: ann)
            let prompt = p.type("start", on: ann).first { $0.type == "word_prompt" }
            #expect(prompt?["round"] as? Int == 1, "Ann, the first seat, is asked for the word")
            _ = p.type("word abc a hint", on: ann)
            let state = bob.events().last { $0.type == "state" }
            #expect(
                state?["pattern"] as? String == "___" && state?["turn"] as? String == "bob"
                    && state?["setter"] as? String == "Ann")
        case "kick":
            let (ann, bob) = p.twoInHome()
            _ = p.type("kick bob", on: ann)
            #expect(
                bob.events().contains { $0.type == "kicked" && $0["room"] as? String == "home" && $0["by"] as? String == "Ann" })
            let who = p.type("who", on: ann).first { $0.type == "who" }
            #expect((who?["players"] as? [[String: Any]])?.count == 1)
        case "bot":
            let (ann, bob) = p.twoInHome()
            let added = p.type("bot add strong", on: ann).first { $0.type == "joined" }
            #expect(added?["player"] as? String == "bot-strong" && added?["room"] as? String == "home")
            let who = p.type("who", on: bob).first { $0.type == "who" }
            #expect(who?.player("bot-strong")?["bot"] as? Bool == true)
            let left = p.type("bot remove", on: ann).first { $0.type == "left" }
            #expect(left?["player"] as? String == "bot-strong")
        case "say", "'":
            let (ann, bob) = p.twoInHome()
            _ = p.type(word == "say" ? "say hi there" : "'hi there", on: ann)
            let chat = bob.events().first { $0.type == "chat" }
            #expect(
                chat?["from"] as? String == "Ann" && chat?["text"] as? String == "hi there" && chat?["room"] as? String == "home")
        case "top":
            let ann = p.playedGame()
            let board = p.type("top 5", on: ann).first { $0.type == "leaderboard" }
            let entries = board?["entries"] as? [[String: Any]]
            #expect(entries?.count == 1 && entries?.first?["name"] as? String == "Ann" && entries?.first?["rank"] as? Int == 1)
        case "highscores":
            let ann = p.playedGame()
            let scores = p.type("highscores", on: ann).first { $0.type == "highscores" }
            let entries = scores?["entries"] as? [[String: Any]]
            #expect(
                entries?.count == 1 && entries?.first?["name"] as? String == "Ann" && entries?.first?["word"] as? String == "ab")
            #expect(entries?.first?["mistakes"] as? Int == 0 && entries?.first?["rank"] as? Int == 1)
        case "history":
            let ann = p.playedGame()
            let history = p.type("history", on: ann).first { $0.type == "history" }
            #expect(history?["player"] as? String == "Ann")
            let entries = history?["entries"] as? [[String: Any]]
            #expect(
                entries?.count == 1 && entries?.first?["word"] as? String == "ab" && entries?.first?["result"] as? String == "won"
            )
            // A registered player resets it (an unregistered one may not).
            let refused = p.type("history reset", on: ann).first
            #expect(refused?["code"] as? String == "invalid_input")
            _ = p.type("register s3cret", on: ann)
            let reset = p.type("history reset", on: ann).first
            #expect(reset?["message"] as? String == "Your history was reset (1 game removed).")
            let after = p.type("history", on: ann).first { $0.type == "history" }
            #expect((after?["entries"] as? [Any])?.isEmpty == true)
        case "stats":
            let ann = p.playedGame()
            let stats = p.type("stats", on: ann).first { $0.type == "stats" }
            #expect(stats?["player"] as? String == "Ann" && stats?["games"] as? Int == 1 && stats?["wins"] as? Int == 1)
            #expect(stats?["solved"] as? Int == 1 && stats?["failed"] as? Int == 0 && stats?["rank"] as? Int == 1)
        case "game":
            let ann = p.playedGame()
            let id = p.lastGameID ?? -1
            let game = p.type("game \(id)", on: ann).first { $0.type == "game" }
            #expect(game?["game"] as? Int == Int(id) && game?["room"] as? String == "home")
            let rounds = game?["rounds"] as? [[String: Any]]
            #expect(
                rounds?.count == 1 && rounds?.first?["word"] as? String == "ab" && rounds?.first?["solver"] as? String == "Ann")
            #expect(p.type("game 999", on: ann).first?["code"] as? String == "invalid_input", "an unknown game")
        case "name":
            let c = p.table.connect()
            _ = p.type("json", on: c)
            let login = p.type("name alice", on: c).first { $0.type == "logged_in" }
            #expect(login?["name"] as? String == "alice" && login?["registered"] as? Bool == false)
            #expect(c.didCompleteLogin)
        case "password":
            p.registerAccount("zed", "s3cret")
            let c = p.table.connect()
            _ = p.type("json", on: c)
            let asked = p.type("name zed", on: c).first { $0.type == "prompt" }
            #expect(asked?["for"] as? String == "password")
            let login = p.type("password s3cret", on: c).first { $0.type == "logged_in" }
            #expect(login?["name"] as? String == "zed" && login?["registered"] as? Bool == true)
            // Logged in, `password <old> <new>` changes it (PasswordChangeTests has the rest).
            _ = c.events()
            let changed = p.type("password s3cret n3w-s3cret", on: c).first
            #expect(changed?["message"] as? String == "Your password is changed: from now on zed logs in with the new one.")
            p.expectError(.badPassword, "password s3cret other-one", on: c)
        case "register":
            let ann = p.table.player("Ann")
            let done = p.type("register s3cret", on: ann).first
            #expect(done?["message"] as? String == "Ann is now registered: next time this name asks for the password.")
            #expect(p.isRegistered("Ann"))
            #expect(p.type("register other", on: ann).first?["code"] as? String == "invalid_input", "registered already")
        case "json":
            let c = p.table.connect()
            _ = p.type("json", on: c)
            #expect(p.lastAnswer.first?["message"] as? String == "JSON mode: one object per line. Type text to go back.")
        case "text":
            let ann = p.table.player("Ann")
            let screen = p.typeText("text", on: ann)
            #expect(screen.hasPrefix("Text mode.\r\n"), "\(screen)")
            #expect(!screen.contains("{"), "no JSON after text")
        case "color", "colour":
            let ann = p.table.player("Ann", json: false)
            let on = p.typeText("\(word) on", on: ann)
            #expect(on.contains("Colour on."))
            let (_, bob) = (ann, p.table.player("bob", json: false))
            _ = p.typeText("say hi", on: bob)
            #expect(ann.takeText().contains("\u{1B}["), "colour on: escape sequences")
            let off = p.typeText("\(word) off", on: ann)
            #expect(off.contains("Colour off."))
            _ = p.typeText("say hi", on: bob)
            let plain = ann.takeText()
            #expect(plain.contains("hi") && !plain.contains("\u{1B}"), "colour off: no escapes in \(plain.debugDescription)")
        case "help", "?":
            let ann = p.table.player("Ann")
            let help = p.type("\(word) set", on: ann).first { $0.type == "help" }
            #expect(help?["topic"] as? String == "set")
            #expect(p.type("\(word) nosuch", on: ann).first?["code"] as? String == "invalid_input")
        case "votekick":
            let (ann, bob) = p.twoInHome()
            let cy = p.table.player("cy")
            _ = p.type("join home", on: cy)
            _ = bob.events()
            let vote = p.type("votekick cy", on: ann).first { $0.type == "votekick" }
            #expect(vote?["yes"] as? Int == 1 && vote?["needed"] as? Int == 2 && vote?["passed"] as? Bool == false)
            let passed = p.type("votekick cy", on: bob).last { $0.type == "votekick" }
            #expect(passed?["passed"] as? Bool == true)
            p.expectError(.notAllowed, "join home", on: cy)
        case "ban", "unban", "mute", "unmute", "disconnect", "announce", "bans", "modlog", "ban-address":
            moderationProbe(word, p)
        case "quit", "exit":
            let ann = p.table.player("Ann")
            let bye = p.type(word, on: ann).first
            #expect(bye?["type"] as? String == "bye" && bye?["message"] as? String == "Thanks for playing. Goodbye!")
            #expect(ann.isClosed && ann.closeReason == .requested)
        default:
            return false
        }
        return true
    }

    // MARK: error codes

    /// Provokes the error `code` and checks it; false when no probe exists for it.
    static func provokeAndCheck(_ code: String, _ p: Probe) -> Bool {
        switch code {
        case "unknown_command":
            let ann = p.table.player("Ann")
            let error = p.expectError(.unknownCommand, "frobnicate now", on: ann)
            #expect(error?["message"] as? String == "unknown command 'frobnicate'; type help for the list")
        case "invalid_input":
            let ann = p.table.player("Ann")
            let error = p.expectError(.invalidInput, "register abc", on: ann)
            #expect(error?["message"] as? String == "a password is 4 to 72 bytes long")
            #expect(!p.isRegistered("Ann"))
            #expect(p.type("register abcd", on: ann).first?["type"] as? String == "info", "4 bytes is enough")
        case "not_your_turn":
            let (_, bob) = p.twoInHome()
            _ = p.type("start", on: p.connection("Ann"))
            _ = bob.events()
            p.expectError(.notYourTurn, "a", on: bob)
        case "already_guessed":
            let ann = p.soloGame()
            _ = p.type("z", on: ann)
            p.expectError(.alreadyGuessed, "z", on: ann)
            let state = p.type("state", on: ann).first { $0.type == "state" }
            #expect(state?["misses"] as? Int == 1, "nothing was spent")
        case "no_game":
            let ann = p.table.player("Ann")
            _ = p.type("leave", on: ann)
            p.expectError(.noGame, "guess e", on: ann)
            p.expectError(.noGame, "state", on: ann)
        case "name_taken":
            // A room name in use, a player name in use, and registering a name another server registered.
            let ann = p.table.player("Ann")
            _ = p.type("create home", on: ann)
            let bob = p.table.player("bob")
            _ = p.type("leave", on: bob)
            let error = p.expectError(.nameTaken, "create HOME", on: bob)
            #expect((error?["message"] as? String)?.hasPrefix("a room called") == true)
            #expect(p.type("state", on: bob).first?["code"] as? String == "no_game", "bob is still in the lobby")
            let c = p.table.connect()
            _ = p.type("json", on: c)
            p.expectError(.nameTaken, "name ann", on: c)
            p.registerAccount("bob", "elsewhere")
            let taken = p.expectError(.nameTaken, "register s3cret", on: bob)
            #expect(taken?["message"] as? String == "bob is registered already")
        case "name_invalid":
            let c = p.table.connect()
            _ = p.type("json", on: c)
            p.expectError(.nameInvalid, "name no spaces!", on: c)
            p.expectError(.nameInvalid, "name rooms", on: c)
        case "bad_password":
            p.registerAccount("zed", "s3cret")
            let c = p.table.connect()
            _ = p.type("json", on: c)
            _ = p.type("name zed", on: c)
            let error = p.expectError(.badPassword, "password wrong", on: c)
            #expect(error?["message"] as? String == "that is not the password of zed (2 tries left)")
            let ann = p.table.player("Ann")
            _ = p.type("create den s3cret", on: ann)
            let bob = p.table.player("bob")
            p.expectError(.badPassword, "join den nope", on: bob)
        case "not_host":
            let (ann, bob) = p.twoInHome()
            p.expectError(.notHost, "kick Ann", on: bob)
            p.expectError(.notHost, "set misses 3", on: bob)
            p.expectError(.notHost, "start", on: bob)
            let who = p.type("who", on: ann).first { $0.type == "who" }
            #expect((who?["players"] as? [[String: Any]])?.count == 2, "nobody was kicked")
        case "room_full":
            let (ann, _) = p.twoInHome()
            _ = p.type("set seats 2", on: ann)
            let cy = p.table.player("cy")
            p.expectError(.roomFull, "join home", on: cy)
        case "no_such_room":
            let ann = p.table.player("Ann")
            p.expectError(.noSuchRoom, "join nowhere", on: ann)
        case "no_such_player":
            let (ann, _) = p.twoInHome()
            let error = p.expectError(.noSuchPlayer, "kick nobody", on: ann)
            #expect(error?["message"] as? String == "nobody is not in home")
            let who = p.type("who", on: ann).first { $0.type == "who" }
            #expect((who?["players"] as? [[String: Any]])?.count == 2, "nobody was kicked")
        case "out_of_range":
            let (ann, _) = p.twoInHome()
            p.expectError(.outOfRange, "set misses 27", on: ann)
            let below = p.expectError(.outOfRange, "set seats 1", on: ann)
            #expect(below?["message"] as? String == "2 players are seated; seats must be at least that")
        case "line_too_long":
            let ann = p.table.player("Ann")
            ann.deliver(.lineTooLong)
            p.table.settle()
            p.checkError(.lineTooLong, in: ann.events())
        case "rate_limited":
            let ann = p.table.player("Ann")
            ann.deliver(.rateLimited)
            p.table.settle()
            p.checkError(.rateLimited, in: ann.events())
        case "not_allowed":
            let (ann, _) = p.twoInHome()
            p.expectError(.notAllowed, "ban bob 10m", on: ann)
            // An operator's name nobody registered cannot be taken at all.
            let lookAlike = p.table.connect()
            p.type("json", on: lookAlike)
            p.expectError(.notAllowed, "name op", on: lookAlike)
        case "muted":
            let op = p.operatorLogin()
            let (_, bob) = p.twoInHome()
            _ = p.type("mute bob 10m spam", on: op)
            let error = p.expectError(.muted, "say hello", on: bob)
            #expect((error?["message"] as? String)?.contains("spam") == true)
        case "banned":
            let op = p.operatorLogin()
            _ = p.type("ban mal 1h flooding", on: op)
            let c = p.table.connect()
            _ = p.type("json", on: c)
            let seen = p.type("name mal", on: c)
            p.checkError(.banned, in: seen)
            #expect(seen.last?.type == "bye")
            #expect(c.isClosed)
        case "unavailable":
            let ann = p.table.player("Ann")
            p.table.store.outage.store(true, ordering: .relaxed)
            p.expectError(.unavailable, "top", on: ann)
            p.expectError(.unavailable, "register s3cret", on: ann)
            p.table.store.outage.store(false, ordering: .relaxed)
            #expect(p.type("top", on: ann).first?["type"] as? String == "leaderboard", "back once the store is")
        default:
            return false
        }
        return true
    }
}
