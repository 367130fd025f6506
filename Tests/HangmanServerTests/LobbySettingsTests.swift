import Foundation
import HangmanTesting
import Testing

@testable import HangmanServer

/// `settings` typed in the lobby: JSON `settings.room` is the fixed string `your new rooms`, not a
/// room name or null (a wire shape clients may rely on, kept), and docs/PROTOCOL.md says what it
/// means; the text answer says which of them a quick room keeps.
@Suite(.ownThread) struct LobbySettingsTests {
    @Test func theLobbysRoomFieldIsTheDocumentedLiteral() throws {
        #expect(Outbound.newRooms == "your new rooms")
        #expect(CommandParser.validateRoomName(Outbound.newRooms) != nil, "no room can be named so")
        let table = TestTable(words: ["ab"])
        let ann = table.player("Ann")
        table.type("leave", on: ann)
        _ = ann.events()
        table.type("settings", on: ann)
        #expect(ann.events().first?["room"] as? String == Outbound.newRooms)

        let document = try String(contentsOf: CommandDocumentTests.protocolDocument, encoding: .utf8)
        #expect(
            document.contains("`room` is the string `\(Outbound.newRooms)`"), "docs/PROTOCOL.md explains the lobby's settings")
    }

    @Test func theTextAnswerSaysWhatAQuickRoomKeeps() {
        let table = TestTable(words: ["ab"])
        let ann = table.player("Ann", json: false)
        table.type("leave", on: ann)
        _ = ann.takeText()
        table.type("settings", on: ann)
        let screen = ann.takeText()
        #expect(screen.contains("Settings of your new rooms:"), "\(screen)")
        #expect(screen.contains("A quick room you open (play) keeps the words"), "\(screen)")
    }
}
