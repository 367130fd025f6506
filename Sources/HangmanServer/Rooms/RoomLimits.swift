import HangmanCore

/// The server's settings a room's rules read, fixed when the room is made (`Room` builds them from
/// `ServerConfig`; a test gives its own). A value the rules never change: `RoomState.limits` is a `let`.
struct RoomLimits {
    /// Seconds a dropped player's seat is kept (`grace-seconds`; 0: freed at once).
    var graceSeconds = 60
    /// Seconds before a turn's end that `turn_warning` comes (`turn-warning-seconds`).
    var turnWarningSeconds = 10
    /// Turn time-outs in a row that mark a player away (`away-after-timeouts`; 0: never).
    var awayAfterTimeouts = 2
    /// Setter mode: seconds the setter has to set the word (`setter-seconds`).
    var setterSeconds = 60
    /// Setter mode: the longest hint a setter may give, in characters (`setter-hint-chars`).
    var setterHintChars = 80
    /// Setter mode: words no setter may set.
    var blocklist = Blocklist()
    /// Seconds between two notices of spectators coming and going (`spectator-notice-seconds`).
    var spectatorNoticeSeconds = 1
    /// Rated games a rating is provisional for (`rating-provisional-games`), as `rating_change` says.
    var ratingProvisionalGames = ServerConfig().ratingProvisionalGames
    /// The most words a room may have of its own (`room-words-max`).
    var ownWordsMax = 200
    /// The longest a start waits for the last game's save (`store-timeout-ms`, in whole seconds).
    var storeWaitSeconds = 3
    /// Vote-kicks' window, bar and gap (`votekick-seconds`, `votekick-ban-minutes`, `votekick-start-seconds`).
    var voteKick = VoteKick.Limits(windowSeconds: 60, barMinutes: 10, startGapSeconds: 60)

    /// The limits `config` sets, with the server's `blocklist`.
    init(_ config: ServerConfig, blocklist: Blocklist) {
        graceSeconds = config.graceSeconds
        turnWarningSeconds = config.turnWarningSeconds
        awayAfterTimeouts = config.awayAfterTimeouts
        setterSeconds = config.setterSeconds
        setterHintChars = config.setterHintChars
        self.blocklist = blocklist
        spectatorNoticeSeconds = config.spectatorNoticeSeconds
        ratingProvisionalGames = config.ratingProvisionalGames
        ownWordsMax = config.roomWordsMax
        storeWaitSeconds = (config.storeTimeoutMilliseconds + 999) / 1000
        voteKick = VoteKick.Limits(
            windowSeconds: config.votekickSeconds, barMinutes: config.votekickBanMinutes,
            startGapSeconds: config.votekickStartSeconds)
    }

    /// The defaults, with a test's grace period and turn warning.
    init(graceSeconds: Int = 60, turnWarningSeconds: Int = 10) {
        self.graceSeconds = graceSeconds
        self.turnWarningSeconds = turnWarningSeconds
    }
}
