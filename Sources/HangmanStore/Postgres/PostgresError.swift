import Foundation

/// An error reported by libpq or the PostgreSQL server, with its SQLSTATE when there is one.
struct PostgresError: StoreFailure, Sendable {
    /// The five-character SQLSTATE (`23505`, `40P01`, …), nil for a client-side failure.
    var sqlState: String?
    /// libpq's or the server's message (may quote SQL: logged, never shown to players).
    var message: String
    /// True when the connection to the server is gone (it is reset before the next call).
    var connectionLost: Bool

    var description: String {
        "\(message.trimmingCharacters(in: .whitespacesAndNewlines))" + (sqlState.map { " (SQLSTATE \($0))" } ?? "")
    }

    var storeError: StoreError {
        if connectionLost { return .unavailable }
        switch sqlState?.prefix(2) {
        case "08", "57": return .unavailable  // connection exception, operator intervention (shutdown, timeout)
        case "53": return .io("database out of resources")
        case "40": return .io("database busy")
        case "25": return .io("database read-only")
        default: return .io("database error \(sqlState ?? "client")")
        }
    }
}
