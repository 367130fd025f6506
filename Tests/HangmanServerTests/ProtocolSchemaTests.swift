import Foundation
import HangmanCore
import HangmanStore
import Testing

@testable import HangmanServer

/// docs/protocol.schema.json describes every JSON event: each `Outbound` case, rendered with sample
/// values (nulls and optional fields both ways), validates; a new case without a sample fails to
/// compile (`caseName` is exhaustive) or fails `everyCaseHasASample`.
@Suite(.ownThread) struct ProtocolSchemaTests {
    static func caseName(_ event: Outbound) -> String {
        switch event {
        case .welcome: "welcome"
        case .prompt: "prompt"
        case .loggedIn: "loggedIn"
        case .state: "state"
        case .guess: "guess"
        case .turn: "turn"
        case .turnWarning: "turnWarning"
        case .turnTimeout: "turnTimeout"
        case .roundOver: "roundOver"
        case .gameOver: "gameOver"
        case .chat: "chat"
        case .joined: "joined"
        case .left: "left"
        case .spectators: "spectators"
        case .host: "host"
        case .rooms: "rooms"
        case .settings: "settings"
        case .hint: "hint"
        case .roomWords: "roomWords"
        case .settingChanged: "settingChanged"
        case .kicked: "kicked"
        case .away: "away"
        case .wordPrompt: "wordPrompt"
        case .progress: "progress"
        case .gameStarted: "gameStarted"
        case .saved: "saved"
        case .who: "who"
        case .leaderboard: "leaderboard"
        case .ratingBoard: "ratingBoard"
        case .highscores: "highscores"
        case .celebration: "celebration"
        case .history: "history"
        case .stats: "stats"
        case .gameDetail: "gameDetail"
        case .help: "help"
        case .info: "info"
        case .error: "error"
        case .goodbye: "goodbye"
        case .monthStanding: "monthStanding"
        case .sanctions: "sanctions"
        case .modlog: "modlog"
        case .announcement: "announcement"
        case .votekick: "votekick"
        case .ratingChange: "ratingChange"
        }
    }
    /// Every case `Outbound` declares, read from its source (a new case is in it on its own).
    static let allCaseNames = Set(DeclaredCases.of("Outbound", in: "Sources/HangmanServer/Render/Outbound.swift"))

