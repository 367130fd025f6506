// swift-tools-version:6.0
// The hangman server: a multiplayer hangman game reached with telnet or nc.
// No package dependencies by design: only the toolchain's modules and the system's
// C libraries (sqlite3, libcrypt, libpq) through system library targets.
import PackageDescription

// CI (CI=true) and `scripts/check` build with warnings as errors; a newcomer's
// plain `swift test` does too when HANGMAN_WERROR=1 is set.
let env = Context.environment
let warningsAsErrors = env["CI"] == "true" || env["HANGMAN_WERROR"] == "1"
let swiftSettings: [SwiftSetting] = warningsAsErrors ? [.unsafeFlags(["-warnings-as-errors"])] : []

let package = Package(
    name: "Hangman",
    products: [
        .executable(name: "hangman-server", targets: ["hangman-server"]),
        .executable(name: "hangman-bench", targets: ["hangman-bench"]),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite", path: "Sources/CSQLite",
            providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(
            name: "CCrypt", path: "Sources/CCrypt",
            providers: [.apt(["libcrypt-dev"])]),
        // libpq, for a leaderboard shared by several servers on PostgreSQL.
        .systemLibrary(
            name: "CPostgres", path: "Sources/CPostgres",
            providers: [.apt(["libpq-dev"])]),
        // epoll (Linux): many sockets' read readiness behind one Dispatch source (HangmanNet's ReadinessSet).
        .systemLibrary(name: "CEpoll", path: "Sources/CEpoll"),
        // The rules: pure, deterministic, imports nothing from the platform.
        .target(name: "HangmanCore", swiftSettings: swiftSettings),
        // One lock for every module: a pthread mutex, which ThreadSanitizer sees (Synchronization.Mutex it does not).
        .target(name: "HangmanSync", swiftSettings: swiftSettings),
        // Transport: the only module that talks to the OS (sockets, signals, telnet, framing, limits).
        .target(name: "HangmanNet", dependencies: ["HangmanSync", "CEpoll"], swiftSettings: swiftSettings),
        // The leaderboard and accounts behind one Store: SQLite, PostgreSQL and an in-memory twin. It uses
        // HangmanCore (pure) for one thing: the rating model, applied inside the merge's transaction.
        .target(
            name: "HangmanStore", dependencies: ["HangmanCore", "HangmanSync", "CSQLite", "CCrypt", "CPostgres"],
            swiftSettings: swiftSettings),
        // The web page's HTTP as pure values: the request parser, the router, responses, HTML escaping.
        .target(name: "HangmanWeb", swiftSettings: swiftSettings),
        // Sessions, lobby, rooms, commands and rendering: the game as players meet it (and its web page).
        .target(
            name: "HangmanServer", dependencies: ["HangmanCore", "HangmanSync", "HangmanNet", "HangmanStore", "HangmanWeb"],
            swiftSettings: swiftSettings),
        // Test doubles shipped beside the code: an in-memory connection, a manual clock, an immediate
        // store and a whole table in memory (used by the tests; no sockets, no sleeping).
        .target(
            name: "HangmanTesting", dependencies: ["HangmanServer", "HangmanCore", "HangmanSync", "HangmanNet", "HangmanStore"],
            swiftSettings: swiftSettings),
        .executableTarget(name: "hangman-server", dependencies: ["HangmanServer", "HangmanSync"], swiftSettings: swiftSettings),
        // The load generator and micro-benchmarks (never timed assertions in `swift test`).
        .executableTarget(
            name: "hangman-bench", dependencies: ["HangmanCore", "HangmanNet", "HangmanStore"], swiftSettings: swiftSettings),
        .testTarget(name: "HangmanCoreTests", dependencies: ["HangmanCore"], swiftSettings: swiftSettings),
        .testTarget(name: "HangmanWebTests", dependencies: ["HangmanWeb"], swiftSettings: swiftSettings),
        .testTarget(name: "HangmanNetTests", dependencies: ["HangmanNet", "HangmanSync"], swiftSettings: swiftSettings),
        .testTarget(
            name: "HangmanStoreTests", dependencies: ["HangmanStore", "HangmanSync", "HangmanCore"], swiftSettings: swiftSettings),
        .testTarget(
            name: "HangmanServerTests",
            dependencies: ["HangmanServer", "HangmanCore", "HangmanSync", "HangmanNet", "HangmanStore", "HangmanTesting"],
            swiftSettings: swiftSettings),
    ]
)
