import HangmanServer
import HangmanTesting
import Testing

/// The welcome banner counts the players online when the connection opens (in memory). The welcome
/// goes out before a client can ask for JSON, so `players_online` is checked in the renderer
/// (LoginAndErrorTests.welcomeInJSONCountsPlayers) and the count here, on the text banner.
@Suite(.ownThread) struct WelcomeTests {
    static func welcome(_ table: TestTable) -> String {
        let connection = MemoryConnection(port: 60_000)
        connection.open(table.server.makeSession(for: connection))
        for _ in 0..<3 {
            table.settle()
            connection.queue.sync {}
        }
        return connection.takeText()
    }

    @Test func theBannerCountsThePlayersOnline() {
        let table = TestTable(words: ["ab"])
        #expect(Self.welcome(table).contains("Welcome to hangman-server"))
        #expect(Self.welcome(table).contains(" 0 players online."), "connections at the name prompt are not players")
        _ = table.player("Ann")
        #expect(Self.welcome(table).contains(" 1 player online."))
        let bob = table.player("bob")
        #expect(Self.welcome(table).contains(" 2 players online."))
        bob.hangUp()
        table.settle()
        #expect(Self.welcome(table).contains(" 1 player online."), "a dropped player is not online")
    }

    /// The count is kept as the lobby's entries change (not counted at each connection): it follows
    /// a comeback, a takeover, a quit and house bots (never counted) exactly.
    @Test func theCountFollowsComebacksTakeoversQuitsAndBots() {
        let table = TestTable(words: ["ab"])
        let ann = table.player("Ann")
        let bob = table.player("bob")
        bob.hangUp()
        table.settle()
        #expect(Self.welcome(table).contains(" 1 player online."))
        _ = table.player("bob")
        #expect(Self.welcome(table).contains(" 2 players online."), "bob came back")
        _ = table.player("Bob")
        #expect(Self.welcome(table).contains(" 2 players online."), "a takeover replaces bob's session, not adds one")
        table.type("create home", on: ann)
        table.type("bot add easy", on: ann)
        table.type("bot add strong", on: ann)
        table.settle()
        #expect(Self.welcome(table).contains(" 2 players online."), "house bots are not players")
        table.type("quit", on: ann)
        table.settle()
        #expect(Self.welcome(table).contains(" 1 player online."), "ann quit; her bots left with her")
    }
}