    static var samples: [Outbound] {
        let players = [PlayerView(name: "ann", score: 12, connected: true), PlayerView(name: "bob", score: 0, connected: false)]
        let snapshot = RoomSnapshot(
            room: "home", status: .playing, mode: "evil", difficulty: "hard", round: 1, rounds: 3, pattern: "_a_", misses: 2,
            maxMisses: 6, guessed: ["a", "e"], available: ["b", "c"], turn: "ann", turnSecondsLeft: 42, players: players,
            spectators: 1, host: "ann", isPrivate: false)
        var hinted = snapshot
        hinted.category = "animals"
        hinted.hint = "nocturnal burrowing mammal of the grasslands of Africa that…"
        var idle = snapshot
        idle.status = .waiting
        idle.turn = nil
        idle.turnSecondsLeft = nil
        idle.host = nil
        var setting = snapshot
        setting.setter = "bob"
        setting.awaitingWord = true
        setting.turn = nil
        var racing = snapshot
        let racer = RaceView(name: "ann", found: 2, length: 5, misses: 1, maxMisses: 7, status: .racing)
        racing.race = [racer, RaceView(name: "bob", found: 0, length: 5, misses: 7, maxMisses: 7, status: .out)]
        var teamed = snapshot
        teamed.mode = "teams"
        teamed.players = players.enumerated().map { index, player in
            var member = player
            member.team = index % 2 + 1
            return member
        }
        teamed.teams = [TeamView(team: 2, score: 12, place: 1), TeamView(team: 1, score: 9, place: 2)]
        var evil = Settings()
        evil.mode = .evil
        evil.turnSeconds = nil
        var sized = Settings()
        sized.length = 5
        sized.category = "animals"
        let entry = LeaderboardEntry(rank: 1, name: "ann", score: 99, games: 3, wins: 2)
        let record = GameRecord(
            room: "home", mode: "classic", difficulty: "custom",
            rounds: [
                RoundRecord(word: "cat", won: true, mistakes: 1, solver: "ann"),
                RoundRecord(word: "dog", won: false, mistakes: 7),
            ],
            results: [PlayerResult(name: "ann", score: 10, rank: 1, solved: 1, failed: 1)], started: 1, ended: 2)
        let events: [Outbound] = [
            .welcome(server: "hangman-server", version: "1.0.0", playersOnline: 3),
            .prompt(for: "name"), .prompt(for: "password"),
            .loggedIn(name: "ann", registered: true, resumed: false),
            .loggedIn(name: "bo", registered: false, resumed: false, resumeToken: "482193"),
            .state(snapshot), .state(idle), .state(setting), .state(racing),
            .wordPrompt(room: "home", round: 2, seconds: 60, minLength: 2, maxLength: 64, hintChars: 80),
            .progress(room: "home", mode: .race, racer),
            .state(hinted), .state(teamed),
            .gameOver(room: "home", ranking: teamed.players, gameID: 8, sync: .saved, note: nil),
            .hint(room: "home", player: "ann", text: "a large cat", cost: 1),
            .hint(room: "home", player: "ann", text: "a large cat", cost: 0),
            .roomWords(room: "home", count: 3, by: "ann", added: 3), .roomWords(room: "home", count: 0, by: nil, added: 0),
            .guess(room: "home", player: "ann", letter: "a", word: nil, hit: true, count: 1, points: 5, board: nil),
            .guess(room: "home", player: "ann", letter: nil, word: "cat", hit: false, count: 0, points: 0, board: nil),
            .turn(room: "home", player: "ann", seconds: 60), .turn(room: "home", player: nil, seconds: nil),
            .turnWarning(room: "home", player: "ann", secondsLeft: 10),
            .turnTimeout(room: "home", player: "ann"),
            .roundOver(room: "home", round: 1, word: "cat", won: true, solver: "ann", mistakes: 2),
            .roundOver(room: "home", round: 2, word: "dog", won: false, solver: nil, mistakes: 7),
            .gameOver(room: "home", ranking: players, gameID: 7, sync: .saved, note: nil),
            .gameOver(room: "home", ranking: players, gameID: nil, sync: .retrying, note: "kept and retried"),
            .gameOver(room: "home", ranking: [], gameID: nil, sync: .queued, note: "will be synced"),
            .chat(room: "home", from: "ann", text: "hi"), .chat(room: nil, from: "ann", text: "hi"),
            .joined(room: "home", player: "bob", spectator: false),
            .left(room: "home", player: "bob", reason: nil), .left(room: "home", player: "bob", reason: "kicked by ann"),
            .spectators(room: "home", started: 3, stopped: 1, watching: 2),
            .host(room: "home", player: "bob"),
            .rooms([
                RoomSummary(
                    name: "home", players: 2, seats: 8, spectators: 1, mode: "classic", difficulty: "custom", status: .waiting,
                    isPrivate: true)
            ]),
            .settings(room: "home", settings: Settings(), pending: false),
            .settings(room: "home", settings: evil, pending: true),
            .settings(room: "home", settings: sized, pending: false),
            .settingChanged(room: "home", key: "misses", value: .int(3), shown: "3", nextRound: true, by: "ann"),
            .settingChanged(room: "home", key: "mode", value: .text("evil"), shown: "evil", nextRound: false, by: "ann"),
            .settingChanged(room: "home", key: "turn", value: .none, shown: "off", nextRound: false, by: "ann"),
            .settingChanged(room: "home", key: "category", value: .text("animals"), shown: "animals", nextRound: true, by: "ann"),
            .settingChanged(room: "home", key: "category", value: .none, shown: "none", nextRound: false, by: "ann"),
            .kicked(room: "home", by: "ann"),
            .away(room: "home", player: "bob", away: true, missedTurns: 2),
            .away(room: "home", player: "bob", away: false, missedTurns: 0),
            .gameStarted(room: "home", by: "ann", rounds: 3),
            .saved(room: "home", game: 8),
            .who(room: "home", players: players, spectators: ["cy"], lobby: ["dee"], host: "ann"),
            .who(room: nil, players: [], spectators: [], lobby: ["dee"], host: nil),
            .leaderboard(entries: [entry], mine: nil), .leaderboard(entries: [entry], mine: entry),
            .ratingBoard(
                entries: [
                    RatingBoardEntry(rank: 1, name: "ann", rating: PlayerRating(rating: Rating(mu: 31.2, sigma: 2.4), games: 9))
                ],
                mine: RatingBoardEntry(rank: 7, name: "bob", rating: PlayerRating(rating: Rating(mu: -2, sigma: 1), games: 5))),
            .ratingBoard(entries: [], mine: nil),
            .leaderboard(entries: [entry], mine: entry, month: "2026-05"), .leaderboard(entries: [], mine: nil, month: "2026-05"),
            .monthStanding(
                room: "home", month: "2026-05", MonthlyStanding(name: "ann", rank: 3, players: 41, score: 120, games: 4, wins: 2)),
            .ratingChange(room: "home", RatingChangeView(before: 0, after: 2.6436, games: 1, provisionalGames: 5)),
            .ratingChange(room: "home", RatingChangeView(before: 24.03, after: 23.5, games: 12, provisionalGames: 5)),
            .highscores(
                entries: [
                    HighScore(
                        rank: 1, name: "ann", score: 30, gameID: 4, words: ["cat", "dog"], mistakes: 3, solved: 2,
                        difficulty: "custom", failed: false)
                ], highlight: 4),
            .highscores(entries: [], highlight: nil),
            .celebration(player: "ann", rank: 1, score: 30),
            .history(
                player: "ann", entries: [HistoryEntry(gameID: 4, ended: 5, room: "home", word: "cat", mistakes: 1, won: true)]),
            .stats(
                PlayerStats(
                    name: "ann", games: 3, wins: 2, score: 30, best: 20, solved: 4, failed: 1, rank: 1,
                    rating: PlayerRating(rating: Rating(mu: 27.6, sigma: 8.07), games: 2)), provisionalGames: 5),
            .stats(
                PlayerStats(name: "ann", games: 0, wins: 0, score: 0, best: 0, solved: 0, failed: 0, rank: nil),
                provisionalGames: 5),
            .gameDetail(GameDetail(id: 4, record: record)),
            .help(topic: nil, text: []), .help(topic: "join", text: []), .help(topic: "ban", text: [], operator: true),
            .sanctions([], addresses: []),
            .sanctions(
                [
                    Sanction(kind: .ban, target: "mal", by: "ann", reason: "flood", since: 10, until: 70),
                    Sanction(kind: .mute, target: "bob", by: "ann", reason: "", since: 10, until: nil),
                ],
                addresses: [
                    AddressBan("203.0.113.0/24", by: "ann", since: 10, until: nil),
                    AddressBan("2001:db8::1", by: "ann", since: 10, until: 99),
                ].compactMap { $0 }),
            .modlog([]),
            .modlog([ModerationEntry(at: 10, by: "ann", action: .banAddress, target: "203.0.113.0/24", detail: "1h")]),
            .announcement(from: "ann", text: "restart at six"),
            .votekick(room: "home", target: "mal", by: "ann", yes: 1, needed: 2, passed: false),
            .info("hello"),
            .error(code: .noSuchPlayer, message: "nobody is not in home"),
            .goodbye("bye"),
        ]
        let errors: [Outbound] = ErrorCode.allCases.map { Outbound.error(code: $0, message: $0.rawValue) }
        return events + errors
    }

    @Test func everyCaseHasASample() {
        #expect(Set(Self.samples.map(Self.caseName)) == Self.allCaseNames)
    }

    @Test func everyRenderedEventValidates() throws {
        let schema = try #require(TestClient.schema, "docs/protocol.schema.json loads and uses only supported keywords")
        for event in Self.samples {
            let line = String(decoding: Renderer.render(event, style: .json), as: UTF8.self)
                .trimmingCharacters(in: .newlines)
            #expect(schema.problems(line: line).isEmpty, "\(schema.problems(line: line)) in \(line)")
        }
    }

    @Test func theSchemaRejectsWhatItShould() throws {
        let schema = try #require(TestClient.schema)
        #expect(
            !schema.problems(
                line: #"{"type":"setting","room":"r","key":"misses","value":"6 (hard)x","applies":"later","by":"a"}"#
            ).isEmpty)
        #expect(!schema.problems(line: #"{"type":"error","code":"made_up","message":"m"}"#).isEmpty)
        #expect(!schema.problems(line: #"{"type":"no_such_event"}"#).isEmpty)
        #expect(!schema.problems(line: #"{"type":"info","message":"m","extra":1}"#).isEmpty)
    }
}
