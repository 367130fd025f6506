import Foundation
import HangmanNet
import HangmanServer
import HangmanStore
import HangmanTesting
import Testing

/// Operators, bans, mutes and address bans on a whole table in memory (issue 33): who may use them,
/// what the players see, and that a mute ends by itself on the manual clock.
@Suite(.ownThread) struct ModerationTableTests {
    let table = TestTable(words: ["ab"]) { $0.operators = ["op"] }

    /// `op` registered and logged in with its password, JSON; output read.
    func operatorLogin() -> MemoryConnection {
        table.store.register(name: "op", password: "0p-secret") { _ in }
        let op = table.connect()
        for line in ["json", "name op", "password 0p-secret"] { table.type(line, on: op) }
        _ = op.events()
        return op
    }

    func lastError(_ connection: MemoryConnection) -> [String: Any]? { connection.events().last { $0.type == "error" } }

    @Test func aPlainPlayerAndAnUnregisteredLookAlikeAreRefused() {
        let ann = table.player("ann")
        table.type("ban bob 1h", on: ann)
        #expect(lastError(ann)?["code"] as? String == "not_allowed")
        // `op` is unregistered here: nobody may take the name (and so nobody can register it from the
        // game); before the fix a look-alike logged in as `op` and could register it.
        let lookAlike = table.connect()
        for line in ["json", "name op"] { table.type(line, on: lookAlike) }
        let refused = lookAlike.events()
        #expect(refused.last { $0.type == "error" }?["code"] as? String == "not_allowed", "\(refused)")
        #expect(refused.last?.type == "prompt" && refused.last?["for"] as? String == "name", "asked for another name")
        #expect(!refused.contains { $0.type == "logged_in" })
        table.type("name OP", on: lookAlike)
        #expect(lastError(lookAlike)?["code"] as? String == "not_allowed", "whatever the case")
        table.type("name opal", on: lookAlike)
        #expect(lookAlike.events().contains { $0.type == "logged_in" })
        table.type("say still free", on: ann)
        #expect(ann.events().contains { $0.type == "chat" }, "nothing was muted")
    }

    /// A passed vote-kick is an entry of the stored moderation log, which `modlog` shows (before the
    /// fix it went only to the server's log, as an error line).
    @Test func aPassedVoteKickIsInTheModerationLog() {
        let (ann, bob, cy, mal) = (table.player("ann"), table.player("bob"), table.player("cy"), table.player("mal"))
        table.seat(ann, bob, cy, mal, in: "home")
        table.type("votekick mal", on: ann)
        table.type("votekick mal", on: bob)
        #expect(ann.events().contains { $0.type == "votekick" && $0["passed"] as? Bool == true })
        let op = operatorLogin()
        table.type("modlog", on: op)
        let entries = op.events().last { $0.type == "modlog" }?["entries"] as? [[String: Any]]
        let entry = entries?.first
        #expect(
            entry?["action"] as? String == "votekick" && entry?["target"] as? String == "mal", "\(String(describing: entries))")
        #expect(entry?["by"] as? String == "bob" && (entry?["detail"] as? String)?.contains("home") == true)
        #expect(entry?["at"] as? Int == Int(table.clock.wallSeconds))
    }

    /// The login's ban check is one keyed read, not a read of every sanction: with the read of all of
    /// them held back (before the fix the login waited on it for ever), a ban stored by another server
    /// still refuses the login, and a name without one logs in.
    @Test func aLoginAsksTheStoreForItsOwnBanOnly() {
        table.store.holdSanctions.store(true, ordering: .relaxed)
        defer { table.store.releaseSanctions() }
        let ban = StoredSanction(kind: "ban", key: "mal", target: "mal", by: "op", reason: "spam", since: 0, until: nil)
        table.store.inner.saveSanction(ban) { _ in }
        let mal = table.connect()
        for line in ["json", "name Mal"] { table.type(line, on: mal) }
        #expect(lastError(mal)?["code"] as? String == "banned")
        #expect(mal.isClosed)
        let ann = table.player("ann")
        table.type("say hi", on: ann)
        #expect(!ann.isClosed && ann.events().contains { $0.type == "chat" }, "a name without a ban logs in")
    }

    @Test func helpListsOperatorCommandsToOperatorsOnly() {
        let ann = table.player("ann")
        table.type("help", on: ann)
        let theirs = ann.events().first { $0.type == "help" }?["commands"] as? [[String: Any]]
        #expect(theirs?.contains { $0["name"] as? String == "ban" } == false)
        let op = operatorLogin()
        table.type("help", on: op)
        let ours = op.events().first { $0.type == "help" }?["commands"] as? [[String: Any]]
        #expect(ours?.contains { $0["name"] as? String == "ban" && $0["access"] as? String == "operator" } == true)
    }

    @Test func aMuteSilencesThenEndsByItself() {
        let op = operatorLogin()
        let ann = table.player("ann")
        let mal = table.player("mal")
        table.seat(ann, mal, in: "home")
        _ = ann.events()
        table.type("mute mal 10m spamming", on: op)
        #expect(mal.events().contains { ($0["message"] as? String)?.hasPrefix("You are muted until") == true })
        table.type("say buy gold", on: mal)
        let refusal = lastError(mal)
        #expect(refusal?["code"] as? String == "muted")
        #expect(
            (refusal?["message"] as? String)?.contains("until 2023-11-14 22:23 UTC") == true, "\(String(describing: refusal))")
        #expect(!ann.events().contains { $0.type == "chat" }, "nobody else gets a muted line")
        table.advance(by: 599)
        table.type("say still here", on: mal)
        #expect(lastError(mal)?["code"] as? String == "muted")
        table.advance(by: 1)
        table.type("say sorry", on: mal)
        #expect(ann.events().contains { $0.type == "chat" && $0["text"] as? String == "sorry" }, "the mute ended")
    }

    @Test func aBanClosesTheOnlinePlayerReleasesTheSeatAndRefusesTheLogin() {
        let op = operatorLogin()
        let ann = table.player("ann")
        let mal = table.player("mal")
        table.seat(ann, mal, in: "home")
        _ = ann.events()
        table.type("ban MAL 2h flooding the chat", on: op)
        let bye = mal.events().last
        #expect(bye?.type == "bye")
        #expect((bye?["message"] as? String)?.contains("flooding the chat") == true)
        #expect(mal.isClosed)
        table.type("who", on: ann)
        let who = ann.events().last { $0.type == "who" }
        #expect((who?["players"] as? [[String: Any]])?.count == 1, "the seat is released")

        let again = table.connect()
        table.type("json", on: again)
        table.type("name mal", on: again)
        let seen = again.events()
        let error = seen.first { $0.type == "error" }
        #expect(error?["code"] as? String == "banned")
        #expect((error?["message"] as? String)?.contains("flooding the chat") == true)
        #expect((error?["message"] as? String)?.contains("until 2023-11-15 00:13 UTC") == true, "\(String(describing: error))")
        #expect(seen.last?.type == "bye" && again.isClosed)

        table.type("unban mal", on: op)
        let back = table.player("mal")
        #expect(!back.isClosed, "unbanned: logs in again")
        table.type("modlog", on: op)
        let log = op.events().last { $0.type == "modlog" }?["entries"] as? [[String: Any]]
        #expect(log?.map { $0["action"] as? String } == ["unban", "ban"])
        #expect(log?.last?["by"] as? String == "op" && log?.last?["detail"] as? String == "2h flooding the chat")
    }

    @Test func anAddressBanRefusesBeforeTheNamePromptAndEnds() {
        let op = operatorLogin()
        table.type("ban-address 198.51.100.0/24 30s", on: op)
        let refused = table.connect(address: "198.51.100.9")
        #expect(refused.isClosed)
        #expect(table.connect(address: "198.51.101.9").isClosed == false)
        table.advance(by: 30)
        #expect(table.connect(address: "198.51.100.9").isClosed == false, "the ban ended")
    }

    @Test func announcementsReachEveryone() {
        let op = operatorLogin()
        let ann = table.player("ann")
        let bob = table.player("bob")
        table.seat(ann, bob, in: "home")
        let cy = table.player("cy")
        table.type("announce restart at six", on: op)
        for player in [ann, bob, cy] {
            #expect(player.events().contains { $0.type == "announcement" && $0["text"] as? String == "restart at six" })
        }
    }
}

/// `modlog-max` at its edge, and the `operators` setting as the config reads it.
@Suite(.ownThread) struct ModerationLimitTests {
    @Test func modlogShowsAtMostModlogMax() {
        let table = TestTable(words: ["ab"]) {
            $0.operators = ["op"]
            $0.modlogMax = 2
        }
        table.store.register(name: "op", password: "0p-secret") { _ in }
        let op = table.connect()
        for line in ["json", "name op", "password 0p-secret", "mute a 1m", "mute b 1m"] { table.type(line, on: op) }
        _ = op.events()
        func shown(_ line: String) -> [String?] {
            table.type(line, on: op)
            let entries = op.events().last { $0.type == "modlog" }?["entries"] as? [[String: Any]]
            return entries?.map { $0["target"] as? String } ?? []
        }
        #expect(shown("modlog") == ["b", "a"], "at the limit: all")
        table.type("mute c 1m", on: op)
        #expect(shown("modlog") == ["c", "b"], "past it: the oldest dropped")
        #expect(shown("modlog 5") == ["c", "b"], "n is capped at modlog-max")
        #expect(shown("modlog 1") == ["c"])
    }

    @Test func operatorsAreReadAsNames() throws {
        let noFile: (String) throws -> Data = { _ in throw CocoaError(.fileNoSuchFile) }
        guard
            case .run(let config) = try ServerConfig.load(
                arguments: ["--operators", "ann, Bob"], environment: [:], readFile: noFile)
        else { Issue.record("not a run"); return }
        #expect(config.operators == ["ann", "Bob"])
        #expect(throws: ConfigError.self) {
            try ServerConfig.load(arguments: ["--operators", "ann,no spaces!"], environment: [:], readFile: noFile)
        }
        #expect(throws: ConfigError.self) {
            try ServerConfig.load(arguments: ["--modlog-max", "0"], environment: [:], readFile: noFile)
        }
        guard case .run(let edge) = try ServerConfig.load(arguments: ["--modlog-max", "1"], environment: [:], readFile: noFile)
        else { Issue.record("not a run"); return }
        #expect(edge.modlogMax == 1)
    }
}
